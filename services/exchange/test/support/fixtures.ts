import { randomBytes } from 'node:crypto';
import type { ProductSnapshot } from '@swapbooth/contracts';
import { eventually, type Loose, type Reply } from '@swapbooth/test-kit';
import type { Harness, Member } from './harness';

export interface TestListing {
  id: string;
  title: string;
  ownerId: string;
}

const versions = new Map<string, number>();

/** A catalog snapshot of a listing, as catalog's events carry it. */
function snapshot(l: TestListing, over: Partial<ProductSnapshot> = {}): ProductSnapshot {
  const version = (versions.get(l.id) ?? 0) + 1;
  versions.set(l.id, version);
  const at = new Date().toISOString();
  return {
    productId: l.id,
    userId: l.ownerId,
    slug: `${l.title.toLowerCase().replace(/\s+/g, '-')}`,
    title: l.title,
    description: 'A test listing',
    category: 'Electronics',
    type: 'item',
    tags: [],
    status: 'published',
    images: [{ image_url: `https://img.test/${l.id}.jpg`, is_default: true, display_order: 1 }],
    sellerActive: true,
    createdAt: at,
    updatedAt: at,
    version,
    ...over,
  };
}

/**
 * Published listings of a member, created the way catalog announces them (product.created on the
 * real topic); resolves once exchange's projection has them all.
 */
export async function listingsOf(h: Harness, owner: Member, count = 1): Promise<TestListing[]> {
  const made: TestListing[] = [];
  for (let i = 0; i < count; i++) {
    const l = {
      id: `p${randomBytes(6).toString('hex')}`,
      title: `Lamp ${randomBytes(3).toString('hex')}`,
      ownerId: owner.id,
    };
    await h.tap.publish('product.created', l.id, snapshot(l));
    made.push(l);
  }
  await eventually(async () => {
    const known = await h.service.deps.listings.listings(made.map((l) => l.id));
    return known.size === made.length;
  }, 20_000);
  return made;
}

/** Catalog changes a listing's status (published, removed, ...); resolves once exchange knows. */
export async function setListingStatus(
  h: Harness,
  l: TestListing,
  status: ProductSnapshot['status'],
): Promise<void> {
  await h.tap.publish('product.status-changed', l.id, {
    ...snapshot(l, { status }),
    previousStatus: 'published',
  });
  await eventually(
    async () => (await h.service.deps.listings.find(l.id))?.status === status,
    20_000,
  );
}

/**
 * Payment's word that a member's subscription changed, published on the real topic; resolves once
 * exchange's entitlement follows it.
 */
export async function subscribe(h: Harness, m: Member, status = 'active'): Promise<void> {
  await h.tap.publish('subscription.changed', m.id, {
    userId: m.id,
    status,
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  const entitled = status === 'active' || status === 'trialing';
  await eventually(
    async () => (await h.service.deps.entitlements.isEntitled(m.id)) === entitled,
    20_000,
  );
}

export interface ProposeOptions {
  requested: TestListing[];
  offered?: TestListing[];
  [field: string]: unknown;
}

/** POST /api/exchange/proposal from `sender` to `receiver`. */
export function propose(
  h: Harness,
  sender: Member,
  receiver: Member,
  { requested, offered = [], ...rest }: ProposeOptions,
): Promise<Reply> {
  return h.api.post(
    '/api/exchange/proposal',
    {
      userId: sender.id,
      receiverId: receiver.id,
      requestedProductIds: requested.map((l) => l.id),
      offeredProductIds: offered.map((l) => l.id),
      message: 'Would you swap?',
      ...rest,
    },
    sender.token,
  );
}

/** The created proposal's data (throws unless 201). */
export async function proposed(
  h: Harness,
  sender: Member,
  receiver: Member,
  opts: ProposeOptions,
): Promise<Loose> {
  const res = await propose(h, sender, receiver, opts);
  if (res.status !== 201)
    throw new Error(`propose answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export const setStatus = (h: Harness, m: Member, id: string, status: string) =>
  h.api.put(`/api/exchange/proposal/${id}/status`, { status, userId: m.id }, m.token);

export const counter = (h: Harness, m: Member, id: string, body: Record<string, unknown>) =>
  h.api.post(`/api/exchange/proposal/${id}/counter`, { userId: m.id, ...body }, m.token);

export const ship = (
  h: Harness,
  m: Member,
  id: string,
  type: 'sender' | 'receiver',
  status: string,
  extra: Record<string, unknown> = {},
) =>
  h.api.put(
    `/api/exchange/proposal/${id}/shipping-status`,
    { status, type, userId: m.id, ...extra },
    m.token,
  );
