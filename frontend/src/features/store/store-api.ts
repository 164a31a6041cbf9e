import type {
  ApiSuccess,
  AvailabilityResponse,
  BoothResponse,
  FollowStatusResponse,
  ProductPageResponse,
  ProductResponse,
  createBoothBody,
  createProductBody,
  followSchema,
  updateBoothBody,
  updateProductBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';
import { fromProduct, toListingPage, type Listing, type ListingPage } from '../../lib/listing';

export interface Booth {
  id: string;
  userId: string;
  username: string;
  name: string;
  description: string;
  interests: string[];
  status: string;
  views: number;
  createdAt: string;
}

export interface FollowStatus {
  isFollowing: boolean;
  followersCount: number;
  followingCount: number;
}

export type Availability = AvailabilityResponse;

/**
 * POST/PUT /api/product body (SPEC §3 fields). The form sends its weight as a number (the route
 * also takes numeric text) and leaves the owner to the route.
 */
export type ListingInput = Omit<
  RequestBody<typeof createProductBody>,
  'weight' | 'userId' | 'user_id'
> & { weight?: number };

/** PUT /api/product/{id}: a status and/or fields to change. */
export type ListingChange = Omit<RequestBody<typeof updateProductBody>, 'weight'> & {
  weight?: number;
};
export type ListingStatus = NonNullable<ListingChange['status']>;

/** PUT /api/booth/{id}: the owner's changes. */
export type BoothChange = RequestBody<typeof updateBoothBody>;

export function toBooth(b: BoothResponse): Booth {
  return {
    id: b.booth_id,
    userId: b.user_id,
    username: b.username,
    name: b.name,
    description: b.description,
    interests: b.interests,
    status: b.status,
    views: b.views,
    createdAt: b.created_at,
  };
}

const boothOf = (body: ApiSuccess<BoothResponse>) => toBooth(body.data);
const pageOf = (body: ApiSuccess<ProductPageResponse>) => toListingPage(body.data);
const listingOf = (body: ApiSuccess<ProductResponse>) => fromProduct(body.data);

export const storeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBooth: build.query<Booth, string>({
      query: (userId) => ({ url: `/booth/${encodeURIComponent(userId)}` }),
      transformResponse: boothOf,
      providesTags: ['Booth'],
    }),
    getBoothByUsername: build.query<Booth, string>({
      query: (username) => ({ url: `/booth/username/${encodeURIComponent(username)}` }),
      transformResponse: boothOf,
      providesTags: ['Booth'],
    }),
    recordBoothView: build.mutation<void, string>({
      query: (boothId) => ({ url: `/booth/views/${encodeURIComponent(boothId)}`, method: 'POST' }),
    }),
    followStatus: build.query<FollowStatus, string>({
      query: (userId) => ({ url: `/following/status/${encodeURIComponent(userId)}` }),
      transformResponse: ({ data }: ApiSuccess<FollowStatusResponse>) => ({
        isFollowing: data.isFollowing,
        followersCount: data.followersCount,
        followingCount: data.followingCount,
      }),
      providesTags: ['Follow'],
    }),
    follow: build.mutation<void, { userId: string; follow: boolean }>({
      query: ({ userId, follow }) => ({
        url: follow ? '/following/follow' : '/following/unfollow',
        method: 'POST',
        body: { followingUserId: userId } satisfies RequestBody<typeof followSchema>,
      }),
      invalidatesTags: ['Follow'],
    }),
    getSellerListings: build.query<ListingPage, { userId: string; page: number; limit: number }>({
      query: ({ userId, page, limit }) => ({
        url: `/product/published-by-user/${encodeURIComponent(userId)}`,
        params: { page, limit },
      }),
      transformResponse: pageOf,
      providesTags: ['Listing'],
    }),
    getBoothListings: build.query<ListingPage, { username: string; page: number; limit: number }>({
      query: ({ username, page, limit }) => ({
        url: `/product/booth/${encodeURIComponent(username)}`,
        params: { page, limit },
      }),
      transformResponse: pageOf,
      providesTags: ['MyListings'],
    }),
    checkUsername: build.query<Availability, string>({
      query: (v) => ({ url: `/booth/check-username/${encodeURIComponent(v)}` }),
      transformResponse: (body: ApiSuccess<AvailabilityResponse>) => body.data,
    }),
    checkName: build.query<Availability, string>({
      query: (v) => ({ url: `/booth/check-name/${encodeURIComponent(v)}` }),
      transformResponse: (body: ApiSuccess<AvailabilityResponse>) => body.data,
    }),
    createBooth: build.mutation<Booth, RequestBody<typeof createBoothBody>>({
      query: (body) => ({ url: '/booth', method: 'POST', body }),
      transformResponse: boothOf,
      invalidatesTags: ['Booth'],
    }),
    updateBooth: build.mutation<
      Booth,
      {
        id: string;
        body: BoothChange;
      }
    >({
      query: ({ id, body }) => ({ url: `/booth/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: boothOf,
      invalidatesTags: ['Booth'],
    }),
    createListing: build.mutation<Listing, ListingInput & { userId: string }>({
      query: (body) => ({ url: '/product', method: 'POST', body }),
      transformResponse: listingOf,
      invalidatesTags: ['MyListings', 'Listing'],
    }),
    updateListing: build.mutation<Listing, { id: string; body: ListingChange }>({
      query: ({ id, body }) => ({ url: `/product/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: listingOf,
      invalidatesTags: ['MyListings', 'Listing'],
    }),
  }),
});

export const {
  useGetBoothQuery,
  useGetBoothByUsernameQuery,
  useRecordBoothViewMutation,
  useFollowStatusQuery,
  useFollowMutation,
  useGetSellerListingsQuery,
  useGetBoothListingsQuery,
  useCheckUsernameQuery,
  useCheckNameQuery,
  useCreateBoothMutation,
  useUpdateBoothMutation,
  useCreateListingMutation,
  useUpdateListingMutation,
} = storeApi;
