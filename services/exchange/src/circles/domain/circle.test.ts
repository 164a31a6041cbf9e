import { AppError } from '@swapbooth/service-kit';
import {
  circleOfCycle,
  decideAnswer,
  decideDissolve,
  edgeKey,
  excludedEdges,
  mayAnswer,
  type Circle,
} from './circle';
import { marketOf, proposable, shortCycles } from './match-circles';
import { checkWants } from './want-lists';
import type { Listing } from '../../proposals/domain/proposal-ports';
import { allowedActions, type Proposal } from '../../proposals/domain/proposal';
import { decideShipping } from '../../proposals/domain/proposal-moves';

const t0 = new Date('2026-01-01T00:00:00Z');
const hours = (h: number) => new Date(t0.getTime() + h * 3600_000);
const owners: Record<string, string> = { a: 'ann', b: 'bob', c: 'cat' };
let ids = 0;
const newId = () => `x${++ids}`;

/** ann gives a and receives b, bob gives b and receives c, cat gives c and receives a. */
const circle = (): Circle =>
  circleOfCycle(['a', 'b', 'c'], (id) => owners[id]!, {
    id: 'c1',
    now: t0,
    expiresAt: hours(72),
  })!;

const refusal = (f: () => unknown): AppError => {
  try {
    f();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('expected a refusal');
};

describe('a circle of a solved cycle', () => {
  it('gives each member their listing and the next one (the last receives the first)', () => {
    expect(circle().members.map((m) => [m.userId, m.gives, m.receives])).toEqual([
      ['ann', 'a', 'b'],
      ['bob', 'b', 'c'],
      ['cat', 'c', 'a'],
    ]);
  });

  it('is not made when one member would appear twice', () => {
    const twice = circleOfCycle(['a', 'b', 'd'], (id) => (id === 'd' ? 'ann' : owners[id]!), {
      id: 'c2',
      now: t0,
      expiresAt: hours(1),
    });
    expect(twice).toBeUndefined();
  });
});

describe('answering a circle', () => {
  it('waits for everyone, then plans one exchange per edge: the giver ships to whoever receives', () => {
    let c = circle();
    for (const who of ['ann', 'bob']) {
      c = { ...decideAnswer(c, who, 'accepted', { now: hours(1), newId })!.next };
      expect(c.status).toBe('proposed');
    }
    const last = decideAnswer(c, 'cat', 'accepted', { now: hours(2), newId })!;
    expect(last.next.status).toBe('accepted');
    expect(last.events.map((e) => e.type)).toEqual(['circle.accepted']);
    expect(last.next.exchanges!.map((e) => [e.productId, e.giverId, e.takerId]).sort()).toEqual([
      ['a', 'ann', 'cat'],
      ['b', 'bob', 'ann'],
      ['c', 'cat', 'bob'],
    ]);
  });

  it('dissolves on a decline, naming who declined, and excludes only their edge', () => {
    const move = decideAnswer(circle(), 'bob', 'declined', { now: hours(1), newId })!;
    expect(move.next).toMatchObject({ status: 'dissolved', dissolvedReason: 'declined' });
    expect(move.events[0]).toMatchObject({
      type: 'circle.dissolved',
      data: { reason: 'declined', actorId: 'bob', size: 3 },
    });
    expect(excludedEdges(move.next)).toEqual([{ userId: 'bob', from: 'b', to: 'c' }]);
  });

  it('hides the circle from non-members (404) and refuses answers once it is decided or late (409)', () => {
    expect(
      refusal(() => decideAnswer(circle(), 'eve', 'accepted', { now: t0, newId })).status,
    ).toBe(404);
    const dissolved = decideAnswer(circle(), 'bob', 'declined', { now: t0, newId })!.next;
    expect(
      refusal(() => decideAnswer(dissolved, 'ann', 'accepted', { now: t0, newId })).status,
    ).toBe(409);
    expect(
      refusal(() => decideAnswer(circle(), 'ann', 'accepted', { now: hours(72), newId })).message,
    ).toBe('The time to answer this circle has passed');
    expect(mayAnswer(circle(), 'ann', hours(71))).toBe(true);
    expect(mayAnswer(circle(), 'ann', hours(72))).toBe(false);
  });

  it('takes a repeated answer as no change, and refuses changing one’s mind', () => {
    const c = decideAnswer(circle(), 'ann', 'accepted', { now: t0, newId })!.next;
    expect(decideAnswer(c, 'ann', 'accepted', { now: t0, newId })).toBeUndefined();
    expect(refusal(() => decideAnswer(c, 'ann', 'declined', { now: t0, newId })).message).toBe(
      'You already answered: accepted',
    );
  });
});

describe('dissolving a pending circle', () => {
  it('expires only once due, marking who did not answer and excluding their edges', () => {
    const c = decideAnswer(circle(), 'ann', 'accepted', { now: t0, newId })!.next;
    expect(decideDissolve(c, 'expired', hours(71))).toBeUndefined();
    const move = decideDissolve(c, 'expired', hours(72))!;
    expect(move.next.members.map((m) => m.answer)).toEqual(['accepted', 'expired', 'expired']);
    expect(excludedEdges(move.next).map((e) => edgeKey(e.from, e.to))).toEqual(['b>c', 'c>a']);
  });

  it('dissolves as unavailable at once, excluding nothing, and leaves a decided circle alone', () => {
    const move = decideDissolve(circle(), 'unavailable', t0)!;
    expect(move.next.dissolvedReason).toBe('unavailable');
    expect(excludedEdges(move.next)).toEqual([]);
    expect(decideDissolve(move.next, 'unavailable', t0)).toBeUndefined();
  });
});

const listing = (id: string, ownerId: string, status = 'published'): Listing => ({
  id,
  ownerId,
  title: id,
  slug: id,
  type: 'item',
  status,
  sellerActive: true,
  version: 1,
});

describe('want-list rules', () => {
  const known = new Map([
    ['x', listing('x', 'bob')],
    ['y', listing('y', 'bob', 'draft')],
    ['mine', listing('mine', 'ann')],
  ]);
  const why = (wants: string[]) => refusal(() => checkWants('ann', wants, known));

  it('names repeated, unknown, own and unpublished listings, in that order, on the wants field', () => {
    expect(why(['x', 'x']).message).toBe('wants: listed more than once: x');
    expect(why(['x', 'nope']).message).toBe('wants: unknown listings: nope');
    expect(why(['mine']).message).toBe('wants: your own listings cannot be wanted: mine');
    expect(why(['y']).message).toBe('wants: not published: y');
    expect(why(['y']).details).toEqual({ field: 'wants' });
    expect(() => checkWants('ann', ['x'], known)).not.toThrow();
  });
});

describe('the market the matcher solves', () => {
  const listings = new Map(
    [
      listing('a', 'ann'),
      listing('b', 'bob'),
      listing('c', 'cat'),
      listing('d', 'dan', 'draft'),
    ].map((l) => [l.id, l]),
  );
  const lists = [
    { productId: 'a', ownerId: 'ann', wants: ['d', 'b'], updatedAt: t0 },
    { productId: 'b', ownerId: 'bob', wants: ['c'], updatedAt: t0 },
    { productId: 'c', ownerId: 'cat', wants: ['a', 'b'], updatedAt: t0 },
    { productId: 'd', ownerId: 'dan', wants: ['a'], updatedAt: t0 },
  ];

  it('keeps published, unreserved listings with a want list, and wants between them ranked by position', () => {
    const m = marketOf(lists, listings, new Set(), new Set());
    expect(m.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(m.wants).toEqual([
      { item: 'a', wants: 'b', rank: 2 },
      { item: 'b', wants: 'c', rank: 1 },
      { item: 'c', wants: 'a', rank: 1 },
      { item: 'c', wants: 'b', rank: 2 },
    ]);
  });

  it('leaves out reserved listings and excluded edges', () => {
    const m = marketOf(lists, listings, new Set(['b']), new Set([edgeKey('c', 'a')]));
    expect(m.items.map((i) => i.id)).toEqual(['a', 'c']);
    expect(m.wants).toEqual([]);
  });
});

describe("a circle's exchange", () => {
  const edge: Proposal = {
    id: 'p1',
    senderId: 'cat',
    receiverId: 'ann',
    status: 'accepted',
    rounds: [
      {
        round: 1,
        by: 'cat',
        requestedProductIds: ['a'],
        offeredProductIds: [],
        message: '',
        depositAmount: 0,
        senderShippingContribution: 0,
        receiverShippingContribution: 0,
        createdAt: t0,
      },
    ],
    shipping: {
      sender: { status: 'preparing', trackingNote: '' },
      receiver: { status: 'preparing', trackingNote: '' },
    },
    acceptedAt: t0,
    circleId: 'c1',
    createdAt: t0,
    updatedAt: t0,
    version: 1,
  };

  it('has one parcel: the giver ships it, the taker confirms it, and that completes the exchange', () => {
    expect(allowedActions(edge, 'ann')).toEqual(['cancel', 'ship']);
    expect(allowedActions(edge, 'cat')).toEqual(['cancel', 'confirm_delivery']);
    expect(
      refusal(() => decideShipping(edge, 'cat', 'sender', 'shipped', undefined, { now: t0 }))
        .status,
    ).toBe(409);
    const shipped = decideShipping(edge, 'ann', 'receiver', 'shipped', undefined, {
      now: t0,
    })!.next;
    expect(allowedActions(shipped, 'ann')).toEqual([]);
    const done = decideShipping(shipped, 'cat', 'receiver', 'delivered', undefined, { now: t0 })!;
    expect(done.next.status).toBe('completed');
    expect(done.events.map((e) => e.type)).toEqual([
      'proposal.shipping-updated',
      'proposal.completed',
    ]);
    expect(allowedActions(done.next, 'ann')).toEqual(['rate']);
    expect(allowedActions(done.next, 'cat')).toEqual(['rate']);
  });
});

describe('what the matcher proposes of a solved cover', () => {
  const owner = (id: string) => id[0]!;
  it('proposes loops of up to 8 listings with every member once', () => {
    expect(proposable(['a1', 'b1', 'c1'], owner)).toBe(true);
    expect(proposable(['a1', 'b1', 'a2', 'c1'], owner)).toBe(false);
    expect(
      proposable(
        'abcdefghi'.split('').map((c) => `${c}1`),
        owner,
      ),
    ).toBe(false);
  });

  it('finds short circles with every member once inside a loop that visits a member twice', () => {
    // a1 → b1 → a2 → c1 → a1 is one loop with member a twice; b1 also wants c1, so a1 → b1 → c1 → a1
    // is a circle with everyone once (a2 stays out).
    const w = (item: string, wants: string, rank = 1) => ({ item, wants, rank });
    const found = shortCycles(
      ['a1', 'b1', 'a2', 'c1'],
      [
        w('a1', 'b1'),
        w('b1', 'a2'),
        w('a2', 'c1'),
        w('c1', 'a1'),
        w('b1', 'c1', 2),
        w('c1', 'b1', 2),
      ],
      owner,
    );
    expect(found).toEqual([['a1', 'b1', 'c1']]);
  });
});
