/**
 * The store's own rules, as the catalog service applies them to `POST /api/booth` and
 * `PUT /api/booth/{id}` (its answers carry the same messages): checked here first so a member
 * learns of a problem before saving.
 */
export const STORE_NAME_MIN = 2;
export const STORE_NAME_MAX = 60;
export const STORE_DESCRIPTION_MAX = 1000;
export const STORE_INTERESTS_MAX = 20;
export const STORE_INTEREST_LENGTH_MAX = 40;

export const StoreRuleMessages = {
  nameLength: `Use ${STORE_NAME_MIN} to ${STORE_NAME_MAX} characters`,
  descriptionLength: `Description must be at most ${STORE_DESCRIPTION_MAX} characters.`,
  interestsCount: `At most ${STORE_INTERESTS_MAX} exchange interests.`,
  chooseAvailableName: 'Please choose an available store name.',
  saved: 'Store details saved',
} as const;

export interface StoreDetails {
  name: string;
  description: string;
  interests: string[];
}

/** The first problem with the details a member typed, or undefined when they may be saved. */
export function storeDetailsProblem(d: StoreDetails): string | undefined {
  const name = d.name.trim();
  if (name.length < STORE_NAME_MIN || name.length > STORE_NAME_MAX) {
    return `Store name: ${StoreRuleMessages.nameLength}`;
  }
  if (d.description.trim().length > STORE_DESCRIPTION_MAX)
    return StoreRuleMessages.descriptionLength;
  if (d.interests.length > STORE_INTERESTS_MAX) return StoreRuleMessages.interestsCount;
  return undefined;
}

/** Whether a new name is the store's own (letter case aside): no availability check is needed. */
export const sameStoreName = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();
