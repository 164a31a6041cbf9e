import { moneyError, parseMoney } from './money';
import type { ViewerTerms } from './proposal-view';

/** The exchange service's limits on a proposal's terms. */
export const MAX_LISTINGS_PER_SIDE = 10;
export const MESSAGE_MAX = 1000;

/** What the offer form holds while it is edited (money as typed). */
export interface OfferFormValues {
  theirIds: string[];
  myIds: string[];
  deposit: string;
  myShipping: string;
  theirShipping: string;
  message: string;
}

export type OfferField = keyof OfferFormValues;
export type OfferErrors = Partial<Record<OfferField, string>>;

export const FIELD_LABELS = {
  deposit: { sender: 'Deposit you add', receiver: 'Deposit they add' },
  myShipping: 'Your shipping contribution',
  theirShipping: 'Their shipping contribution',
  message: 'Message',
} as const;

/**
 * Checks an offer as the service will (each message names the problem), and returns the terms
 * with numbers when everything is acceptable.
 */
export function checkOffer(
  v: OfferFormValues,
  role: 'sender' | 'receiver',
): { errors: OfferErrors; terms?: ViewerTerms } {
  const errors: OfferErrors = {};
  const deposit = parseMoney(v.deposit);
  const myShipping = parseMoney(v.myShipping);
  const theirShipping = parseMoney(v.theirShipping);
  if (deposit === undefined) errors.deposit = moneyError(FIELD_LABELS.deposit[role]);
  if (myShipping === undefined) errors.myShipping = moneyError(FIELD_LABELS.myShipping);
  if (theirShipping === undefined) errors.theirShipping = moneyError(FIELD_LABELS.theirShipping);

  // The receiver's listings are always asked for; the sender's may be left out for a deposit.
  const requested = role === 'sender' ? v.theirIds : v.myIds;
  const offered = role === 'sender' ? v.myIds : v.theirIds;
  const requestedKey: OfferField = role === 'sender' ? 'theirIds' : 'myIds';
  const offeredKey: OfferField = role === 'sender' ? 'myIds' : 'theirIds';
  if (requested.length === 0) {
    errors[requestedKey] =
      role === 'sender'
        ? 'Choose at least one of their listings.'
        : 'Choose at least one of your listings.';
  }
  if (requested.length > MAX_LISTINGS_PER_SIDE) {
    errors[requestedKey] = `Choose at most ${MAX_LISTINGS_PER_SIDE} listings on each side.`;
  }
  if (offered.length > MAX_LISTINGS_PER_SIDE) {
    errors[offeredKey] = `Choose at most ${MAX_LISTINGS_PER_SIDE} listings on each side.`;
  }
  if (offered.length === 0 && deposit !== undefined && !(deposit > 0)) {
    errors[offeredKey] =
      role === 'sender'
        ? 'Offer at least one of your listings, or add a deposit.'
        : 'Ask for at least one of their listings, or have them add a deposit.';
  }
  if (v.message.length > MESSAGE_MAX) {
    errors.message = `Message must be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters.`;
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    terms: {
      theirIds: v.theirIds,
      myIds: v.myIds,
      deposit: deposit!,
      myShipping: myShipping!,
      theirShipping: theirShipping!,
      message: v.message.trim(),
    },
  };
}
