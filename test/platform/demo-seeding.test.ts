import { seedingRefusal } from '../../scripts/seed/src/production-guard';

describe('the demo data', () => {
  it('is refused in production, where its README passwords would open real accounts', () => {
    expect(seedingRefusal({ NODE_ENV: 'production' })).toMatch(/never seeded in production/);
  });

  it('is seeded for local use', () => {
    expect(seedingRefusal({ NODE_ENV: 'development' })).toBeUndefined();
    expect(seedingRefusal({})).toBeUndefined();
  });
});
