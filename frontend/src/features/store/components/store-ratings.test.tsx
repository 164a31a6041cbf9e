import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockFetch, renderApp, signIn, profileBody } from '../../../test/test-utils';

// The store page is a lazy chunk compiled on first use: a generous deadline for a busy machine.
configure({ asyncUtilTimeout: 10_000 });

const rater = {
  user_id: 'r1',
  first_name: 'Rita',
  last_name: 'Rater',
  username: 'rita',
  profile_image: '',
};

function storeBackend(ratings: unknown, me = 'me') {
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
    if (url.pathname === '/api/profile') return { body: profileBody({ userId: me }) };
    if (url.pathname === '/api/product/published-by-user/seller') {
      return {
        body: {
          success: true,
          data: { products: [], totalCount: 0, page: 1, limit: 24, totalPages: 0 },
        },
      };
    }
    if (url.pathname === '/api/rating/user/seller')
      return { body: { success: true, data: ratings } };
    return undefined;
  });
}

describe('ratings on the store page', () => {
  it('shows the average in hearts, the count and each comment', async () => {
    storeBackend({
      ratings: [
        {
          rating_id: 'a',
          proposal_id: 'p1',
          rater_id: 'r1',
          rated_user_id: 'seller',
          rating_value: 4.5,
          comment: 'Great swap',
          rater,
          created_at: '2026-01-10T10:00:00.000Z',
        },
        {
          rating_id: 'b',
          proposal_id: 'p2',
          rater_id: 'r2',
          rated_user_id: 'seller',
          rating_value: 4,
          comment: '',
          rater: { ...rater, user_id: 'r2', first_name: 'Ray' },
          created_at: '2026-01-11T10:00:00.000Z',
        },
      ],
      average_rating: 4.3,
      count: 2,
    });
    renderApp('/store/seller');
    const section = await screen.findByRole('region', { name: 'Ratings' });
    expect(
      await within(section).findByRole('img', { name: 'Rated 4.3 out of 5 from 2 reviews' }),
    ).toBeInTheDocument();
    expect(within(section).getByText('4.3 average from 2 ratings')).toBeInTheDocument();
    expect(within(section).getByText('Great swap')).toBeInTheDocument();
    expect(within(section).getByText('Rita Rater')).toBeInTheDocument();
    expect(within(section).getByRole('img', { name: '4.5 out of 5 hearts' })).toBeInTheDocument();
    expect(within(section).getByText('Jan 10, 2026')).toBeInTheDocument();
    // The half heart of 4.5.
    const hearts = within(section).getByRole('img', { name: '4.5 out of 5 hearts' });
    expect(hearts.querySelectorAll('.heart--half')).toHaveLength(1);
    expect(hearts.querySelectorAll('.heart--full')).toHaveLength(4);
  });

  it('lets the store’s owner answer a rating once, and shows answers under their ratings', async () => {
    const answered: unknown[] = [];
    let answer: { comment: string; created_at: string } | null = null;
    const shown = (over: Record<string, unknown>) => ({
      proposal_id: 'p1',
      rater_id: 'r1',
      rated_user_id: 'seller',
      rating_value: 2,
      comment: 'Arrived damaged',
      rater,
      created_at: '2026-01-10T10:00:00.000Z',
      shown: true,
      visible_at: null,
      ...over,
    });
    mockFetch(({ url, method, body }) => {
      if (url.pathname === '/api/auth/refresh') return { status: 401, body: {} };
      if (url.pathname === '/api/profile') return { body: profileBody({ userId: 'seller' }) };
      if (url.pathname === '/api/product/published-by-user/seller') {
        return {
          body: {
            success: true,
            data: { products: [], totalCount: 0, page: 1, limit: 24, totalPages: 0 },
          },
        };
      }
      if (method === 'POST' && url.pathname === '/api/rating/p1%3Ar1/answer') {
        answered.push(body);
        answer = { comment: 'Sorry, the carrier dropped it.', created_at: '2026-01-11T10:00:00Z' };
        return {
          status: 201,
          body: { success: true, data: shown({ rating_id: 'p1:r1', answer }) },
        };
      }
      if (url.pathname === '/api/rating/user/seller') {
        return {
          body: {
            success: true,
            data: {
              ratings: [
                shown({ rating_id: 'p1:r1', answer }),
                shown({
                  rating_id: 'p2:r2',
                  proposal_id: 'p2',
                  rater_id: 'r2',
                  rater: { ...rater, user_id: 'r2', first_name: 'Ray' },
                  rating_value: 5,
                  comment: 'Lovely',
                  answer: { comment: 'Thank you!', created_at: '2026-01-12T10:00:00Z' },
                }),
              ],
              average_rating: 3.5,
              count: 2,
            },
          },
        };
      }
      return undefined;
    });
    signIn('seller');
    renderApp('/store/seller');
    const section = await screen.findByRole('region', { name: 'Ratings' });
    expect(await within(section).findByText('Thank you!')).toBeInTheDocument();
    // Only the unanswered rating offers an answer.
    const offers = within(section).getAllByRole('button', { name: 'Answer publicly' });
    expect(offers).toHaveLength(1);
    fireEvent.click(offers[0]!);
    const field = within(section).getByLabelText(/^Your answer/);
    fireEvent.click(within(section).getByRole('button', { name: 'Publish answer' }));
    expect(within(section).getByText('Write your answer first.')).toBeInTheDocument();
    fireEvent.change(field, { target: { value: '  Sorry, the carrier dropped it. ' } });
    fireEvent.click(within(section).getByRole('button', { name: 'Publish answer' }));
    await waitFor(() => expect(answered).toEqual([{ comment: 'Sorry, the carrier dropped it.' }]));
    // The list is read again after the answer: wait for the answer in the settled list.
    await waitFor(() => {
      expect(within(section).getByText('Sorry, the carrier dropped it.')).toBeInTheDocument();
      expect(within(section).queryByRole('button', { name: 'Answer publicly' })).toBeNull();
    });
  });

  it('offers no answer to a visitor', async () => {
    storeBackend({
      ratings: [
        {
          rating_id: 'p1:r1',
          proposal_id: 'p1',
          rater_id: 'r1',
          rated_user_id: 'seller',
          rating_value: 3,
          comment: 'Fine',
          rater,
          created_at: '2026-01-10T10:00:00.000Z',
          shown: true,
          visible_at: null,
          answer: null,
        },
      ],
      average_rating: 3,
      count: 1,
    });
    signIn('me');
    renderApp('/store/seller');
    const section = await screen.findByRole('region', { name: 'Ratings' });
    expect(await within(section).findByText('Fine')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Answer publicly' })).toBeNull();
  });

  it('says "No ratings yet" when there are none', async () => {
    storeBackend({ ratings: [], average_rating: 0, count: 0 });
    renderApp('/store/seller');
    const section = await screen.findByRole('region', { name: 'Ratings' });
    expect(await within(section).findByText('No ratings yet')).toBeInTheDocument();
  });

  it('offers "Make an Offer" on another member’s store, not on my own', async () => {
    storeBackend({ ratings: [], average_rating: 0, count: 0 });
    signIn('me');
    const { unmount } = renderApp('/store/seller');
    expect(await screen.findByRole('link', { name: 'Make an Offer' })).toHaveAttribute(
      'href',
      '/exchange-proposal/seller',
    );
    unmount();

    storeBackend({ ratings: [], average_rating: 0, count: 0 }, 'seller');
    signIn('seller');
    renderApp('/store/seller');
    await screen.findByRole('region', { name: 'Ratings' });
    expect(screen.queryByRole('link', { name: 'Make an Offer' })).toBeNull();
  });
});
