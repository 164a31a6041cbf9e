import type { ProductSnapshot } from '@swapbooth/contracts';
import { zipToPoint } from './geo';
import {
  composeListing,
  coverOf,
  isListed,
  placeOf,
  productFactsFromDocument,
  productFactsOf,
  type BoothFacts,
  type ProductFacts,
  type SellerFacts,
} from './listing-projection';

const snapshot = (overrides: Partial<ProductSnapshot> = {}): ProductSnapshot => ({
  productId: 'p1',
  userId: 'u1',
  slug: 'road-bike',
  title: 'Road bike',
  description: 'Steel frame.',
  category: 'Sports',
  subCategory: 'Cycling',
  condition: 'good',
  type: 'item',
  tags: ['bike'],
  status: 'published',
  images: [
    { image_url: 'https://img/2.jpg', is_default: false, display_order: 2 },
    { image_url: 'https://img/1.jpg', is_default: false, display_order: 1 },
  ],
  sellerActive: true,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-02T10:00:00.000Z',
  version: 1,
  ...overrides,
});

const product = (overrides: Partial<ProductSnapshot> = {}): ProductFacts =>
  productFactsOf(snapshot(overrides));

const seller: SellerFacts = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  username: 'ada',
  profileImage: 'https://img/ada.png',
  status: 'active',
  idVerified: true,
  ratingAverage: 4.5,
  ratingCount: 2,
  address: { zipCode: '07030', city: 'Hoboken', state: 'NJ' },
};

const booth: BoothFacts = {
  boothId: 'b1',
  name: "Ada's Corner",
  interests: ['books', 'tools'],
  status: 'active',
};

describe('coverOf', () => {
  it('takes the image marked as cover', () => {
    expect(
      coverOf([
        { image_url: 'a', is_default: false, display_order: 1 },
        { image_url: 'b', is_default: true, display_order: 2 },
      ]),
    ).toBe('b');
  });

  it('falls back to the first image by display order, and to nothing without images', () => {
    expect(coverOf(snapshot().images)).toBe('https://img/1.jpg');
    expect(coverOf([])).toBeUndefined();
  });
});

describe('the cover’s resized copies', () => {
  const sized = (name: string) => ({
    300: `https://img/${name}_w300`,
    600: `https://img/${name}_w600`,
    900: `https://img/${name}_w900`,
  });

  it('are kept from the event with the cover, so a card can load a card-sized picture', () => {
    const facts = product({
      images: [
        { image_url: 'https://img/a', is_default: false, display_order: 1, variants: sized('a') },
        { image_url: 'https://img/b', is_default: true, display_order: 2, variants: sized('b') },
      ],
    });
    expect(facts.coverVariants).toEqual(sized('b'));
    const doc = composeListing({ product: facts });
    expect(doc.coverVariants).toEqual(sized('b'));
    expect(productFactsFromDocument(doc).coverVariants).toEqual(sized('b'));
  });

  it('are absent for events from before they were named', () => {
    expect(product()).not.toHaveProperty('coverVariants');
    expect(composeListing({ product: product() })).not.toHaveProperty('coverVariants');
  });
});

describe('productFactsOf', () => {
  it('keeps the listing facts and reads the creation time as epoch milliseconds', () => {
    expect(product()).toEqual({
      productId: 'p1',
      sellerId: 'u1',
      slug: 'road-bike',
      title: 'Road bike',
      description: 'Steel frame.',
      category: 'Sports',
      subcategory: 'Cycling',
      condition: 'good',
      type: 'item',
      tags: ['bike'],
      status: 'published',
      coverImage: 'https://img/1.jpg',
      sellerActive: true,
      createdAt: Date.parse('2025-03-01T10:00:00.000Z'),
    });
  });

  it('treats a snapshot without sellerActive as an active seller', () => {
    expect(product({ sellerActive: undefined }).sellerActive).toBe(true);
    expect(product({ sellerActive: false }).sellerActive).toBe(false);
  });
});

describe('isListed', () => {
  it('lists a published product of a seller in good standing', () => {
    expect(isListed({ product: product(), seller, booth })).toBe(true);
    expect(isListed({ product: product() })).toBe(true);
  });

  it.each(['draft', 'paused', 'reserved', 'traded', 'removed', 'suspended'] as const)(
    'leaves out a %s product',
    (status) => {
      expect(isListed({ product: product({ status }), seller, booth })).toBe(false);
    },
  );

  it('leaves out listings of suspended or deleted sellers, by either service’s word', () => {
    expect(isListed({ product: product(), seller: { ...seller, status: 'suspended' } })).toBe(
      false,
    );
    expect(isListed({ product: product(), seller: { ...seller, status: 'deleted' } })).toBe(false);
    expect(isListed({ product: product({ sellerActive: false }), seller })).toBe(false);
  });

  it('leaves out listings of a suspended booth but not of a closed or resting one', () => {
    expect(isListed({ product: product(), booth: { ...booth, status: 'suspended' } })).toBe(false);
    expect(isListed({ product: product(), booth: { ...booth, status: 'on_vacation' } })).toBe(true);
  });
});

describe('placeOf', () => {
  it('uses the listing’s own ZIP and resolves it to coordinates', () => {
    const place = placeOf(product({ zipCode: '10001', city: 'New York', state: 'NY' }), seller);
    const point = zipToPoint('10001')!;
    expect(place).toEqual({
      zip: '10001',
      city: 'New York',
      state: 'NY',
      lat: point.lat,
      lng: point.lng,
    });
  });

  it('falls back to the seller’s default address when the listing has no location', () => {
    expect(placeOf(product(), seller)).toMatchObject({
      zip: '07030',
      city: 'Hoboken',
      state: 'NJ',
    });
  });

  it('fills a missing city and state from the ZIP data set', () => {
    expect(placeOf(product({ zipCode: '10001' }))).toMatchObject({
      city: 'New York',
      state: 'NY',
    });
  });

  it('keeps an unknown ZIP without inventing coordinates', () => {
    expect(placeOf(product({ zipCode: '00000', city: 'Nowhere' }))).toEqual({
      zip: '00000',
      city: 'Nowhere',
    });
  });

  it('gives nothing when neither the listing nor the seller has a location', () => {
    expect(placeOf(product())).toEqual({});
  });
});

describe('composeListing', () => {
  it('joins product, seller and booth into one search document', () => {
    const doc = composeListing({ product: product({ zipCode: '10001' }), seller, booth });
    expect(doc).toMatchObject({
      id: 'p1',
      slug: 'road-bike',
      title: 'Road bike',
      sellerId: 'u1',
      sellerFirstName: 'Ada',
      sellerLastName: 'Lovelace',
      sellerUsername: 'ada',
      sellerAvatar: 'https://img/ada.png',
      idVerified: true,
      ratingAverage: 4.5,
      ratingCount: 2,
      boothName: "Ada's Corner",
      boothInterests: ['books', 'tools'],
      zip: '10001',
      coverImage: 'https://img/1.jpg',
    });
  });

  it('leaves unknown facts out rather than guessing them', () => {
    const doc = composeListing({ product: product() });
    expect(doc.boothInterests).toEqual([]);
    for (const key of [
      'sellerFirstName',
      'sellerUsername',
      'idVerified',
      'ratingAverage',
      'boothName',
      'zip',
      'lat',
    ]) {
      expect(doc).not.toHaveProperty(key);
    }
  });
});

describe('productFactsFromDocument', () => {
  it('round-trips a composed document', () => {
    const doc = composeListing({ product: product({ zipCode: '10001' }), seller, booth });
    expect(composeListing({ product: productFactsFromDocument(doc), seller, booth })).toEqual(doc);
  });
});
