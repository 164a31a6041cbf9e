import { randomUUID } from 'node:crypto';
import { AppError } from '@swapbooth/service-kit';
import type { EmailVerification } from './email-verification';
import { domainEvent } from '@swapbooth/event-bus';
import type { PasswordHasher } from './ports';
import type { UserRepository } from './user-repository';

export interface SignUpResult {
  userId: string;
  email: string;
  codeSent: boolean;
}

/** Creates an unverified e-mail account and sends its first code. */
export class SignUp {
  constructor(
    private readonly users: Pick<UserRepository, 'create'>,
    private readonly hasher: Pick<PasswordHasher, 'hash'>,
    private readonly verification: Pick<EmailVerification, 'sendCode'>,
  ) {}

  async register(email: string, password: string): Promise<SignUpResult> {
    const id = randomUUID();
    const passwordHash = await this.hasher.hash(password);
    const outcome = await this.users.create(
      { id, email, emailVerified: false, passwordHash, authMethod: 'email', profile: {} },
      [domainEvent('user.registered', id, { userId: id, email, authMethod: 'email' })],
    );
    if (outcome === 'duplicate') {
      throw AppError.conflict(
        'An account with this e-mail already exists. Sign in, or reset your password.',
      );
    }
    let codeSent = true;
    try {
      await this.verification.sendCode({ id, email });
    } catch (err) {
      // The account exists either way; the member can ask for a code again later.
      if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
      codeSent = false;
    }
    return { userId: id, email, codeSent };
  }
}
