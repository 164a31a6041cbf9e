/** Product card rules (SPEC §2, §9). */
export const TITLE_LIMIT = 20;
export const CHIP_AREA_WIDTH = 200;
export const DISTANCE_WIDTH = 48;
export const CHIP_WIDTH = 60;
export const MIN_CHIPS = 2;

/** The title cut at 20 characters plus '...'. */
export function truncateTitle(title: string): string {
  return title.length > TITLE_LIMIT ? `${title.slice(0, TITLE_LIMIT)}...` : title;
}

/** How many interest chips fit: width 200 (minus 48 when a distance is shown), 60 per chip, at least 2. */
export function chipCapacity(hasDistance: boolean): number {
  const width = CHIP_AREA_WIDTH - (hasDistance ? DISTANCE_WIDTH : 0);
  return Math.max(MIN_CHIPS, Math.floor(width / CHIP_WIDTH));
}

/** The chips shown and the count behind the '+N' chip. */
export function interestChips(
  interests: string[],
  hasDistance: boolean,
): { shown: string[]; overflow: number } {
  const capacity = chipCapacity(hasDistance);
  if (interests.length <= capacity) return { shown: interests, overflow: 0 };
  return { shown: interests.slice(0, capacity), overflow: interests.length - capacity };
}
