/** The rating routes' request schemas live with their contract (packages/contracts). */
export {
  answerRatingBody,
  changeRatingBody,
  createRatingBody,
  ratingIdParam,
  removeRatingBody,
  userRatingsQuery,
  type CreateRatingBody,
} from '@swapbooth/contracts';
