import type { ProposalResponse } from '@swapbooth/contracts';
import { useState } from 'react';
import { errorMessage } from '../../../app/http';
import { useToast } from '../../../app/hooks';
import { FormError } from '../../../components/form-fields';
import { useConfirmExchangeMutation, useExtendShippingDeadlineMutation } from '../exchange-api';
import { isServiceParcel, parcelListings, partyName, sidesOf } from '../proposal-view';

/** "3 Dec": a due date as the clocks show it. */
export const dayOf = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });

export const TradeClockTexts = {
  autoComplete: (on: string) => `Completes automatically on ${on} unless you report a problem.`,
  shipBy: (on: string, service: boolean) =>
    service ? `Mark your service started by ${on}.` : `Ship by ${on}.`,
  theyShipBy: (name: string, on: string) => `${name} ships by ${on}.`,
  late: (name: string) =>
    `${name} did not ship by the deadline: you may cancel the exchange without penalty (the listings are released) or give them more time once.`,
  lateAgain: (name: string) =>
    `${name} did not ship by the extended deadline: you may cancel the exchange without penalty (the listings are released).`,
  countsDelivered: (on: string) =>
    `Counts as delivered on ${on} unless you confirm it or report a problem.`,
} as const;

/**
 * The clocks of an accepted exchange, as one party sees them: their own shipping deadline, their
 * partner's (and, once it passed, Extend beside the Cancel the actions above offer), when the
 * parcel coming to them counts as delivered, and when the exchange completes by itself, with
 * "Everything is OK" to complete it sooner.
 */
export function TradeClock({ proposal: p }: { proposal: ProposalResponse }) {
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [confirm, confirming] = useConfirmExchangeMutation();
  const [extend, extending] = useExtendShippingDeadlineMutation();
  // When the page was opened: a deadline that passes while it is open shows on the next visit.
  const [openedAt] = useState(() => Date.now());
  if (p.status !== 'accepted') return null;
  const sides = sidesOf(p);
  const mine = p.deadlines[sides.me];
  const theirs = p.deadlines[sides.other];
  const other = partyName(sides.otherParty);
  const myService = isServiceParcel(parcelListings(p, sides.me));
  const canConfirm = p.allowed_actions.includes('confirm');
  const canExtend = p.allowed_actions.includes('extend');
  const late = theirs.ship_by !== null && Date.parse(theirs.ship_by) <= openedAt;
  const lines: string[] = [];
  if (p.auto_complete_at) lines.push(TradeClockTexts.autoComplete(dayOf(p.auto_complete_at)));
  if (mine.ship_by && p.shipping[sides.me].status === 'preparing') {
    lines.push(TradeClockTexts.shipBy(dayOf(mine.ship_by), myService));
  }
  if (theirs.ship_by) {
    lines.push(
      canExtend
        ? TradeClockTexts.late(other)
        : late
          ? TradeClockTexts.lateAgain(other)
          : TradeClockTexts.theyShipBy(other, dayOf(theirs.ship_by)),
    );
  }
  if (theirs.counts_delivered_at) {
    lines.push(TradeClockTexts.countsDelivered(dayOf(theirs.counts_delivered_at)));
  }
  if (lines.length === 0 && !canConfirm && !canExtend) return null;

  const act = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await run();
      toast(done, 'success');
    } catch (err) {
      const message = errorMessage(err);
      setError(message);
      toast(message, 'error');
    }
  };

  return (
    <section className="panel trade-clock" aria-labelledby="trade-clock-title">
      <h2 id="trade-clock-title" className="panel__title">
        Deadlines
      </h2>
      {lines.map((line) => (
        <p key={line} className="notice trade-clock__line">
          {line}
        </p>
      ))}
      <div className="form__actions">
        {canConfirm && (
          <button
            type="button"
            className="btn btn--primary"
            disabled={confirming.isLoading}
            onClick={() =>
              void act(
                () => confirm({ proposalId: p.proposal_id }).unwrap(),
                'Thank you! Glad it went well.',
              )
            }
          >
            Everything is OK
          </button>
        )}
        {canExtend && (
          <button
            type="button"
            className="btn"
            disabled={extending.isLoading}
            onClick={() =>
              void act(
                () => extend({ proposalId: p.proposal_id, type: sides.other }).unwrap(),
                `${other} has more time to ship.`,
              )
            }
          >
            Extend
          </button>
        )}
      </div>
      <FormError message={error} />
    </section>
  );
}
