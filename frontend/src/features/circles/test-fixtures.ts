import type { CircleResponse, MathTradeResponse, WantListResponse } from '@swapbooth/contracts';
import { listing, ME, OTHER } from '../exchange/test-fixtures';

/** Contract-shaped answers of the circles API, for the circles screens' tests. */

export const THIRD = 'third';

export const wantList = (productId: string, wants: string[]): WantListResponse => ({
  product_id: productId,
  product: listing(productId, ME),
  wants: wants.map((id) => listing(id, id.startsWith('t') ? THIRD : OTHER)),
  updated_at: '2026-01-02T10:00:00.000Z',
});

/** A proposed 3-circle in which I give m1 and receive o1, waiting for my answer. */
export const circle = (over: Partial<CircleResponse> = {}): CircleResponse => ({
  circle_id: 'c1',
  status: 'proposed',
  size: 3,
  gives: listing('m1', ME),
  receives: listing('o1', OTHER),
  my_answer: 'pending',
  accepted_count: 1,
  allowed_actions: ['accept', 'decline'],
  exchanges: null,
  dissolved_reason: null,
  expires_at: '2026-01-05T10:00:00.000Z',
  created_at: '2026-01-02T10:00:00.000Z',
  updated_at: '2026-01-02T10:00:00.000Z',
  ...over,
});

export const mathTrade = (over: Partial<MathTradeResponse> = {}): MathTradeResponse => ({
  math_trade_id: 'mt1',
  name: 'Spring trade',
  organiser_id: ME,
  items_total: 874,
  items_trading: 196,
  users_trading: 34,
  group_sizes: [2, 7, 3],
  sum_of_squares: 62,
  elapsed_ms: 412,
  warnings: ['**** Unknown item name ZZZ in want list of (carol) 0042-CATAN'],
  loops: [
    [
      { user: 'alice', item: '0001-A', receives_from: 'bob', receives_item: '0002-B' },
      { user: 'bob', item: '0002-B', receives_from: 'alice', receives_item: '0001-A' },
    ],
  ],
  report:
    'TRADE LOOPS (196 total trades):\n\n(alice) 0001-A receives (bob) 0002-B\n\nNum trades  = 196 of 874 items (22.4%)',
  created_at: '2026-01-02T10:00:00.000Z',
  ...over,
});
