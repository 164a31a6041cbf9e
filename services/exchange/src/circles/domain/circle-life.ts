import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, domainEvent } from '@swapbooth/event-bus';
import {
  circleNotFound,
  decideAnswer,
  decideDissolve,
  excludedEdges,
  memberOf,
  proposedEvent,
  type Circle,
  type CircleMove,
} from './circle';
import type { CircleDeps } from './circle-ports';
import type { Proposal } from '../../proposals/domain/proposal';
import { factsOf } from '../../proposals/domain/proposal-moves';
import { startClocks } from '../../proposals/domain/trade-clock';
import {
  circleHold,
  circleOfHold,
  claimAll,
  releaseAll,
} from '../../proposals/domain/claim-listings';
import type { DueWork } from '../../shared/domain/due-work';

/**
 * Optimistic read-modify-write of one circle (as proposals do): `decide` sees the stored state;
 * a concurrent write makes it run again from a fresh read.
 */
function mutateCircle(
  deps: Pick<CircleDeps, 'circles'>,
  id: string,
  decide: (c: Circle) => CircleMove | undefined,
): Promise<{ circle: Circle; before: Circle; changed: boolean }> {
  return compareAndSet(
    async () => {
      const before = await deps.circles.findById(id);
      if (!before) throw circleNotFound();
      const move = decide(before);
      if (!move) return { circle: before, before, changed: false };
      const next = { ...move.next, version: before.version + 1 };
      return (await deps.circles.replace(next, before.version, move.events))
        ? { circle: next, before, changed: true }
        : CONFLICT;
    },
    { exhausted: () => AppError.conflict('The circle changed meanwhile; try again') },
  );
}

/**
 * Whether a reservation taken for a circle still stands: the circle waits for answers or was
 * accepted (its exchanges take the reservations over). 'unknown' while no circle is stored under
 * that id (a proposal in progress, or one that stopped half-way: the grace period decides).
 */
export async function circleHolds(
  deps: Pick<CircleDeps, 'circles'>,
  circleId: string,
): Promise<'holds' | 'released' | 'unknown'> {
  const c = await deps.circles.findById(circleId);
  if (!c) return 'unknown';
  return c.status === 'dissolved' ? 'released' : 'holds';
}

async function releaseHolds(deps: Pick<CircleDeps, 'reservations'>, c: Circle): Promise<void> {
  await releaseAll(
    deps.reservations,
    c.members.map((m) => m.gives),
    circleHold(c.id),
  );
}

/**
 * Proposes one solved cycle: reserves every listing for the circle (the same unique claim an
 * accepted exchange makes, so a listing is never in two pending circles or in a circle and an
 * exchange), then stores the circle with `circle.proposed`. A listing held by anything else gives
 * up this circle and undoes its claims. Returns whether it was proposed.
 */
export async function proposeCircle(
  deps: Pick<CircleDeps, 'circles' | 'reservations'>,
  c: Circle,
  isAbandoned: (holder: string, at: Date) => Promise<boolean>,
): Promise<boolean> {
  const hold = circleHold(c.id);
  const { claimed, blockedBy } = await claimAll(
    deps.reservations,
    c.members.map((m) => m.gives),
    hold,
    c.createdAt,
    (held) => isAbandoned(held.proposalId, held.at),
  );
  if (blockedBy !== undefined) return false;
  try {
    await deps.circles.insert(c, [proposedEvent(c)]);
  } catch (err) {
    await releaseAll(deps.reservations, claimed, hold);
    throw err;
  }
  return true;
}

/** After a circle dissolved: its edges are left out for a while, its listings freed, look again. */
async function afterDissolved(
  deps: Pick<CircleDeps, 'exclusions' | 'reservations' | 'now' | 'exclusionMs' | 'rematch'>,
  c: Circle,
): Promise<void> {
  const edges = excludedEdges(c);
  if (edges.length) {
    await deps.exclusions.exclude(edges, new Date(deps.now().getTime() + deps.exclusionMs));
  }
  await releaseHolds(deps, c);
  deps.rematch();
}

/** The one accepted proposal that stands for an edge of an accepted circle. */
function edgeProposal(c: Circle, e: NonNullable<Circle['exchanges']>[number], now: Date): Proposal {
  return {
    id: e.proposalId,
    senderId: e.takerId,
    receiverId: e.giverId,
    status: 'accepted',
    rounds: [
      {
        round: 1,
        by: e.takerId,
        requestedProductIds: [e.productId],
        offeredProductIds: [],
        message: `Part of a trade circle of ${c.members.length} members`,
        depositAmount: 0,
        senderShippingContribution: 0,
        receiverShippingContribution: 0,
        createdAt: now,
      },
    ],
    shipping: {
      sender: { status: 'preparing', trackingNote: '' },
      receiver: { status: 'preparing', trackingNote: '' },
    },
    acceptedAt: now,
    circleId: c.id,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
}

/**
 * Turns an accepted circle into its linked exchanges: one accepted proposal per edge (with
 * `proposal.accepted`, so catalog marks the listing reserved and other proposals naming it end),
 * each taking over the circle's reservation of its listing. Safe to run again after a stop, and
 * at the same time as another settlement (the last answer and the sweep can meet): an exchange
 * that exists is kept (its id is the edge's, so a second insert finds it taken), a reservation
 * already moved is left.
 */
export async function settleCircle(
  deps: Pick<CircleDeps, 'circles' | 'proposals' | 'reservations' | 'now' | 'clock'>,
  id: string,
): Promise<Circle> {
  const c = await deps.circles.findById(id);
  if (!c) throw circleNotFound();
  if (c.status !== 'accepted' || c.settled || !c.exchanges) return c;
  const at = c.updatedAt;
  for (const e of c.exchanges) {
    if (!(await deps.proposals.findById(e.proposalId))) {
      // Its giver's shipping deadline runs from the circle's acceptance, like any exchange's.
      const edge = edgeProposal(c, e, at);
      const p = deps.clock ? startClocks(edge, at, deps.clock) : edge;
      // False: a settlement running meanwhile stored it (with its one proposal.accepted).
      await deps.proposals.insert(p, [domainEvent('proposal.accepted', p.id, factsOf(p))]);
    }
    // The circle's hold on the listing passes to the edge's exchange (a listing held by anything
    // else is left as it is).
    await claimAll(
      deps.reservations,
      [e.productId],
      e.proposalId,
      deps.now(),
      async (held) => held.proposalId === circleHold(c.id),
    );
  }
  return (
    await mutateCircle(deps, id, (cur) =>
      cur.settled ? undefined : { next: { ...cur, settled: true }, events: [] },
    )
  ).circle;
}

/** `PUT /api/circles/{id}/status`: a member accepts or declines. */
export async function answerCircle(
  deps: CircleDeps,
  id: string,
  actorId: string,
  answer: 'accepted' | 'declined',
): Promise<Circle> {
  const { circle, changed } = await mutateCircle(deps, id, (c) =>
    decideAnswer(c, actorId, answer, { now: deps.now(), newId: deps.newId }),
  );
  if (!changed) return circle;
  if (circle.status === 'dissolved') await afterDissolved(deps, circle);
  if (circle.status === 'accepted') {
    // If this stops half-way, the due-work sweep settles it once the grace period is over.
    return settleCircle(deps, circle.id);
  }
  return circle;
}

/** Dissolves a pending circle for the service's own reasons (window passed, listing gone). */
export async function dissolveCircle(
  deps: CircleDeps,
  id: string,
  reason: 'expired' | 'unavailable',
): Promise<boolean> {
  const { circle, changed } = await mutateCircle(deps, id, (c) =>
    decideDissolve(c, reason, deps.now()),
  );
  if (changed) await afterDissolved(deps, circle);
  return changed;
}

/** Listings that left the catalog (or were unpublished): a pending circle holding one dissolves. */
export async function listingsGone(deps: CircleDeps, listingIds: readonly string[]): Promise<void> {
  for (const lid of listingIds) {
    const held = await deps.reservations.find(lid);
    const circleId = held && circleOfHold(held.proposalId);
    if (circleId) {
      try {
        await dissolveCircle(deps, circleId, 'unavailable');
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'not_found')) throw err;
      }
    }
  }
}

/**
 * The circles' due work: pending circles whose window passed dissolve (`expired`), accepted circles
 * that did not settle within the grace period are settled.
 */
export const dueCircles = (deps: CircleDeps): DueWork => ({
  name: 'circles',
  due: (now, limit) =>
    deps.circles.dueIds(now, new Date(now.getTime() - deps.reservationGraceMs), limit),
  settle: async (id) => {
    const c = await deps.circles.findById(id);
    if (c?.status === 'proposed') await dissolveCircle(deps, id, 'expired');
    else if (c?.status === 'accepted' && !c.settled) await settleCircle(deps, id);
  },
});

/** `GET /api/circles/{id}`: only a member sees a circle; anyone else is told it does not exist. */
export async function getCircle(
  deps: Pick<CircleDeps, 'circles'>,
  id: string,
  viewerId: string,
): Promise<Circle> {
  const c = await deps.circles.findById(id);
  if (!c || !memberOf(c, viewerId)) throw circleNotFound();
  return c;
}

/** `GET /api/circles`: the viewer's circles, newest first. */
export function myCircles(deps: Pick<CircleDeps, 'circles'>, viewerId: string): Promise<Circle[]> {
  return deps.circles.ofMember(viewerId);
}
