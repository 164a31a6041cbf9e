import { api } from '../../app/api';
import { unwrap } from '../../app/http';
import { toListing, toListingPage, type Listing, type ListingPage } from '../../lib/listing';

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
      transformResponse: (body, _m, p) => toListingPage(unwrap(body), p.page, p.limit),
      providesTags: ['Listing'],
    }),
    getListingBySlug: build.query<Listing, string>({
      query: (slug) => ({ url: `/product/slug/${encodeURIComponent(slug)}` }),
      transformResponse: (body) => toListing(unwrap(body)),
      providesTags: ['Listing'],
    }),
    getReportReasons: build.query<string[], void>({
      query: () => ({ url: '/reports/reasons' }),
      transformResponse: (body) => {
        const d = unwrap<unknown>(body);
        return Array.isArray(d)
          ? d.filter((x): x is string => typeof x === 'string')
          : Object.keys(REPORT_REASON_LABELS);
      },
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
