import { delayAfter, judgeSignIn, type SignInRecord } from './sign-in-throttle';

const settings = {
  failuresBeforeDelay: 5,
  delayBaseMs: 1000,
  delayMaxMs: 300_000,
  consecutiveFailuresPerAddress: 10,
  addressBlockMs: 3_600_000,
  failuresPerAddressPerDay: 100,
  failuresPerAccountPerHour: 30,
};
const NOW = 10_000_000;

const record = (r: Partial<SignInRecord> = {}): SignInRecord => ({
  accountFailures: 0,
  lastAccountFailureAt: null,
  addressFailures: 0,
  lastAddressFailureAt: null,
  addressFailuresToday: 0,
  addressDayEndsInMs: 0,
  accountFailuresThisHour: 0,
  accountHourEndsInMs: 0,
  ...r,
});

describe('sign-in throttle', () => {
  it('doubles the wait with every failure past the free ones, up to the cap', () => {
    expect([4, 5, 6, 7, 13, 14, 80].map((n) => delayAfter(n, settings))).toEqual([
      0, 1000, 2000, 4000, 256_000, 300_000, 300_000,
    ]);
  });

  it('never slows down an address that has not failed for the account', () => {
    const attacked = record({ accountFailures: 500, lastAccountFailureAt: NOW - 1 });
    expect(judgeSignIn(attacked, settings, NOW)).toEqual({ allowed: true });
  });

  it('holds every address back once the account failed its hourly cap, until the hour ends', () => {
    const capped = record({ accountFailuresThisHour: 30, accountHourEndsInMs: 1_200_000 });
    expect(judgeSignIn(capped, settings, NOW)).toEqual({
      allowed: false,
      reason: 'account',
      retryAfterMs: 1_200_000,
    });
    expect(judgeSignIn({ ...capped, accountFailuresThisHour: 29 }, settings, NOW)).toEqual({
      allowed: true,
    });
  });

  it('makes an address that failed for a much-failed account wait out the delay', () => {
    const r = record({
      accountFailures: 30,
      lastAccountFailureAt: NOW - 10_000,
      addressFailures: 1,
      lastAddressFailureAt: NOW - 20_000,
    });
    expect(judgeSignIn(r, settings, NOW)).toEqual({
      allowed: false,
      reason: 'account',
      retryAfterMs: 290_000,
    });
    expect(judgeSignIn(r, settings, NOW + 290_000)).toEqual({ allowed: true });
  });

  it('lets the first failures through at once', () => {
    const r = record({
      accountFailures: 4,
      lastAccountFailureAt: NOW,
      addressFailures: 4,
      lastAddressFailureAt: NOW,
    });
    expect(judgeSignIn(r, settings, NOW)).toEqual({ allowed: true });
  });

  it('holds an address back for an hour after ten failures in a row for the account', () => {
    const r = record({
      accountFailures: 10,
      lastAccountFailureAt: NOW - 400_000,
      addressFailures: 10,
      lastAddressFailureAt: NOW - 400_000,
    });
    expect(judgeSignIn(r, settings, NOW)).toEqual({
      allowed: false,
      reason: 'account-address',
      retryAfterMs: 3_200_000,
    });
  });

  it('holds back an address that failed too often today, whatever the account', () => {
    const r = record({ addressFailuresToday: 100, addressDayEndsInMs: 5000 });
    expect(judgeSignIn(r, settings, NOW)).toEqual({
      allowed: false,
      reason: 'address',
      retryAfterMs: 5000,
    });
  });
});
