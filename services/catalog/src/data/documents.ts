/** Mapping between stored documents and domain state, shared by the catalog's repositories. */

/** Splits a state into `$set` and `$unset` (optional fields that are now absent). */
export function setAndUnset(state: Record<string, unknown>): {
  $set: Record<string, unknown>;
  $unset?: Record<string, 1>;
} {
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  for (const [k, v] of Object.entries(state)) {
    if (v === undefined) $unset[k] = 1;
    else $set[k] = v;
  }
  return Object.keys($unset).length ? { $set, $unset } : { $set };
}

/** Read projection that leaves the pending events on the document, where only the relay needs them. */
export const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 } as const;

/**
 * A stored document as plain state: null fields dropped (domain objects carry `undefined`), and the
 * outbox fields dropped too, so a state read and written back can never touch pending events.
 */
export function withoutNulls<T extends object>(o: T): T {
  return Object.fromEntries(
    Object.entries(o).filter(([k, v]) => v !== null && !k.startsWith('_outbox')),
  ) as T;
}
