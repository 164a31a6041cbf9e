import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail; the use cases depend on this, not on nodemailer. */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Readiness: the SMTP server answers. */
  verify(): Promise<void>;
  close(): void;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(m) {
      const info = await transport.sendMail({ from, ...m });
      return { messageId: String(info.messageId ?? '') };
    },
    async verify() {
      await transport.verify();
    },
    close() {
      transport.close();
    },
  };
}
