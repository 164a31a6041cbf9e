import { describeBus } from './bus-trace';

/** Reads e-mails from MailDev's REST API (what local users and tests see). */
export interface ReceivedMail {
  id: string;
  subject: string;
  text: string;
  html: string;
  to: { address: string }[];
  date: string;
}

export async function listMail(): Promise<ReceivedMail[]> {
  const base = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';
  const res = await fetch(`${base}/email`);
  if (!res.ok) throw new Error(`MailDev answered ${res.status}`);
  return (await res.json()) as ReceivedMail[];
}

/**
 * Waits for an e-mail to an address whose subject matches; returns it. On a timeout the error
 * tells what became of the events about that address (published when, received by whom).
 */
export async function waitForMail(
  to: string,
  subject: RegExp = /.*/,
  timeoutMs = 30_000,
): Promise<ReceivedMail> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  for (;;) {
    const found = (await listMail())
      .filter(
        (m) =>
          m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()) && subject.test(m.subject),
      )
      .sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0];
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no e-mail to ${to} matching ${subject} within ${timeoutMs} ms\n${describeBus({ mentioning: to, since: started })}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
