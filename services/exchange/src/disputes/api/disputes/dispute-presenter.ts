import type { AdminDisputeResponse, DisputeResponse } from '@swapbooth/contracts';
import { currentTerms, listingsOf, type Proposal } from '../../../proposals/domain/proposal';
import type { ListingDirectory } from '../../../proposals/domain/proposal-ports';
import type { PartyDirectory } from '../../../shared/domain/ports';
import { allowedSteps, type Dispute } from '../../domain/dispute';

const iso = (d?: Date) => (d ? d.toISOString() : null);

/** A dispute as a party (or, without `viewerId`, an admin) reads it. */
export function disputeView(d: Dispute, viewerId?: string): DisputeResponse {
  const r = d.resolution;
  return {
    dispute_id: d.id,
    proposal_id: d.proposalId,
    opened_by: d.openedBy,
    respondent_id: d.respondentId,
    reason: d.reason,
    description: d.description,
    photos: [...d.photos],
    status: d.status,
    statements: d.statements.map((s) => ({
      by: s.by ?? null,
      kind: s.kind,
      text: s.text,
      at: s.at.toISOString(),
    })),
    remedy: d.remedy ?? null,
    answer_due_at: iso(d.answerDueAt),
    escalated_at: iso(d.escalatedAt),
    outcome: r?.outcome ?? null,
    closed_by: r?.closedBy ?? null,
    favouring: r?.favouring ?? null,
    note: r?.note ?? null,
    sanction: r?.sanction ? { user_id: r.sanction.userId, kind: r.sanction.kind } : null,
    allowed_steps: viewerId ? allowedSteps(d, viewerId) : [],
    circle_id: d.circleId ?? null,
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
    closed_at: iso(r?.at),
  };
}

/** The exchange behind a dispute as an admin decides on it (the transcript is chat's). */
export async function adminExchangeView(
  deps: { listings: ListingDirectory; parties: PartyDirectory },
  p: Proposal,
): Promise<AdminDisputeResponse['proposal']> {
  const t = currentTerms(p);
  const [listings, parties] = await Promise.all([
    deps.listings.listings(listingsOf(t)),
    deps.parties.parties([p.senderId, p.receiverId]),
  ]);
  const parcel = (side: 'sender' | 'receiver') => ({
    status: p.shipping[side].status,
    tracking_note: p.shipping[side].trackingNote,
    updated_at: iso(p.shipping[side].updatedAt),
  });
  const clocks = (side: 'sender' | 'receiver') => ({
    ship_by: iso(p.shipping[side].shipBy),
    extended: p.shipping[side].extended === true,
    deliver_by: iso(p.shipping[side].deliverBy),
    confirmed_at: iso(p.shipping[side].confirmedAt),
  });
  return {
    proposal_id: p.id,
    status: p.status,
    sender: parties.get(p.senderId)!,
    receiver: parties.get(p.receiverId)!,
    terms: {
      round: t.round,
      by: t.by,
      requested_product_ids: [...t.requestedProductIds],
      offered_product_ids: [...t.offeredProductIds],
      message: t.message,
      deposit_amount: t.depositAmount,
      sender_shipping_contribution: t.senderShippingContribution,
      receiver_shipping_contribution: t.receiverShippingContribution,
      created_at: t.createdAt.toISOString(),
    },
    listing_titles: Object.fromEntries(
      listingsOf(t).map((id) => [id, listings.get(id)?.title ?? id]),
    ),
    shipping: { sender: parcel('sender'), receiver: parcel('receiver') },
    clocks: { sender: clocks('sender'), receiver: clocks('receiver'), report_by: iso(p.reportBy) },
    accepted_at: iso(p.acceptedAt),
    circle_id: p.circleId ?? null,
  };
}
