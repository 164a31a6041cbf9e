import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type { CircleAnswer, CircleStatus } from '@swapbooth/contracts';

/**
 * A trade circle: every member gives one listing and receives one. Members are kept in the
 * solver's cycle order, so member i receives what member i+1 gives (the last receives the first's).
 */
export interface CircleMember {
  userId: string;
  /** The member's listing they give (to the previous member). */
  gives: string;
  /** The next member's listing they receive. */
  receives: string;
  answer: CircleAnswer;
  answeredAt?: Date;
}

/** One edge once every member accepted: the giver ships `productId` to the taker. */
export interface CircleExchange {
  proposalId: string;
  giverId: string;
  takerId: string;
  productId: string;
}

export type DissolveReason = 'declined' | 'expired' | 'unavailable';

export interface Circle {
  id: string;
  status: CircleStatus;
  members: CircleMember[];
  /** When the answers are due (while proposed). */
  expiresAt: Date;
  dissolvedReason?: DissolveReason;
  /** Planned with the acceptance; each becomes an accepted proposal when the circle settles. */
  exchanges?: CircleExchange[];
  /** True once every exchange of an accepted circle exists and holds its listing. */
  settled: boolean;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

/** A member's edge of the want graph: their listing `from` for the listing `to`. */
export interface Edge {
  userId: string;
  from: string;
  to: string;
}

export interface CircleMove {
  next: Circle;
  events: DomainEvent[];
}

export const circleNotFound = () => AppError.notFound('Circle not found');

/**
 * The circle of one solved cycle: `cycle[i]`'s owner receives `cycle[i+1]` (the last receives the
 * first). Undefined when a member would appear twice (their view would be ambiguous): such a cycle
 * is not proposed.
 */
export function circleOfCycle(
  cycle: readonly string[],
  ownerOf: (listingId: string) => string,
  facts: { id: string; now: Date; expiresAt: Date },
): Circle | undefined {
  if (cycle.length < 2) return undefined;
  const owners = cycle.map(ownerOf);
  if (new Set(owners).size !== owners.length) return undefined;
  return {
    id: facts.id,
    status: 'proposed',
    members: cycle.map((gives, i) => ({
      userId: owners[i]!,
      gives,
      receives: cycle[(i + 1) % cycle.length]!,
      answer: 'pending' as const,
    })),
    expiresAt: facts.expiresAt,
    settled: false,
    createdAt: facts.now,
    updatedAt: facts.now,
    version: 1,
  };
}

export const memberOf = (c: Circle, userId: string): CircleMember | undefined =>
  c.members.find((m) => m.userId === userId);

export const acceptedCount = (c: Circle): number =>
  c.members.filter((m) => m.answer === 'accepted').length;

/** Whether the viewer's answer is awaited now. */
export const mayAnswer = (c: Circle, userId: string, now: Date): boolean =>
  c.status === 'proposed' &&
  memberOf(c, userId)?.answer === 'pending' &&
  now.getTime() < c.expiresAt.getTime();

/** Who gives `productId` in the circle, and who receives it. */
export function edgeOf(c: Circle, productId: string): { giverId: string; takerId: string } {
  const i = c.members.findIndex((m) => m.gives === productId);
  const n = c.members.length;
  return { giverId: c.members[i]!.userId, takerId: c.members[(i - 1 + n) % n]!.userId };
}

/** What circle events carry: ids only, and each member's own part (never a want list). */
const facts = (c: Circle) => ({
  circleId: c.id,
  memberIds: c.members.map((m) => m.userId),
  size: c.members.length,
  members: c.members.map((m) => ({
    userId: m.userId,
    givesProductId: m.gives,
    receivesProductId: m.receives,
  })),
});

/** The event announcing a newly proposed circle. */
export const proposedEvent = (c: Circle): DomainEvent =>
  domainEvent('circle.proposed', c.id, { ...facts(c), expiresAt: c.expiresAt.toISOString() });

const touch = (c: Circle, now: Date, changes: Partial<Circle>): Circle => ({
  ...c,
  ...changes,
  updatedAt: now,
});

/**
 * A member's answer. Someone outside the circle is told it does not exist (404, so existence does
 * not leak); a repeated identical answer changes nothing; the last acceptance plans one exchange
 * per edge (ids from `newId`), which the circle's settling then creates.
 */
export function decideAnswer(
  c: Circle,
  actorId: string,
  answer: 'accepted' | 'declined',
  opts: { now: Date; newId: () => string },
): CircleMove | undefined {
  const me = memberOf(c, actorId);
  if (!me) throw circleNotFound();
  if (me.answer === answer) return undefined;
  if (c.status !== 'proposed') throw AppError.conflict(`The circle is ${c.status}`);
  if (me.answer !== 'pending') throw AppError.conflict(`You already answered: ${me.answer}`);
  const { now } = opts;
  if (now.getTime() >= c.expiresAt.getTime()) {
    throw AppError.conflict('The time to answer this circle has passed');
  }
  const members = c.members.map((m) =>
    m.userId === actorId ? { ...m, answer, answeredAt: now } : m,
  );
  if (answer === 'declined') {
    const next = touch(c, now, { status: 'dissolved', members, dissolvedReason: 'declined' });
    return {
      next,
      events: [
        domainEvent('circle.dissolved', c.id, { ...facts(next), reason: 'declined', actorId }),
      ],
    };
  }
  if (members.some((m) => m.answer !== 'accepted')) {
    return { next: touch(c, now, { members }), events: [] };
  }
  const exchanges: CircleExchange[] = members.map((m) => ({
    proposalId: opts.newId(),
    productId: m.gives,
    ...edgeOf(c, m.gives),
  }));
  const next = touch(c, now, { status: 'accepted', members, exchanges, settled: false });
  return {
    next,
    events: [domainEvent('circle.accepted', c.id, { ...facts(next), exchanges })],
  };
}

/**
 * The service's own end of a pending circle: its window passed (`expired`, only once due; the
 * members who did not answer are marked so) or one of its listings left (`unavailable`).
 */
export function decideDissolve(
  c: Circle,
  reason: 'expired' | 'unavailable',
  now: Date,
): CircleMove | undefined {
  if (c.status !== 'proposed') return undefined;
  if (reason === 'expired' && now.getTime() < c.expiresAt.getTime()) return undefined;
  const members =
    reason === 'expired'
      ? c.members.map((m) =>
          m.answer === 'pending' ? { ...m, answer: 'expired' as const, answeredAt: now } : m,
        )
      : c.members;
  const next = touch(c, now, { status: 'dissolved', members, dissolvedReason: reason });
  return {
    next,
    events: [domainEvent('circle.dissolved', c.id, { ...facts(next), reason })],
  };
}

/**
 * The edges a dissolved circle excludes for a while: the decliner's, or the edges of everyone who
 * let the window pass. A listing that left excludes nothing (it is gone anyway).
 */
export function excludedEdges(c: Circle): Edge[] {
  if (c.status !== 'dissolved' || c.dissolvedReason === 'unavailable') return [];
  return c.members
    .filter((m) => m.answer === 'declined' || m.answer === 'expired')
    .map((m) => ({ userId: m.userId, from: m.gives, to: m.receives }));
}

export const edgeKey = (from: string, to: string): string => `${from}>${to}`;
