import { passwordSchema } from './password-policy';

describe('the password rule', () => {
  it('accepts 8 characters or more', () => {
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
  });

  it('says what is wrong', () => {
    const short = passwordSchema.safeParse('1234567');
    expect(short.error?.issues[0]?.message).toBe('must be at least 8 characters');
    expect(passwordSchema.safeParse(undefined).error?.issues[0]?.message).toBe('is required');
    expect(passwordSchema.safeParse('x'.repeat(257)).error?.issues[0]?.message).toBe(
      'must be at most 256 characters',
    );
  });
});
