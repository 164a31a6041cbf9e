import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type {
  DisputeOutcome,
  DisputeReason,
  DisputeStatus,
  DisputeStep,
  EventData,
} from '@swapbooth/contracts';

/**
 * A dispute about one accepted exchange: the opener reported a problem, the respondent (the other
 * party) answers within the answer period; agreeing closes it, anything else goes to Swapbooth
 * (the admin queue). Pure decisions: each takes the state and returns the next with its events.
 */

export type StatementKind = 'report' | DisputeStep | 'no_answer' | 'resolution';

export interface Statement {
  /** Who said it (absent for the service's own: the answer period that ran out). */
  by?: string;
  kind: StatementKind;
  text: string;
  at: Date;
}

export type EscalationCause = 'contested' | 'requested' | 'no-answer';

export interface Resolution {
  outcome: DisputeOutcome;
  closedBy: 'agreement' | 'admin';
  adminId?: string;
  favouring?: string;
  note?: string;
  sanction?: { userId: string; kind: 'warning' | 'suspension' };
  at: Date;
}

export interface Dispute {
  id: string;
  proposalId: string;
  openedBy: string;
  respondentId: string;
  reason: DisputeReason;
  description: string;
  photos: string[];
  status: DisputeStatus;
  statements: Statement[];
  /** The remedy the respondent proposed, while it waits for the opener. */
  remedy?: string;
  /** When it goes to Swapbooth unless closed (only while open or answered: the sweep's query). */
  answerDueAt?: Date;
  escalatedAt?: Date;
  escalationCause?: EscalationCause;
  resolution?: Resolution;
  /**
   * Once closed, until its exchange is settled (completed or cancelled): when the sweep settles it
   * if the request that closed it stopped before doing so.
   */
  settleDueAt?: Date;
  /** The trade circle the exchange is one edge of, and its other members (told, not shown). */
  circleId?: string;
  circleMemberIds?: string[];
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface DisputeMove {
  next: Dispute;
  events: DomainEvent[];
}

/** Whether the dispute still stands (an open dispute holds the exchange `disputed`). */
export const isOngoing = (d: Dispute): boolean => d.status !== 'closed';

export const isDisputeParty = (d: Dispute, userId: string): boolean =>
  d.openedBy === userId || d.respondentId === userId;

/** What a party may do next. */
export function allowedSteps(d: Dispute, viewerId: string): DisputeStep[] {
  if (!isDisputeParty(d, viewerId)) return [];
  if (d.status === 'open') {
    return viewerId === d.respondentId
      ? ['accept_return', 'propose_remedy', 'contest', 'escalate']
      : ['escalate'];
  }
  if (d.status === 'answered') {
    return viewerId === d.openedBy ? ['accept_remedy', 'escalate'] : ['accept_return', 'escalate'];
  }
  return [];
}

function facts(d: Dispute, actorId?: string): EventData<'dispute.opened'> {
  return {
    disputeId: d.id,
    proposalId: d.proposalId,
    openedBy: d.openedBy,
    respondentId: d.respondentId,
    reason: d.reason,
    status: d.status,
    ...(d.circleId ? { circleId: d.circleId, circleMemberIds: d.circleMemberIds ?? [] } : {}),
    ...(actorId ? { actorId } : {}),
    answerDueAt: (d.answerDueAt ?? d.updatedAt).toISOString(),
  };
}

const baseFacts = (d: Dispute, actorId?: string) => {
  const { answerDueAt: _due, ...rest } = facts(d, actorId);
  return rest;
};

export interface NewDispute {
  id: string;
  proposalId: string;
  openedBy: string;
  respondentId: string;
  reason: DisputeReason;
  description: string;
  photos: string[];
  circleId?: string;
  circleMemberIds?: string[];
}

/** "I have a problem": the dispute opens, the respondent has until `answerDueAt` to answer. */
export function decideOpen(input: NewDispute, opts: { now: Date; answerMs: number }): DisputeMove {
  const { now } = opts;
  const next: Dispute = {
    ...input,
    status: 'open',
    statements: [{ by: input.openedBy, kind: 'report', text: input.description, at: now }],
    answerDueAt: new Date(now.getTime() + opts.answerMs),
    createdAt: now,
    updatedAt: now,
    version: 0,
  };
  if (!input.circleId) {
    delete next.circleId;
    delete next.circleMemberIds;
  }
  // The photos' keys go with the opening only: catalog, which keeps them, lets both parties read them.
  const opened = {
    ...facts(next, input.openedBy),
    ...(next.photos.length ? { photoKeys: [...next.photos] } : {}),
  };
  return { next, events: [domainEvent('dispute.opened', next.id, opened)] };
}

const refuse = (d: Dispute, actorId: string, why: string): AppError => {
  const steps = allowedSteps(d, actorId);
  return AppError.conflict(
    `${why}; ${steps.length ? `allowed steps: ${steps.join(', ')}` : 'no step is allowed any more'}`,
  );
};

function escalate(
  d: Dispute,
  cause: EscalationCause,
  now: Date,
  statement: Statement,
  actorId?: string,
): DisputeMove {
  const next: Dispute = {
    ...d,
    status: 'escalated',
    escalatedAt: now,
    escalationCause: cause,
    statements: [...d.statements, statement],
    updatedAt: now,
  };
  delete next.answerDueAt;
  return {
    next,
    events: [domainEvent('dispute.escalated', d.id, { ...baseFacts(next, actorId), cause })],
  };
}

/**
 * The agreement that closes a dispute: a return accepted cancels the exchange (the listings go back
 * to their owners), a remedy accepted completes it.
 */
/** How long a closed dispute's exchange is left to the request that closed it. */
export const SETTLE_GRACE_MS = 60_000;

export function close(d: Dispute, r: Resolution, statement: Statement): DisputeMove {
  const next: Dispute = {
    ...d,
    status: 'closed',
    resolution: r,
    settleDueAt: new Date(r.at.getTime() + SETTLE_GRACE_MS),
    statements: [...d.statements, statement],
    updatedAt: r.at,
  };
  delete next.answerDueAt;
  delete next.remedy;
  return {
    next,
    events: [
      domainEvent('dispute.resolved', d.id, {
        ...baseFacts(next, r.adminId ?? statement.by),
        outcome: r.outcome,
        closedBy: r.closedBy,
        ...(r.favouring ? { favouring: r.favouring } : {}),
        ...(r.note ? { note: r.note } : {}),
        ...(r.sanction ? { sanction: r.sanction } : {}),
      }),
    ],
  };
}

/** A party's step: an answer, agreeing to a remedy, or asking Swapbooth to step in. */
export function decideStep(
  d: Dispute,
  actorId: string,
  step: DisputeStep,
  message: string | undefined,
  now: Date,
): DisputeMove {
  if (!isDisputeParty(d, actorId)) {
    throw AppError.forbidden('You are not a party to this dispute');
  }
  if (!allowedSteps(d, actorId).includes(step)) {
    throw refuse(d, actorId, `The dispute is ${d.status}: you cannot ${step.replace('_', ' ')}`);
  }
  const said = (kind: StatementKind, text: string): Statement => ({
    by: actorId,
    kind,
    text,
    at: now,
  });
  switch (step) {
    case 'accept_return':
      return close(
        d,
        { outcome: 'cancelled', closedBy: 'agreement', favouring: d.openedBy, at: now },
        said('accept_return', message ?? 'Return accepted'),
      );
    case 'accept_remedy':
      return close(
        d,
        { outcome: 'completed', closedBy: 'agreement', at: now },
        said('accept_remedy', message ?? `Remedy accepted: ${d.remedy ?? ''}`.trim()),
      );
    case 'propose_remedy': {
      const next: Dispute = {
        ...d,
        status: 'answered',
        remedy: message ?? '',
        statements: [...d.statements, said('propose_remedy', message ?? '')],
        updatedAt: now,
      };
      return {
        next,
        events: [
          domainEvent('dispute.answered', d.id, { ...baseFacts(next, actorId), answer: step }),
        ],
      };
    }
    case 'contest':
      return escalate(d, 'contested', now, said('contest', message ?? 'Contested'), actorId);
    case 'escalate':
      return escalate(
        d,
        'requested',
        now,
        said('escalate', message ?? 'Asked Swapbooth to step in'),
        actorId,
      );
  }
}

/** The answer period ran out without agreement: Swapbooth steps in. */
export function decideOverdue(d: Dispute, now: Date): DisputeMove | undefined {
  if (d.status !== 'open' && d.status !== 'answered') return undefined;
  if (!d.answerDueAt || d.answerDueAt.getTime() > now.getTime()) return undefined;
  return escalate(d, 'no-answer', now, {
    kind: 'no_answer',
    text: 'No agreement within the answer period',
    at: now,
  });
}

export interface AdminDecision {
  adminId: string;
  outcome: DisputeOutcome;
  favouring?: string;
  note: string;
  sanction?: { userId: string; kind: 'warning' | 'suspension' };
}

/** An admin's decision on a dispute that is not closed (an open one too: they may step in early). */
export function decideResolution(d: Dispute, decision: AdminDecision, now: Date): DisputeMove {
  if (!isOngoing(d)) throw AppError.conflict('The dispute is closed already');
  const parties = [d.openedBy, d.respondentId];
  if (decision.favouring && !parties.includes(decision.favouring)) {
    throw AppError.invalid('favouring: must be one of the two parties', 'favouring');
  }
  if (decision.sanction && !parties.includes(decision.sanction.userId)) {
    throw AppError.invalid('sanction.user_id: must be one of the two parties', 'sanction');
  }
  return close(
    d,
    {
      outcome: decision.outcome,
      closedBy: 'admin',
      adminId: decision.adminId,
      ...(decision.favouring ? { favouring: decision.favouring } : {}),
      note: decision.note,
      ...(decision.sanction ? { sanction: decision.sanction } : {}),
      at: now,
    },
    { by: decision.adminId, kind: 'resolution', text: decision.note, at: now },
  );
}
