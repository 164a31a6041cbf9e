import { proposalLimits, RECENT_RATINGS_LISTED } from '@swapbooth/contracts';
import { MAX_LISTINGS_PER_SIDE, MAX_MESSAGE_LENGTH, MAX_MONEY } from '../../domain/proposal';
import { RECENT_RATINGS } from '../../../ratings/domain/rating';

describe('the request contract of proposals and ratings', () => {
  it('bounds terms and rating lists with the numbers the domain enforces', () => {
    expect(proposalLimits).toEqual({
      listingsPerSide: MAX_LISTINGS_PER_SIDE,
      messageLength: MAX_MESSAGE_LENGTH,
      money: MAX_MONEY,
    });
    expect(RECENT_RATINGS_LISTED).toBe(RECENT_RATINGS);
  });
});
