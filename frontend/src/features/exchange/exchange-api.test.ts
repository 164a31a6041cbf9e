import { makeStore } from '../../app/store';
import { mockFetch } from '../../test/test-utils';
import { exchangeApi } from './exchange-api';
import { proposal } from './test-fixtures';

describe('exchange calls', () => {
  it('reads money terms as numbers, 0 when missing (SPEC §5)', async () => {
    const raw = { ...proposal(), deposit_amount: '12.50', sender_shipping_contribution: undefined };
    mockFetch(() => ({ body: { success: true, data: raw } }));
    const store = makeStore();
    const result = await store.dispatch(exchangeApi.endpoints.getProposal.initiate('pr1'));
    expect(result.data?.deposit_amount).toBe(12.5);
    expect(result.data?.sender_shipping_contribution).toBe(0);
    expect(result.data?.rounds[0]?.deposit_amount).toBe(5);
  });

  it('swallows a failure of the product proposals fetch (SPEC §8)', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, message: 'down' } }));
    const store = makeStore();
    const result = await store.dispatch(exchangeApi.endpoints.getProductProposals.initiate('p1'));
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual({
      proposals: [],
      counts: { total: 0, open: 0, acceptedItems: 0 },
    });
  });

  it('answers a failed proposals list with "Failed to fetch proposals" (SPEC §8)', async () => {
    mockFetch(() => ({ status: 503, body: { success: false, message: 'Service unavailable' } }));
    const store = makeStore();
    const result = await store.dispatch(
      exchangeApi.endpoints.getUserProposals.initiate({ userId: 'me', page: 1 }),
    );
    expect(result.error).toMatchObject({ status: 503, message: 'Failed to fetch proposals' });
  });
});
