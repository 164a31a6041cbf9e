import type {
  ApiSuccess,
  ProductPageResponse,
  ProductResponse,
  ReportReasonsResponse,
  SearchResponse,
  reportBody,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import type { RequestBody } from '../../app/request-body';
import {
  fromCard,
  fromProduct,
  toListingPage,
  type Listing,
  type ListingPage,
} from '../../lib/listing';

/** SPEC §7, §9: nearby search is `type=all` within 25 miles, 25 listings. */
export const NEARBY_RADIUS = 25;
export const NEARBY_LIMIT = 25;

/** The reasons a report may give (the server lists those it takes). */
export type ReportReason = RequestBody<typeof reportBody>['reason'];

export const REPORT_REASON_LABELS: Record<string, string> = {
  prohibited_item: 'Prohibited item',
  counterfeit: 'Counterfeit',
  scam_or_fraud: 'Scam or fraud',
  misleading_description: 'Misleading description',
  offensive_content: 'Offensive content',
  harassment: 'Harassment',
  spam: 'Spam',
  wrong_category: 'Wrong category',
  other: 'Other',
};

export const listingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublished: build.query<ListingPage, { page: number; limit: number }>({
      query: (p) => ({ url: '/product/published', params: p }),
      transformResponse: (body: ApiSuccess<ProductPageResponse>) => toListingPage(body.data),
      providesTags: ['Listing'],
    }),
    getListingBySlug: build.query<Listing, string>({
      query: (slug) => ({ url: `/product/slug/${encodeURIComponent(slug)}` }),
      transformResponse: (body: ApiSuccess<ProductResponse>) => fromProduct(body.data),
      providesTags: ['Listing'],
    }),
    /** Listings within NEARBY_RADIUS miles of a ZIP code, nearest first. */
    getNearby: build.query<Listing[], string>({
      query: (zip) => ({
        url: '/search',
        params: { type: 'all', searchZip: zip, radius: NEARBY_RADIUS, limit: NEARBY_LIMIT },
      }),
      transformResponse: (body: ApiSuccess<SearchResponse>) => body.data.products.map(fromCard),
      providesTags: ['Listing'],
    }),
    getReportReasons: build.query<ReportReasonsResponse, void>({
      query: () => ({ url: '/reports/reasons' }),
      transformResponse: (body: ApiSuccess<ReportReasonsResponse>) => body.data,
    }),
    fileReport: build.mutation<void, RequestBody<typeof reportBody>>({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetPublishedQuery,
  useGetListingBySlugQuery,
  useGetNearbyQuery,
  useGetReportReasonsQuery,
  useFileReportMutation,
} = listingsApi;
