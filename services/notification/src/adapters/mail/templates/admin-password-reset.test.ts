import { createEvent } from '@swapbooth/contracts';
import { adminPasswordResetEmail } from './admin-password-reset';

describe('the admin password-reset e-mail', () => {
  it('sends the one-time link to the admin, whole in text and escaped in HTML', () => {
    const resetUrl = 'https://x.example/admin/reset-password?token=a"b';
    const e = createEvent(
      'admin.password-reset-requested',
      {
        adminId: 'a1',
        email: 'ops@example.test',
        resetUrl,
        expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      },
      { producer: 'admin', subject: 'a1' },
    );
    const mail = adminPasswordResetEmail(e);
    expect(mail).toMatchObject({
      to: 'ops@example.test',
      subject: 'Choose a new Swapbooth admin password',
    });
    expect(mail.text).toContain(resetUrl);
    expect(mail.text).toContain('60 minutes');
    expect(mail.html).toContain('token=a&quot;b');
    expect(mail.html).not.toContain('a"b');
  });
});
