import { Api, ApiError, type Envelope, type Reply, type RequestOptions } from './http';
import type { MailBox } from './mail';
import type { Member } from './people';

interface SignedIn {
  token: string;
  user: { user_id: string };
}

export type AccountOutcome = 'existing' | 'registered' | 'verified';

/**
 * One member's signed-in session. Signs in first; registers and verifies through the e-mailed code
 * only when the account is missing or unverified. Signs in again when the access token expires.
 */
export class Session {
  token = '';
  userId = '';

  constructor(
    readonly member: Member,
    private readonly password: string,
    private readonly auth: Api,
    private readonly mail: MailBox,
  ) {}

  async open(): Promise<AccountOutcome> {
    const { email } = this.member;
    const startedAt = Date.now();
    const login = await this.auth.request<SignedIn & { otp_sent?: boolean }>(
      'POST',
      '/api/auth/login',
      { body: { email, password: this.password, authMethod: 'email' }, accept: [401, 403] },
    );
    if (login.status === 200) {
      this.adopt(login.body);
      return 'existing';
    }
    if (login.status === 403) {
      if (login.body.code !== 'email_not_verified') {
        throw new Error(`sign-in of ${email} answered 403: ${login.body.message ?? ''}`);
      }
      // A fresh code was sent, unless this address asked too often; then the last one may do.
      await this.verify(login.body.data?.otp_sent === false ? 0 : startedAt);
      return 'verified';
    }
    const registeredAt = Date.now();
    const reg = await this.auth.request<{ otp_sent?: boolean }>('POST', '/api/auth/register', {
      body: { email, password: this.password, authMethod: 'email' },
      accept: [409],
    });
    if (reg.status === 409) {
      throw new Error(
        `${email} already exists with another password (set SEED_PASSWORD to the one it was created with)`,
      );
    }
    await this.verify(reg.body.data?.otp_sent === false ? 0 : registeredAt);
    return 'registered';
  }

  private async verify(since: number): Promise<void> {
    const { code, ids } = await this.mail.waitForCode(this.member.email, since);
    const res = await this.auth.request<SignedIn>('POST', '/api/auth/verify-otp', {
      body: { email: this.member.email, otp: code },
    });
    this.adopt(res.body);
    await this.mail.discard(ids);
  }

  private adopt(body: Envelope<SignedIn>): void {
    const token = body.data?.token;
    const userId = body.data?.user?.user_id;
    if (!token || !userId) throw new Error(`sign-in of ${this.member.email} returned no token`);
    this.token = token;
    this.userId = userId;
  }

  /** A request with this member's token; on a 401 (token expired) signs in once more and retries. */
  async call<T>(
    api: Api,
    method: string,
    path: string,
    opts: Omit<RequestOptions, 'token'> = {},
  ): Promise<Reply<T>> {
    try {
      return await api.request<T>(method, path, { ...opts, token: this.token });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status !== 401) throw err;
      const login = await this.auth.request<SignedIn>('POST', '/api/auth/login', {
        body: { email: this.member.email, password: this.password, authMethod: 'email' },
      });
      this.adopt(login.body);
      return api.request<T>(method, path, { ...opts, token: this.token });
    }
  }
}
