import type { PickItem } from './components/listing-picker';
import type { ViewerTerms } from './proposal-view';

/**
 * An offer between "Make an Offer" and "Review Your Offer". It travels in the router's location
 * state, which the browser keeps in its history entry, so a refresh of the review page still has it.
 */
export interface OfferDraft {
  /** The member the proposal goes to (the store's owner). */
  receiverId: string;
  /** What the offer page was opened with (`/exchange-proposal/{storeId}`), to go back to it. */
  storeId?: string;
  receiverName: string;
  terms: ViewerTerms;
  /** The chosen listings, to show them on the review page. */
  their: PickItem[];
  mine: PickItem[];
}

export interface DraftState {
  draft?: OfferDraft;
}

/** Reads a draft from location state, if it has the expected shape. */
export function draftFrom(state: unknown): OfferDraft | undefined {
  const draft = (state as DraftState | null | undefined)?.draft;
  if (!draft || typeof draft.receiverId !== 'string' || !draft.terms) return undefined;
  if (!Array.isArray(draft.their) || !Array.isArray(draft.mine)) return undefined;
  return draft;
}

/** What the success page is told about the proposal just sent. */
export interface SentState {
  proposalId?: string;
  receiverName?: string;
}
