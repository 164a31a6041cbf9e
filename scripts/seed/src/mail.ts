/**
 * Reads sign-up codes from MailDev's REST API (the local stack's mail catcher). One poll serves
 * every member waiting for a code, so the inbox is fetched a few times a second at most.
 */

interface Mail {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string }[];
  date: string;
}

interface Waiter {
  to: string;
  since: number;
  deadline: number;
  resolve: (found: { code: string; ids: string[] }) => void;
  reject: (err: Error) => void;
}

const CODE = /verification code is:?\s*(\d{6})/i;
const POLL_MS = 300;

export class MailBox {
  private waiters = new Set<Waiter>();
  private polling = false;

  constructor(private readonly base: string) {}

  /**
   * The newest sign-up code sent to `to` at or after `since` (ms since epoch), with the ids of all
   * code e-mails to that address (to discard once verified).
   */
  waitForCode(
    to: string,
    since: number,
    timeoutMs = 30_000,
  ): Promise<{ code: string; ids: string[] }> {
    return new Promise((resolve, reject) => {
      this.waiters.add({
        to: to.toLowerCase(),
        since,
        deadline: Date.now() + timeoutMs,
        resolve,
        reject,
      });
      if (!this.polling) void this.poll();
    });
  }

  /** Removes code e-mails once used, so the local inbox keeps only what people sent. */
  async discard(ids: string[]): Promise<void> {
    await Promise.all(
      ids.map((id) =>
        fetch(`${this.base}/email/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(
          () => undefined,
        ),
      ),
    );
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        let mails: Mail[] = [];
        let failure: string | undefined;
        try {
          const res = await fetch(`${this.base}/email`, { signal: AbortSignal.timeout(10_000) });
          if (res.ok) mails = (await res.json()) as Mail[];
          else failure = `MailDev answered ${res.status}`;
        } catch (err) {
          failure = `MailDev is unreachable at ${this.base} (${(err as Error).message})`;
        }
        for (const w of [...this.waiters]) {
          const found = this.match(mails, w);
          if (found) {
            this.waiters.delete(w);
            w.resolve(found);
          } else if (Date.now() > w.deadline || failure?.startsWith('MailDev is unreachable')) {
            this.waiters.delete(w);
            w.reject(new Error(failure ?? `no verification e-mail reached ${w.to} in time`));
          }
        }
        if (this.waiters.size > 0) await new Promise((r) => setTimeout(r, POLL_MS));
      }
    } finally {
      this.polling = false;
    }
  }

  private match(mails: Mail[], w: Waiter): { code: string; ids: string[] } | undefined {
    const codeMails = mails
      .filter(
        (m) =>
          m.to.some((t) => t.address.toLowerCase() === w.to) && CODE.test(m.text ?? m.html ?? ''),
      )
      .sort((a, b) => Date.parse(b.date) - Date.parse(a.date));
    const newest = codeMails[0];
    if (!newest || Date.parse(newest.date) < w.since - 1000) return undefined;
    const code = CODE.exec(newest.text ?? newest.html ?? '')?.[1];
    return code ? { code, ids: codeMails.map((m) => m.id) } : undefined;
  }
}
