import { isVisibleTo, searchTextOf, slugCandidate, slugify, type Product } from './product';

describe('slugify', () => {
  it.each([
    ['Vintage Lamp!', 'vintage-lamp'],
    ['  Café  Crème & Co.  ', 'cafe-creme-and-co'],
    ['Über---Cool__Bike', 'uber-cool-bike'],
    ['!!!', 'listing'],
    ['日本語', 'listing'],
  ])('turns %j into %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('cuts long titles at a word boundary within 60 characters', () => {
    const slug = slugify('word '.repeat(30));
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.endsWith('word')).toBe(true);
  });

  it('adds a random suffix only after the first attempt, longer after several', () => {
    const random = () => 'abcdef0123456789';
    expect(slugCandidate('lamp', 0, random)).toBe('lamp');
    expect(slugCandidate('lamp', 1, random)).toBe('lamp-abcd');
    expect(slugCandidate('lamp', 6, random)).toBe('lamp-abcdef01');
  });
});

describe('searchTextOf', () => {
  it('joins title, category, type and tags in lowercase', () => {
    expect(
      searchTextOf({
        title: 'Red Bike',
        category: 'Sports & Outdoors',
        type: 'item',
        tags: ['Fast', ' '],
      }),
    ).toBe('red bike sports & outdoors item fast');
  });
});

describe('isVisibleTo', () => {
  const base = { userId: 'owner', status: 'published', sellerActive: true } as Product;
  it.each([
    ['published', true],
    ['paused', true],
    ['reserved', true],
    ['traded', true],
    ['draft', false],
    ['suspended', false],
    ['removed', false],
  ] as const)('shows a %s listing to others: %s', (status, visible) => {
    expect(isVisibleTo({ ...base, status }, 'someone')).toBe(visible);
    expect(isVisibleTo({ ...base, status }, undefined)).toBe(visible);
    expect(isVisibleTo({ ...base, status }, 'owner')).toBe(true);
  });

  it('hides the listings of a suspended seller from everyone but the seller', () => {
    expect(isVisibleTo({ ...base, sellerActive: false }, 'someone')).toBe(false);
    expect(isVisibleTo({ ...base, sellerActive: false }, 'owner')).toBe(true);
  });
});
