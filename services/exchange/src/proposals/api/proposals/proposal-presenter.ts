import {
  proposalDetailsLocked,
  type ParcelDeadlinesResponse,
  type ParcelResponse,
  type ProposalListingResponse,
  type ProposalPartyResponse,
  type ProposalResponse,
  type ProposalRoundResponse,
} from '@swapbooth/contracts';
import type { ExchangeDeps } from '../../../deps';
import {
  allListingsOf,
  allowedActions,
  awaiting,
  currentTerms,
  isOpen,
  nextDueAt,
  roleOf,
  termsBy,
  type Parcel,
  type Proposal,
  type Round,
} from '../../domain/proposal';
import type { Entitlements, Listing, ListingDirectory } from '../../domain/proposal-ports';

const iso = (d?: Date) => (d ? d.toISOString() : null);

export const listingOut = (id: string, l?: Listing): ProposalListingResponse => ({
  product_id: id,
  title: l?.title ?? '',
  slug: l?.slug ?? '',
  type: l?.type ?? 'item',
  status: l?.status ?? 'unknown',
  owner_id: l?.ownerId ?? '',
  image_url: l?.imageUrl ?? null,
});

const roundOut = (r: Round): ProposalRoundResponse => ({
  round: r.round,
  by: r.by,
  requested_product_ids: r.requestedProductIds,
  offered_product_ids: r.offeredProductIds,
  message: r.message,
  deposit_amount: r.depositAmount,
  sender_shipping_contribution: r.senderShippingContribution,
  receiver_shipping_contribution: r.receiverShippingContribution,
  created_at: r.createdAt.toISOString(),
});

const parcelOut = (p: Parcel): ParcelResponse => ({
  status: p.status,
  tracking_note: p.trackingNote,
  updated_at: iso(p.updatedAt),
});

/** One parcel's clocks as its parties see them (none before acceptance). */
const deadlinesOut = (p: Parcel): ParcelDeadlinesResponse => ({
  ship_by: p.status === 'preparing' ? iso(p.shipBy) : null,
  extended: p.extended === true,
  counts_delivered_at: p.status === 'shipped' ? iso(p.deliverBy) : null,
  confirmed: p.confirmedAt !== undefined,
});

/**
 * Proposals as one party sees them. A receiver without a subscription, on a proposal they never
 * accepted, sees it locked: their own requested listings and the round count, nothing else.
 */
export class ProposalPresenter {
  constructor(
    private readonly deps: Pick<ExchangeDeps, 'parties' | 'ratingLedger' | 'now'> & {
      listings: ListingDirectory;
      entitlements: Entitlements;
    },
  ) {}

  async one(p: Proposal, viewerId: string): Promise<ProposalResponse> {
    return (await this.many([p], viewerId))[0]!;
  }

  async many(ps: readonly Proposal[], viewerId: string): Promise<ProposalResponse[]> {
    if (ps.length === 0) return [];
    const [listings, parties, entitled] = await Promise.all([
      this.deps.listings.listings(ps.flatMap(allListingsOf)),
      this.deps.parties.parties(ps.flatMap((p) => [p.senderId, p.receiverId])),
      ps.some((p) => p.receiverId === viewerId)
        ? this.deps.entitlements.isEntitled(viewerId)
        : Promise.resolve(true),
    ]);
    return Promise.all(
      ps.map(async (p) => {
        const rated =
          p.status === 'completed' ? await this.deps.ratingLedger.hasRated(p.id, viewerId) : false;
        return this.view(p, viewerId, { listings, parties, entitled, rated });
      }),
    );
  }

  private view(
    p: Proposal,
    viewerId: string,
    facts: {
      listings: Map<string, Listing>;
      parties: Map<string, ProposalPartyResponse>;
      entitled: boolean;
      rated: boolean;
    },
  ): ProposalResponse {
    const role = roleOf(p, viewerId);
    const locked = proposalDetailsLocked(
      { receiverId: p.receiverId, accepted: p.acceptedAt !== undefined },
      viewerId,
      facts.entitled,
    );
    const t = currentTerms(p);
    const party = (id: string) =>
      facts.parties.get(id) ?? {
        user_id: id,
        first_name: '',
        last_name: '',
        username: '',
        profile_image: '',
      };
    // A locked view names no one but the viewer.
    const shown = (id?: string) => (id === undefined || (locked && id !== viewerId) ? null : id);
    const listings = (ids: string[]) => ids.map((id) => listingOut(id, facts.listings.get(id)));
    return {
      proposal_id: p.id,
      status: p.status,
      sender_id: locked ? null : p.senderId,
      receiver_id: p.receiverId,
      sender: locked ? null : party(p.senderId),
      receiver: party(p.receiverId),
      role,
      requested_products: listings(t.requestedProductIds),
      offered_products: locked ? [] : listings(t.offeredProductIds),
      message: locked ? '' : t.message,
      deposit_amount: locked ? 0 : t.depositAmount,
      sender_shipping_contribution: locked ? 0 : t.senderShippingContribution,
      receiver_shipping_contribution: locked ? 0 : t.receiverShippingContribution,
      round_count: p.rounds.length,
      rounds: locked ? [] : p.rounds.map(roundOut),
      terms_by: isOpen(p.status) ? shown(termsBy(p)) : null,
      awaiting: shown(awaiting(p)),
      allowed_actions: allowedActions(p, viewerId, {
        locked,
        // Once the rating window closed, no rating is offered (nor taken).
        rated: facts.rated || !this.deps.ratingLedger.windowOpen(p.completedAt, this.deps.now()),
        now: this.deps.now(),
      }),
      details_locked: locked,
      shipping: { sender: parcelOut(p.shipping.sender), receiver: parcelOut(p.shipping.receiver) },
      rated_by_me: facts.rated,
      next_deadline: iso(nextDueAt(p)),
      auto_complete_at: p.status === 'accepted' ? iso(p.reportBy) : null,
      deadlines: {
        sender: deadlinesOut(p.shipping.sender),
        receiver: deadlinesOut(p.shipping.receiver),
      },
      expires_at: iso(p.expiresAt),
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      accepted_at: iso(p.acceptedAt),
      completed_at: iso(p.completedAt),
      circle_id: p.circleId ?? null,
    };
  }
}
