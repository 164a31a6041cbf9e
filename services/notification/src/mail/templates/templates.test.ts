import { createEvent } from '@swapbooth/contracts';
import { otpCodeEmail } from './otp-code';
import { passwordResetEmail } from './password-reset';
import { signInLinkEmail } from './sign-in-link';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

describe('e-mail templates', () => {
  it('puts the code in the text and the HTML of the verification e-mail', () => {
    const e = createEvent(
      'auth.otp-requested',
      { userId: 'u', email: 'a@example.test', otp: '012345', expiresAt: inMinutes(10) },
      { producer: 'auth', subject: 'u' },
    );
    const mail = otpCodeEmail(e);
    expect(mail).toMatchObject({
      to: 'a@example.test',
      subject: 'Your Swapbooth verification code',
    });
    expect(mail.text).toContain('012345');
    expect(mail.text).toContain('10 minutes');
    expect(mail.html).toContain('012345');
  });

  it('escapes the reset link in HTML and keeps it whole in text', () => {
    const resetUrl = 'https://x.example/reset-password?token=a"b';
    const e = createEvent(
      'auth.password-reset-requested',
      { userId: 'u', email: 'a@example.test', resetUrl, expiresAt: inMinutes(30) },
      { producer: 'auth', subject: 'u' },
    );
    const mail = passwordResetEmail(e);
    expect(mail.text).toContain(resetUrl);
    expect(mail.html).toContain('token=a&quot;b');
    expect(mail.html).not.toContain('a"b');
    expect(mail.text).toContain('30 minutes');
  });

  it('puts the one-time sign-in link, escaped, in the sign-in link e-mail', () => {
    const signInUrl = 'https://x.example/sign-in-link?token=u.a<b';
    const e = createEvent(
      'auth.sign-in-link-requested',
      { userId: 'u', email: 'a@example.test', signInUrl, expiresAt: inMinutes(15) },
      { producer: 'auth', subject: 'u' },
    );
    const mail = signInLinkEmail(e);
    expect(mail).toMatchObject({ to: 'a@example.test', subject: 'Your Swapbooth sign-in link' });
    expect(mail.text).toContain(signInUrl);
    expect(mail.text).toContain('15 minutes');
    expect(mail.html).toContain('token=u.a&lt;b');
  });
});
