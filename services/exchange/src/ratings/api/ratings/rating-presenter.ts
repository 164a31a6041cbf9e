import type { RatingResponse } from '@swapbooth/contracts';
import type { PartyDirectory } from '../../../shared/domain/ports';
import type { Rating } from '../../domain/rating';

/** Ratings as the API answers them (SPEC §7), each with its rater's public face. */
export class RatingPresenter {
  constructor(private readonly parties: PartyDirectory) {}

  async one(rating: Rating): Promise<RatingResponse> {
    return present(rating, await this.parties.party(rating.raterId));
  }

  async many(ratings: readonly Rating[]): Promise<RatingResponse[]> {
    if (ratings.length === 0) return [];
    const raters = await this.parties.parties([...new Set(ratings.map((r) => r.raterId))]);
    return ratings.map((r) => present(r, raters.get(r.raterId) ?? anonymous(r.raterId)));
  }
}

const anonymous = (userId: string) => ({
  user_id: userId,
  first_name: '',
  last_name: '',
  username: '',
  profile_image: '',
});

function present(r: Rating, rater: RatingResponse['rater']): RatingResponse {
  return {
    rating_id: r.id,
    proposal_id: r.proposalId,
    rater_id: r.raterId,
    rated_user_id: r.ratedUserId,
    rating_value: r.value,
    comment: r.comment,
    rater,
    created_at: r.createdAt.toISOString(),
    shown: r.shown,
    visible_at: r.shown ? null : r.visibleAt.toISOString(),
    answer: r.answer
      ? { comment: r.answer.comment, created_at: r.answer.createdAt.toISOString() }
      : null,
  };
}
