import type { ApiSuccess, RatingResponse } from '@swapbooth/contracts';
import { api } from './api';

/** `POST /api/rating/{id}/answer`: the member rated answers a shown rating once, publicly. */
export interface RatingAnswer {
  rating: Pick<RatingResponse, 'rating_id' | 'proposal_id' | 'rated_user_id'>;
  comment: string;
}

/** `PUT /api/rating/{id}`: its rater changes a rating while it is still hidden. */
export interface RatingChange {
  rating: Pick<RatingResponse, 'rating_id' | 'proposal_id'>;
  rating_value: number;
  comment: string;
}

/** Calls about one rating, shared by the store page and the proposal page. */
export const ratingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeRating: build.mutation<RatingResponse, RatingChange>({
      query: ({ rating, ...body }) => ({
        url: `/rating/${encodeURIComponent(rating.rating_id)}`,
        method: 'PUT',
        body,
      }),
      transformResponse: (body: ApiSuccess<RatingResponse>) => body.data,
      invalidatesTags: (_r, _e, { rating }) => [
        { type: 'Ratings', id: `proposal:${rating.proposal_id}` },
      ],
    }),
    answerRating: build.mutation<RatingResponse, RatingAnswer>({
      query: ({ rating, comment }) => ({
        url: `/rating/${encodeURIComponent(rating.rating_id)}/answer`,
        method: 'POST',
        body: { comment },
      }),
      transformResponse: (body: ApiSuccess<RatingResponse>) => body.data,
      invalidatesTags: (_r, _e, { rating }) => [
        { type: 'Ratings', id: rating.rated_user_id },
        { type: 'Ratings', id: `proposal:${rating.proposal_id}` },
      ],
    }),
  }),
});

export const { useAnswerRatingMutation, useChangeRatingMutation } = ratingsApi;
