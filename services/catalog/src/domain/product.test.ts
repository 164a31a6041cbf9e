import {
  isVisibleTo,
  searchTextOf,
  slugCandidate,
  slugify,
  snapshotOf,
  type Product,
} from './product';

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

describe('snapshotOf', () => {
  const listing: Product = {
    id: 'p1',
    userId: 'u1',
    slug: 'lamp',
    searchText: 'lamp',
    title: 'Lamp',
    description: 'Brass.',
    category: 'Home',
    type: 'item',
    tags: [],
    images: [
      { key: 'products/u1/a.png', url: 'https://img/a.png', isDefault: true, displayOrder: 1 },
    ],
    status: 'published',
    sellerActive: true,
    version: 1,
    createdAt: new Date('2026-01-01T00:00:00Z'),
    updatedAt: new Date('2026-01-01T00:00:00Z'),
  };

  it('names each image’s resized copies, so search can show a card-sized picture', () => {
    const url = (key: string, w: number) => `/api/images/variant?key=${key}&w=${w}`;
    expect(snapshotOf(listing, url).images).toEqual([
      {
        image_url: 'https://img/a.png',
        is_default: true,
        display_order: 1,
        variants: {
          300: '/api/images/variant?key=products/u1/a.png&w=300',
          600: '/api/images/variant?key=products/u1/a.png&w=600',
          900: '/api/images/variant?key=products/u1/a.png&w=900',
        },
      },
    ]);
  });
});
