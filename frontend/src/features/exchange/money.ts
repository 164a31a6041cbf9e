/** Money terms of a proposal: two decimals, 0 to 10,000 (the exchange service's limits). */
export const MONEY_MAX = 10_000;

/** SPEC §5: a money field as a number, 0 when missing or not a number. */
export function toMoney(value: unknown): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : 0;
}

const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;

/**
 * Reads a money input: blank is 0; otherwise a plain number with at most two decimals within
 * 0..10,000. Returns undefined when the text is not acceptable.
 */
export function parseMoney(text: string): number | undefined {
  const t = text.trim();
  if (!t) return 0;
  if (!MONEY_TEXT.test(t)) return undefined;
  const n = Number(t);
  return n <= MONEY_MAX ? n : undefined;
}

/** The message for a money field whose text `parseMoney` refuses. */
export const moneyError = (label: string) =>
  `${label} must be an amount from 0 to 10,000 with at most two decimals.`;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const formatMoney = (n: number) => usd.format(n);

/** The text an input starts from: '' for 0, else the amount with two decimals. */
export const moneyText = (n: number) => (n ? n.toFixed(2) : '');
