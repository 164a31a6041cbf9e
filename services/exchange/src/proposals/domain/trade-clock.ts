import { AppError } from '@swapbooth/service-kit';
import { domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type { EventData } from '@swapbooth/contracts';
import {
  allDelivered,
  confirmableBy,
  lateFor,
  parcelSides,
  type Parcel,
  type ParcelSide,
  type Proposal,
} from './proposal';
import { allowedMovesText, assertParty, factsOf, type Move } from './proposal-facts';

/**
 * The clocks of an accepted exchange, so one that a member stops answering finishes or unwinds by
 * itself. Each parcel has a shipping deadline (its shipper is reminded at half-time; once it passed
 * the other party may cancel, or extend it once); a shipped parcel counts as delivered after a
 * while unless its receiver says otherwise; once every parcel is delivered, an exchange that not
 * every receiver confirmed completes by itself when its report window closes. Each due time is
 * stored on the proposal, and `nextDueAt` is what the due-work sweep finds it by.
 *
 * Listings of the service type get the same clocks: "shipped" stands for "performed".
 */
export interface ClockSettings {
  /** From acceptance to each parcel's shipping deadline (and from an extension). */
  shipMs: number;
  /** From "shipped" to counting as delivered. */
  deliveryMs: number;
  /** From the last delivery to completing by itself. */
  reportMs: number;
}

const after = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** A parcel without the named clock fields (absent fields, not undefined ones, are stored). */
function without(parcel: Parcel, ...keys: (keyof Parcel)[]): Parcel {
  const copy = { ...parcel };
  for (const k of keys) delete copy[k];
  return copy;
}

type ClockEvent =
  | 'proposal.ship-reminder'
  | 'proposal.ship-overdue'
  | 'proposal.ship-extended'
  | 'proposal.delivery-assumed'
  | 'proposal.report-window-opened';

const clockEvent = (
  type: ClockEvent,
  p: Proposal,
  dueAt: Date,
  side?: ParcelSide,
  actorId?: string,
): DomainEvent =>
  domainEvent(type, p.id, {
    ...factsOf(p, actorId),
    ...(side ? { side } : {}),
    dueAt: dueAt.toISOString(),
  } satisfies EventData<ClockEvent>);

/** Every parcel's shipping deadline and half-time reminder, from the moment of acceptance. */
export function startClocks(p: Proposal, now: Date, clock: ClockSettings): Proposal {
  const shipping = { ...p.shipping };
  for (const side of parcelSides(p)) {
    shipping[side] = {
      ...shipping[side],
      shipBy: after(now, clock.shipMs),
      remindAt: after(now, clock.shipMs / 2),
    };
  }
  return { ...p, shipping };
}

/** A parcel marked shipped: its delivery clock starts, its shipping clocks stop. */
export const shippedParcel = (parcel: Parcel, now: Date, clock?: ClockSettings): Parcel => ({
  ...without(parcel, 'remindAt'),
  ...(clock ? { deliverBy: after(now, clock.deliveryMs) } : {}),
});

/** A parcel its receiver says arrived as agreed. */
export const confirmedParcel = (parcel: Parcel, now: Date): Parcel => ({
  ...without(parcel, 'remindAt', 'deliverBy'),
  status: 'delivered',
  updatedAt: parcel.status === 'delivered' ? (parcel.updatedAt ?? now) : now,
  confirmedAt: now,
});

/**
 * After a parcel changed: an exchange whose every parcel is delivered and confirmed completes; one
 * with a delivered parcel its receiver did not confirm opens the report window (once).
 */
export function afterDelivery(
  next: Proposal,
  now: Date,
  clock: ClockSettings | undefined,
  actorId: string | undefined,
): { next: Proposal; events: DomainEvent[] } {
  if (next.status !== 'accepted' || !allDelivered(next)) return { next, events: [] };
  const confirmed = parcelSides(next).every((side) => next.shipping[side].confirmedAt);
  if (confirmed || !clock) {
    const done: Proposal = { ...next, status: 'completed', completedAt: now };
    delete done.reportBy;
    return {
      next: done,
      events: [domainEvent('proposal.completed', next.id, factsOf(done, actorId))],
    };
  }
  if (next.reportBy) return { next, events: [] };
  const reportBy = after(now, clock.reportMs);
  const opened = { ...next, reportBy };
  return { next: opened, events: [clockEvent('proposal.report-window-opened', opened, reportBy)] };
}

/**
 * The sweep's move on one exchange at `now`: every clock that fell due, each once. Nothing unless
 * it is accepted (a disputed, cancelled or completed exchange's clocks stop).
 */
export function decideClocks(p: Proposal, now: Date, clock: ClockSettings): Move | undefined {
  if (p.status !== 'accepted') return undefined;
  const due = (t?: Date) => t !== undefined && t.getTime() <= now.getTime();
  const events: DomainEvent[] = [];
  let next: Proposal = { ...p, shipping: { ...p.shipping } };
  for (const side of parcelSides(p)) {
    const parcel = next.shipping[side];
    if (parcel.status === 'preparing') {
      if (!parcel.lateNoticed && due(parcel.shipBy)) {
        // A reminder still pending at the deadline (the sweep was down) is not sent any more.
        next.shipping[side] = { ...without(parcel, 'remindAt'), lateNoticed: true };
        events.push(clockEvent('proposal.ship-overdue', next, parcel.shipBy!, side));
      } else if (due(parcel.remindAt)) {
        next.shipping[side] = without(parcel, 'remindAt');
        events.push(clockEvent('proposal.ship-reminder', next, parcel.shipBy ?? now, side));
      }
    } else if (parcel.status === 'shipped' && due(parcel.deliverBy)) {
      next.shipping[side] = {
        ...without(parcel, 'deliverBy'),
        status: 'delivered',
        updatedAt: now,
      };
      events.push(clockEvent('proposal.delivery-assumed', next, parcel.deliverBy!, side));
    }
  }
  if (due(next.reportBy)) {
    const done: Proposal = { ...next, status: 'completed', completedAt: now };
    delete done.reportBy;
    next = done;
    events.push(domainEvent('proposal.completed', p.id, { ...factsOf(done), automatic: true }));
  } else {
    const delivered = afterDelivery(next, now, clock, undefined);
    next = delivered.next;
    events.push(...delivered.events);
  }
  if (events.length === 0) return undefined;
  return { next: { ...next, updatedAt: now }, events };
}

/**
 * The other party gives a late shipper more time, once: a new deadline one shipping period from
 * now (no second reminder). `side` names the late parcel; by default the one the actor receives.
 */
export function decideExtend(
  p: Proposal,
  actorId: string,
  side: ParcelSide | undefined,
  now: Date,
  clock: ClockSettings,
): Move {
  assertParty(p, actorId);
  const late = lateFor(p, actorId, now).filter((s) => side === undefined || s === side);
  const target = late.find((s) => !p.shipping[s].extended);
  if (target === undefined) {
    const why =
      late.length > 0
        ? 'The shipping deadline was extended once already'
        : 'Only a parcel you receive that is late to ship can get more time';
    throw AppError.conflict(`${why}; ${allowedMovesText(p, actorId)}`);
  }
  const shipBy = after(now, clock.shipMs);
  const parcel: Parcel = {
    ...without(p.shipping[target], 'remindAt', 'lateNoticed'),
    shipBy,
    extended: true,
  };
  const next: Proposal = {
    ...p,
    shipping: { ...p.shipping, [target]: parcel },
    updatedAt: now,
  };
  return { next, events: [clockEvent('proposal.ship-extended', next, shipBy, target, actorId)] };
}

/**
 * "Everything is OK": the parcels the actor receives arrived as agreed. With every parcel then
 * delivered and confirmed, the exchange completes before its report window closes.
 */
export function decideConfirm(
  p: Proposal,
  actorId: string,
  now: Date,
  clock: ClockSettings | undefined,
): Move | undefined {
  assertParty(p, actorId);
  const sides = confirmableBy(p, actorId);
  if (sides.length === 0) {
    if (p.status === 'accepted' && parcelSides(p).every((s) => p.shipping[s].confirmedAt)) {
      return undefined;
    }
    throw AppError.conflict(
      `Nothing to confirm: no parcel you receive is shipped or delivered; ${allowedMovesText(p, actorId)}`,
    );
  }
  const shipping = { ...p.shipping };
  const events: DomainEvent[] = [];
  for (const side of sides) {
    const before = shipping[side];
    shipping[side] = confirmedParcel(before, now);
    if (before.status !== 'delivered') {
      events.push(
        domainEvent('proposal.shipping-updated', p.id, {
          ...factsOf(p, actorId),
          userId: actorId,
          type: side,
          status: 'delivered',
          ...(before.trackingNote ? { trackingNote: before.trackingNote } : {}),
        }),
      );
    }
  }
  const settled = afterDelivery({ ...p, shipping, updatedAt: now }, now, clock, actorId);
  return { next: settled.next, events: [...events, ...settled.events] };
}
