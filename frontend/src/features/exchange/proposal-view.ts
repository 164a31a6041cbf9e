import type {
  ProposalListingResponse,
  ProposalPartyResponse,
  ProposalResponse,
  ProposalStatus,
} from '@swapbooth/contracts';
import type { ApiError } from '../../app/http';
import { fullName } from '../../lib/format';
import type { ParcelType, ProposalTerms } from './exchange-api';

/** How each status reads on a badge. */
export const statusLabels: Record<ProposalStatus, string> = {
  pending: 'Pending',
  countered: 'Countered',
  accepted: 'Accepted',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  expired: 'Expired',
  unavailable: 'Unavailable',
  disputed: 'Problem reported',
};

export function partyName(p: ProposalPartyResponse | null | undefined): string {
  if (!p) return 'Someone';
  return fullName(p.first_name, p.last_name) || (p.username ? `@${p.username}` : 'Member');
}

/** The viewer's side and the other side, with the listings each gives. */
export interface Sides {
  me: ParcelType;
  other: ParcelType;
  otherParty: ProposalPartyResponse | null;
  otherId: string | null;
  /** Listings the other party gives (what the viewer receives). */
  theirListings: ProposalListingResponse[];
  /** Listings the viewer gives. */
  myListings: ProposalListingResponse[];
}

export function sidesOf(p: ProposalResponse): Sides {
  if (p.role === 'sender') {
    return {
      me: 'sender',
      other: 'receiver',
      otherParty: p.receiver,
      otherId: p.receiver_id,
      theirListings: p.requested_products,
      myListings: p.offered_products,
    };
  }
  return {
    me: 'receiver',
    other: 'sender',
    otherParty: p.sender,
    otherId: p.sender_id,
    theirListings: p.offered_products,
    myListings: p.requested_products,
  };
}

/** The listings a party's parcel holds: the sender sends the offered ones, the receiver the requested. */
export const parcelListings = (p: ProposalResponse, type: ParcelType) =>
  type === 'sender' ? p.offered_products : p.requested_products;

/** Offer terms as one party sees them: their listings and mine, my shipping and theirs. */
export interface ViewerTerms {
  theirIds: string[];
  myIds: string[];
  deposit: number;
  myShipping: number;
  theirShipping: number;
  message: string;
}

/** Viewer terms → the service's orientation (requested = the receiver's listings). */
export function toServiceTerms(role: ParcelType, t: ViewerTerms): ProposalTerms {
  const sender = role === 'sender';
  return {
    requestedProductIds: sender ? t.theirIds : t.myIds,
    offeredProductIds: sender ? t.myIds : t.theirIds,
    message: t.message,
    deposit_amount: t.deposit,
    sender_shipping_contribution: sender ? t.myShipping : t.theirShipping,
    receiver_shipping_contribution: sender ? t.theirShipping : t.myShipping,
  };
}

/** The current terms of a proposal, as the viewer sees them (to prefill a counter). */
export function viewerTermsOf(p: ProposalResponse): ViewerTerms {
  const sides = sidesOf(p);
  const sender = p.role === 'sender';
  return {
    theirIds: sides.theirListings.map((l) => l.product_id),
    myIds: sides.myListings.map((l) => l.product_id),
    deposit: p.deposit_amount,
    myShipping: sender ? p.sender_shipping_contribution : p.receiver_shipping_contribution,
    theirShipping: sender ? p.receiver_shipping_contribution : p.sender_shipping_contribution,
    message: '',
  };
}

/** True when every listing is a service: its steps read "performed" rather than "delivered". */
export const isServiceParcel = (listings: ProposalListingResponse[]) =>
  listings.length > 0 && listings.every((l) => l.type === 'service');

/** SPEC §6: what a non-subscriber is told in place of the details. */
export const LOCKED_MESSAGE =
  'Someone sent a proposal for your listing/s. Subscribe to view details';

/** A 403 or 404 answer as a sentence, or undefined for other failures. */
export function refusalOf(error: unknown): string | undefined {
  const status = (error as ApiError | undefined)?.status;
  if (status === 403) return 'This proposal is between two other members; you cannot view it.';
  if (status === 404) return 'This proposal does not exist or is no longer available.';
  return undefined;
}
