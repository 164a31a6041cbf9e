import type {
  ApiSuccess,
  ProductPageResponse,
  ProductResponse,
  ReportReasonsResponse,
} from '@swapbooth/contracts';
import { api } from '../../app/api';
import { fromProduct, toListingPage, type Listing, type ListingPage } from '../../lib/listing';

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
    getReportReasons: build.query<ReportReasonsResponse, void>({
      query: () => ({ url: '/reports/reasons' }),
      transformResponse: (body: ApiSuccess<ReportReasonsResponse>) => body.data,
    }),
    fileReport: build.mutation<
      void,
      {
        targetType: 'product' | 'booth' | 'user';
        targetId: string;
        reason: string;
        details?: string;
      }
    >({
      query: (body) => ({ url: '/reports', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetPublishedQuery,
  useGetListingBySlugQuery,
  useGetReportReasonsQuery,
  useFileReportMutation,
} = listingsApi;
