import type {
  AddressResponse,
  ApiSuccess,
  BagGroupResponse,
  BoothResponse,
  CategoryResponse,
  ProductResponse,
  ProfileResponse,
  UserRatingsResponse,
} from '@swapbooth/contracts';
import { fromProduct, type Listing } from '../lib/listing';
import { api } from './api';

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

/** The signed-in member's own booth, as the shell needs it. */
export interface MyBooth {
  id: string;
  /** The store's owner. */
  userId: string;
  username: string;
  status: string;
  name: string;
}

export interface BagGroup {
  sellerId: string;
  /** The seller's store, when they have one: what `/exchange-proposal/{storeId}` is opened with. */
  storeId: string | undefined;
  sellerName: string;
  boothName: string | undefined;
  listings: Listing[];
}

export function toAddress(a: AddressResponse): Address {
  return {
    id: a.address_id,
    userId: a.user_id,
    country: a.country,
    state: a.state,
    city: a.city,
    zipCode: a.zip_code,
    street1: a.street1,
    street2: a.street2 ?? '',
    fullName: a.full_name ?? '',
    phone: a.phone ?? '',
    isDefault: a.is_default,
  };
}

export const SUBSCRIBED_STATUSES = ['active', 'trialing'];

export function toProfileData(d: ProfileResponse): ProfileData {
  const p = d.user_profile;
  const payment = d.stripe_data;
  return {
    profile: {
      userId: p.user_id,
      firstName: p.first_name ?? '',
      lastName: p.last_name ?? '',
      email: p.email,
      phone: p.phone ?? '',
      dob: p.dob ?? '',
      gender: p.gender ?? '',
      profileImage: p.profile_image ?? '',
      username: p.username ?? '',
    },
    defaultAddress: d.default_address ? toAddress(d.default_address) : null,
    verified: payment.is_kyc_verified === true,
    subscribed: SUBSCRIBED_STATUSES.includes(payment.subscription_status ?? ''),
    customerId: payment.customer_id || undefined,
  };
}

export const toCategory = (c: CategoryResponse): Category => ({
  id: c.cat_id,
  name: c.category,
  type: c.type,
  subcategories: c.subcategories,
});

function toBagGroup(g: BagGroupResponse): BagGroup {
  const listings = g.products.map(fromProduct);
  return {
    sellerId: g.seller_id || listings[0]?.seller.id || '',
    storeId: g.booth?.booth_id || listings[0]?.booth?.id || undefined,
    sellerName: [g.user_profile?.first_name, g.user_profile?.last_name].filter(Boolean).join(' '),
    boothName: g.booth?.name || undefined,
    listings,
  };
}

export const memberApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileData, void>({
      query: () => ({ url: '/profile' }),
      transformResponse: (body: ApiSuccess<ProfileResponse>) => toProfileData(body.data),
      providesTags: ['Profile'],
    }),
    getAddresses: build.query<Address[], void>({
      query: () => ({ url: '/addresses' }),
      transformResponse: (body: ApiSuccess<AddressResponse[]>) => body.data.map(toAddress),
      providesTags: ['Addresses'],
    }),
    getCategories: build.query<Category[], void>({
      query: () => ({ url: '/categories' }),
      transformResponse: (body: ApiSuccess<CategoryResponse[]>) => body.data.map(toCategory),
      providesTags: ['Categories'],
      keepUnusedDataFor: 600,
    }),
    getLiked: build.query<Listing[], string>({
      query: (userId) => ({ url: `/product/${encodeURIComponent(userId)}/liked` }),
      transformResponse: (body: ApiSuccess<ProductResponse[]>) => body.data.map(fromProduct),
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
      transformResponse: (body: ApiSuccess<BagGroupResponse[]>) => body.data.map(toBagGroup),
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
    /** GET /api/booth/{id}: a member's store, by the member's id or the store's own. */
    getMyBooth: build.query<MyBooth, string>({
      query: (userId) => ({ url: `/booth/${encodeURIComponent(userId)}` }),
      transformResponse: ({ data: b }: ApiSuccess<BoothResponse>) => ({
        id: b.booth_id,
        userId: b.user_id,
        username: b.username,
        status: b.status,
        name: b.name,
      }),
      providesTags: ['Booth'],
    }),
    /** GET /api/rating/user/{id}: shown on the store page and after a trade (hence shared). */
    getMemberRatings: build.query<UserRatingsResponse, string>({
      query: (userId) => ({ url: `/rating/user/${encodeURIComponent(userId)}` }),
      transformResponse: (body: ApiSuccess<UserRatingsResponse>) => body.data,
      providesTags: (_r, _e, userId) => [{ type: 'Ratings', id: userId }],
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
  useGetMemberRatingsQuery,
} = memberApi;
