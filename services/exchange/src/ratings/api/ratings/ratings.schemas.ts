/** The rating routes' request schemas live with their contract (packages/contracts). */
export {
  createRatingBody,
  ratingIdParam,
  userRatingsQuery,
  type CreateRatingBody,
} from '@swapbooth/contracts';
