import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { request, type ApiError, type RequestArgs } from './http';

const baseQuery: BaseQueryFn<RequestArgs | string, unknown, ApiError> = (args) =>
  request(typeof args === 'string' ? { url: args } : args);

/** The one API slice; each feature injects its endpoints (`injectEndpoints`). */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Profile',
    'Addresses',
    'Likes',
    'Bag',
    'Listing',
    'MyListings',
    'Booth',
    'Follow',
    'Notifications',
    'Categories',
    'Proposal',
    'Proposals',
    'ExchangeStats',
    'Ratings',
    'Blocks',
  ],
  endpoints: () => ({}),
});
