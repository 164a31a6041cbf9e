import { createEvent } from '@swapbooth/contracts';
import { expiresIn } from './layout';
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

  it('says when a code expires even when the event’s times are not times', () => {
    const e = createEvent(
      'auth.otp-requested',
      { userId: 'u', email: 'a@example.test', otp: '012345', expiresAt: inMinutes(10) },
      { producer: 'auth', subject: 'u' },
    );
    const mail = otpCodeEmail({ ...e, occurredAt: 'not a time' });
    expect(mail.text).toContain('It expires in 10 minutes');
    expect(mail.text).not.toContain('NaN');

    const noExpiry = otpCodeEmail({ ...e, data: { ...e.data, expiresAt: 'later' } });
    expect(noExpiry.text).toContain('It expires soon and can be used once.');
    expect(noExpiry.html).not.toContain('NaN');
  });

  it('counts at least one minute, in the singular', () => {
    const at = '2026-11-25T12:00:00.000Z';
    expect(expiresIn(at, '2026-11-25T12:00:20.000Z')).toBe('in 1 minute');
    expect(expiresIn(at, '2026-11-25T12:15:00.000Z')).toBe('in 15 minutes');
  });
});
