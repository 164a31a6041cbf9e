import { api } from '../../app/api';
import { unwrap } from '../../app/http';
import { toListing, toListingPage, type Listing, type ListingPage } from '../../lib/listing';

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

export type Availability = { available: boolean; reason?: string };

/** POST/PUT /api/product body (SPEC §3 fields). */
export interface ListingInput {
  title: string;
  description: string;
  category: string;
  subCategory?: string;
  brand?: string;
  condition?: string;
  color?: string;
  type: 'item' | 'service';
  weight?: number;
  tags?: string[];
  images?: { image_url: string; is_default: boolean; display_order: number }[];
  addressId?: string;
  status?: string;
}

type Raw = Record<string, unknown>;
const s = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function toBooth(input: unknown): Booth {
  const b = (input ?? {}) as Raw;
  return {
    id: s(b.booth_id ?? b.id),
    userId: s(b.user_id),
    username: s(b.username),
    name: s(b.name),
    description: s(b.description),
    interests: Array.isArray(b.interests)
      ? b.interests.filter((x): x is string => typeof x === 'string')
      : [],
    status: s(b.status) || 'active',
    views: typeof b.views === 'number' ? b.views : 0,
    createdAt: s(b.created_at),
  };
}

export const storeApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBooth: build.query<Booth, string>({
      query: (userId) => ({ url: `/booth/${encodeURIComponent(userId)}` }),
      transformResponse: (body) => toBooth(unwrap(body)),
      providesTags: ['Booth'],
    }),
    getBoothByUsername: build.query<Booth, string>({
      query: (username) => ({ url: `/booth/username/${encodeURIComponent(username)}` }),
      transformResponse: (body) => toBooth(unwrap(body)),
      providesTags: ['Booth'],
    }),
    recordBoothView: build.mutation<void, string>({
      query: (boothId) => ({ url: `/booth/views/${encodeURIComponent(boothId)}`, method: 'POST' }),
    }),
    followStatus: build.query<FollowStatus, string>({
      query: (userId) => ({ url: `/following/status/${encodeURIComponent(userId)}` }),
      transformResponse: (body) => {
        const d = (unwrap<unknown>(body) ?? {}) as Raw;
        return {
          isFollowing: d.isFollowing === true,
          followersCount: typeof d.followersCount === 'number' ? d.followersCount : 0,
          followingCount: typeof d.followingCount === 'number' ? d.followingCount : 0,
        };
      },
      providesTags: ['Follow'],
    }),
    follow: build.mutation<void, { userId: string; follow: boolean }>({
      query: ({ userId, follow }) => ({
        url: follow ? '/following/follow' : '/following/unfollow',
        method: 'POST',
        body: { followingUserId: userId },
      }),
      invalidatesTags: ['Follow'],
    }),
    getSellerListings: build.query<ListingPage, { userId: string; page: number; limit: number }>({
      query: ({ userId, page, limit }) => ({
        url: `/product/published-by-user/${encodeURIComponent(userId)}`,
        params: { page, limit },
      }),
      transformResponse: (body, _m, a) => toListingPage(unwrap(body), a.page, a.limit),
      providesTags: ['Listing'],
    }),
    getBoothListings: build.query<ListingPage, { username: string; page: number; limit: number }>({
      query: ({ username, page, limit }) => ({
        url: `/product/booth/${encodeURIComponent(username)}`,
        params: { page, limit },
      }),
      transformResponse: (body, _m, a) => toListingPage(unwrap(body), a.page, a.limit),
      providesTags: ['MyListings'],
    }),
    checkUsername: build.query<Availability, string>({
      query: (v) => ({ url: `/booth/check-username/${encodeURIComponent(v)}` }),
      transformResponse: (body) => unwrap<Availability>(body),
    }),
    checkName: build.query<Availability, string>({
      query: (v) => ({ url: `/booth/check-name/${encodeURIComponent(v)}` }),
      transformResponse: (body) => unwrap<Availability>(body),
    }),
    createBooth: build.mutation<
      Booth,
      {
        name: string;
        username: string;
        description: string;
        interests: string[];
        user_id: string;
        address_id?: string;
      }
    >({
      query: (body) => ({ url: '/booth', method: 'POST', body }),
      transformResponse: (body) => toBooth(unwrap(body)),
      invalidatesTags: ['Booth'],
    }),
    updateBooth: build.mutation<
      Booth,
      {
        id: string;
        body: { name?: string; description?: string; interests?: string[]; status?: string };
      }
    >({
      query: ({ id, body }) => ({ url: `/booth/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (body) => toBooth(unwrap(body)),
      invalidatesTags: ['Booth'],
    }),
    createListing: build.mutation<Listing, ListingInput & { userId: string }>({
      query: (body) => ({ url: '/product', method: 'POST', body }),
      transformResponse: (body) => toListing(unwrap(body)),
      invalidatesTags: ['MyListings', 'Listing'],
    }),
    updateListing: build.mutation<Listing, { id: string; body: Partial<ListingInput> }>({
      query: ({ id, body }) => ({ url: `/product/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (body) => toListing(unwrap(body)),
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
