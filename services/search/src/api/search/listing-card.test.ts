import { toListingCard } from './listing-card';

describe('toListingCard', () => {
  const hit = {
    id: 'p1',
    slug: 'road-bike',
    title: 'Road bike',
    description: 'Steel frame.',
    category: 'Sports',
    subcategory: 'Cycling',
    condition: 'good',
    type: 'item' as const,
    tags: ['bike'],
    coverImage: 'https://img/1.jpg',
    sellerId: 'u1',
    sellerFirstName: 'Ada',
    sellerLastName: 'Lovelace',
    sellerUsername: 'ada',
    sellerAvatar: 'https://img/ada.png',
    idVerified: true,
    ratingAverage: 4.5,
    ratingCount: 2,
    boothName: "Ada's Corner",
    boothInterests: ['books'],
    city: 'New York',
    state: 'NY',
    zip: '10001',
    lat: 40.7484,
    lng: -73.9967,
    createdAt: Date.parse('2025-03-01T10:00:00.000Z'),
    distance: 1.2,
  };

  it('shapes a hit for the product card', () => {
    expect(toListingCard(hit)).toEqual({
      product_id: 'p1',
      id: 'p1',
      slug: 'road-bike',
      title: 'Road bike',
      type: 'item',
      category: 'Sports',
      subCategory: 'Cycling',
      condition: 'good',
      tags: ['bike'],
      image_url: 'https://img/1.jpg',
      images: [{ image_url: 'https://img/1.jpg', is_default: true }],
      user_id: 'u1',
      userId: 'u1',
      user_profile: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        username: 'ada',
        profile_image: 'https://img/ada.png',
      },
      is_kyc_verified: true,
      rating_average: 4.5,
      review_count: 2,
      booth: { name: "Ada's Corner", interests: ['books'] },
      city: 'New York',
      state: 'NY',
      zip: '10001',
      distance: 1.2,
      created_at: '2025-03-01T10:00:00.000Z',
    });
  });

  it('leaves out of the JSON sent what is not known', () => {
    const card = toListingCard({
      id: 'p2',
      slug: 'p2',
      title: 'Lessons',
      description: '',
      category: 'Education',
      type: 'service',
      tags: [],
      sellerId: 'u2',
      boothInterests: [],
      createdAt: 0,
    });
    expect(card.images).toEqual([]);
    const sent = JSON.parse(JSON.stringify(card)) as Record<string, unknown>;
    for (const key of [
      'image_url',
      'user_profile',
      'is_kyc_verified',
      'rating_average',
      'review_count',
      'booth',
      'distance',
      'zip',
      'condition',
    ]) {
      expect(sent).not.toHaveProperty(key);
    }
  });

  it('names the cover’s resized copies, so the card loads one of them, not the original', () => {
    const coverVariants = {
      300: 'https://img/1_w300',
      600: 'https://img/1_w600',
      900: 'https://img/1_w900',
    };
    expect(toListingCard({ ...hit, coverVariants }).cover_variants).toEqual(coverVariants);
    expect(toListingCard(hit)).not.toHaveProperty('cover_variants', expect.anything());
  });
});
