import { randomBytes } from 'node:crypto';
import type { EventData, ProductSnapshot } from '@swapbooth/contracts';

const hex = (bytes = 4) => randomBytes(bytes).toString('hex');

/** A unique member id. */
export const newUserId = () => `u${hex(6)}`;

/** A word no other test's listing contains, for filtering one test's data out of the index. */
export const uniqueWord = (prefix = 'cat') => `${prefix}${hex(4)}`;

/** A published listing's snapshot as catalog publishes it, version 1. */
export function product(overrides: Partial<ProductSnapshot> = {}): ProductSnapshot {
  const id = `p${hex(6)}`;
  const now = new Date().toISOString();
  return {
    productId: id,
    userId: overrides.userId ?? newUserId(),
    slug: `listing-${id}`,
    title: 'Vintage road bicycle',
    description: 'Steel frame, recently serviced.',
    category: 'Sports',
    subCategory: 'Cycling',
    condition: 'good',
    type: 'item',
    tags: ['bike'],
    status: 'published',
    images: [
      { image_url: `https://img.test/${id}/2.jpg`, is_default: false, display_order: 2 },
      { image_url: `https://img.test/${id}/1.jpg`, is_default: true, display_order: 1 },
    ],
    zipCode: '10001',
    city: 'New York',
    state: 'NY',
    sellerActive: true,
    createdAt: now,
    updatedAt: now,
    version: 1,
    ...overrides,
  };
}

export function profile(
  userId: string,
  overrides: Partial<EventData<'user.profile-updated'>> = {},
): EventData<'user.profile-updated'> {
  return {
    userId,
    firstName: 'Ada',
    lastName: 'Lovelace',
    username: `ada_${userId}`,
    profileImage: `https://img.test/avatars/${userId}.png`,
    version: 1,
    ...overrides,
  };
}

export function booth(
  userId: string,
  overrides: Partial<EventData<'booth.created'>> = {},
): EventData<'booth.created'> {
  return {
    boothId: `b-${userId}`,
    userId,
    username: `ada_${userId}`,
    name: "Ada's Corner",
    interests: ['books', 'tools', 'plants'],
    status: 'active',
    version: 1,
    ...overrides,
  };
}

export function defaultAddress(
  userId: string,
  zipCode: string,
  overrides: Partial<EventData<'user.default-address-changed'>> = {},
): EventData<'user.default-address-changed'> {
  return {
    userId,
    addressId: `a-${userId}`,
    zipCode,
    city: 'Hoboken',
    state: 'NJ',
    country: 'US',
    version: 1,
    ...overrides,
  };
}

export function rating(
  ratedUserId: string,
  averageRating: number,
  ratingCount: number,
): EventData<'rating.created'> {
  return {
    ratingId: `r${hex(6)}`,
    proposalId: `x${hex(6)}`,
    raterId: newUserId(),
    ratedUserId,
    ratingValue: Math.round(averageRating),
    averageRating,
    ratingCount,
  };
}

export function statusChange(
  userId: string,
  status: EventData<'user.status-changed'>['status'],
  previousStatus: EventData<'user.status-changed'>['status'] = 'active',
): EventData<'user.status-changed'> {
  return { userId, status, previousStatus };
}
