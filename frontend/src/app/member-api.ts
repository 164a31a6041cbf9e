import { listOf, toListing, type Listing } from '../lib/listing';
import { api } from './api';
import { unwrap } from './http';

/**
 * Calls the shell and several features share: the member's profile, categories, likes and bag.
 * Feature-only calls live in each feature's own `<f>-api.ts`.
 */
export interface Profile {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dob: string;
  gender: string;
  profileImage: string;
  username: string;
}

export interface Address {
  id: string;
  userId: string;
  country: string;
  state: string;
  city: string;
  zipCode: string;
  street1: string;
  street2: string;
  fullName: string;
  phone: string;
  isDefault: boolean;
}

export interface ProfileData {
  profile: Profile;
  defaultAddress: Address | null;
  /** Identity verification done (payment data `is_kyc_verified`). */
  verified: boolean;
  /** Subscription status active or trialing (SPEC §4). */
  subscribed: boolean;
  customerId: string | undefined;
}

export interface Category {
  id: string;
  name: string;
  type: 'item' | 'service';
  subcategories: string[];
}

export interface BagGroup {
  sellerId: string;
  sellerName: string;
  boothName: string | undefined;
  listings: Listing[];
}

type Raw = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function toAddress(input: unknown): Address {
  const a = (input ?? {}) as Raw;
  return {
    id: s(a.address_id ?? a.id),
    userId: s(a.user_id),
    country: s(a.country),
    state: s(a.state),
    city: s(a.city),
    zipCode: s(a.zip_code),
    street1: s(a.street1),
    street2: s(a.street2),
    fullName: s(a.full_name),
    phone: s(a.phone),
    isDefault: a.is_default === true,
  };
}

export const SUBSCRIBED_STATUSES = ['active', 'trialing'];

export function toProfileData(input: unknown): ProfileData {
  const d = (input ?? {}) as Raw;
  const p = (d.user_profile ?? {}) as Raw;
  const stripe = (d.stripe_data ?? {}) as Raw;
  const subscription = (stripe.subscription ?? {}) as Raw;
  const status = s(stripe.subscription_status ?? subscription.status ?? stripe.status);
  return {
    profile: {
      userId: s(p.user_id),
      firstName: s(p.first_name),
      lastName: s(p.last_name),
      email: s(p.email),
      phone: s(p.phone),
      dob: s(p.dob),
      gender: s(p.gender),
      profileImage: s(p.profile_image),
      username: s(p.username),
    },
    defaultAddress: d.default_address ? toAddress(d.default_address) : null,
    verified: stripe.is_kyc_verified === true,
    subscribed: SUBSCRIBED_STATUSES.includes(status),
    customerId: s(stripe.customer_id) || undefined,
  };
}

export function toCategory(input: unknown): Category {
  const c = (input ?? {}) as Raw;
  return {
    id: s(c.cat_id ?? c.id),
    name: s(c.category ?? c.name),
    type: c.type === 'service' ? 'service' : 'item',
    subcategories: Array.isArray(c.subcategories)
      ? c.subcategories.filter((x): x is string => typeof x === 'string')
      : [],
  };
}

function toBagGroups(input: unknown): BagGroup[] {
  const groups = Array.isArray(input) ? input : [];
  return groups.map((g) => {
    const r = (g ?? {}) as Raw;
    const listings = listOf(r.products).map(toListing);
    const profile = (r.user_profile ?? {}) as Raw;
    const booth = (r.booth ?? {}) as Raw;
    return {
      sellerId: s(r.seller_id) || listings[0]?.seller.id || '',
      sellerName: [s(profile.first_name), s(profile.last_name)].filter(Boolean).join(' '),
      boothName: s(booth.name) || undefined,
      listings,
    };
  });
}

export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileData, void>({
      query: () => ({ url: '/profile' }),
      transformResponse: (body) => toProfileData(unwrap(body)),
      providesTags: ['Profile'],
    }),
    getAddresses: build.query<Address[], void>({
      query: () => ({ url: '/addresses' }),
      transformResponse: (body) => {
        const list = unwrap<unknown>(body);
        return Array.isArray(list) ? list.map(toAddress) : [];
      },
      providesTags: ['Addresses'],
    }),
    getCategories: build.query<Category[], void>({
      query: () => ({ url: '/categories' }),
      transformResponse: (body) => {
        const list = unwrap<unknown>(body);
        return Array.isArray(list) ? list.map(toCategory) : [];
      },
      providesTags: ['Categories'],
      keepUnusedDataFor: 600,
    }),
    getLiked: build.query<Listing[], string>({
      query: (userId) => ({ url: `/product/${encodeURIComponent(userId)}/liked` }),
      transformResponse: (body) => listOf(unwrap(body) ?? body).map(toListing),
      providesTags: ['Likes'],
    }),
    like: build.mutation<void, { productId: string; userId: string }>({
      query: ({ productId, userId }) => ({
        url: `/product/${encodeURIComponent(productId)}/like/${encodeURIComponent(userId)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Likes'],
    }),
    unlike: build.mutation<void, { productId: string; userId: string }>({
      query: ({ productId, userId }) => ({
        url: `/product/${encodeURIComponent(productId)}/unlike/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Likes'],
    }),
    getBag: build.query<BagGroup[], string>({
      query: (userId) => ({ url: `/product/${encodeURIComponent(userId)}/bag` }),
      transformResponse: (body) => toBagGroups(unwrap(body)),
      providesTags: ['Bag'],
    }),
    addToBag: build.mutation<void, { productId: string; userId: string }>({
      query: ({ productId, userId }) => ({
        url: `/product/${encodeURIComponent(productId)}/add-to-bag/${encodeURIComponent(userId)}`,
        method: 'POST',
      }),
      invalidatesTags: ['Bag'],
    }),
    removeFromBag: build.mutation<void, { productId: string; userId: string }>({
      // The spec's path carries the member's id first, then the listing's.
      query: ({ productId, userId }) => ({
        url: `/product/${encodeURIComponent(userId)}/remove-to-bag/${encodeURIComponent(productId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Bag'],
    }),
    getMyBooth: build.query<
      { id: string; username: string; status: string; name: string } | null,
      string
    >({
      query: (userId) => ({ url: `/booth/${encodeURIComponent(userId)}` }),
      transformResponse: (body) => {
        const b = (unwrap<unknown>(body) ?? {}) as Raw;
        return { id: s(b.booth_id), username: s(b.username), status: s(b.status), name: s(b.name) };
      },
      providesTags: ['Booth'],
    }),
  }),
});

export const {
  useGetProfileQuery,
  useGetCategoriesQuery,
  useGetAddressesQuery,
  useGetLikedQuery,
  useLikeMutation,
  useUnlikeMutation,
  useGetBagQuery,
  useAddToBagMutation,
  useRemoveFromBagMutation,
  useGetMyBoothQuery,
} = memberApi;
