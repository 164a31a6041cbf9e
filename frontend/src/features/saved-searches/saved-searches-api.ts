import type {
  ApiSuccess,
  CreateSavedSearchBody,
  SavedSearchAlertMode,
  SavedSearchListResponse,
  SavedSearchResponse,
} from '@swapbooth/contracts';
import { api } from '../../app/api';

export type SavedSearch = SavedSearchResponse;
export type AlertMode = SavedSearchAlertMode;

/** How each alert mode reads in the forms, in the order offered. */
export const ALERT_MODES: Array<[AlertMode, string]> = [
  ['in_app', 'In the app'],
  ['email_instant', 'By e-mail, at once'],
  ['email_daily', 'By e-mail, a daily digest'],
  ['none', 'No alerts (keep it in my list)'],
];

const tagged = api.enhanceEndpoints({ addTagTypes: ['SavedSearches'] });

/** A member's saved searches (the search service, /api/saved-searches). */
export const savedSearchesApi = tagged.injectEndpoints({
  endpoints: (build) => ({
    savedSearches: build.query<SavedSearchListResponse, void>({
      query: () => ({ url: '/saved-searches' }),
      transformResponse: ({ data }: ApiSuccess<SavedSearchListResponse>) => data,
      providesTags: ['SavedSearches'],
    }),
    saveSearch: build.mutation<SavedSearch, CreateSavedSearchBody>({
      query: (body) => ({ url: '/saved-searches', method: 'POST', body }),
      transformResponse: ({ data }: ApiSuccess<SavedSearch>) => data,
      invalidatesTags: ['SavedSearches'],
    }),
    updateSavedSearch: build.mutation<
      SavedSearch,
      { id: string; name?: string; alerts?: AlertMode }
    >({
      query: ({ id, ...body }) => ({
        url: `/saved-searches/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      transformResponse: ({ data }: ApiSuccess<SavedSearch>) => data,
      invalidatesTags: ['SavedSearches'],
    }),
    openSavedSearch: build.mutation<SavedSearch, string>({
      query: (id) => ({ url: `/saved-searches/${encodeURIComponent(id)}/open`, method: 'POST' }),
      transformResponse: ({ data }: ApiSuccess<SavedSearch>) => data,
      invalidatesTags: ['SavedSearches'],
    }),
    deleteSavedSearch: build.mutation<void, string>({
      query: (id) => ({ url: `/saved-searches/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['SavedSearches'],
    }),
  }),
});

export const {
  useSavedSearchesQuery,
  useSaveSearchMutation,
  useUpdateSavedSearchMutation,
  useOpenSavedSearchMutation,
  useDeleteSavedSearchMutation,
} = savedSearchesApi;
