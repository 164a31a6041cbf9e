import nodemailer from 'nodemailer';
import type { Mailer } from '../../domain/ports';

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
