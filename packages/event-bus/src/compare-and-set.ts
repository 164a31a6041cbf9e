/** What one attempt returns when someone else wrote the aggregate between its read and its write. */
export const CONFLICT: unique symbol = Symbol('compare-and-set conflict');

export interface CompareAndSetOptions {
  /** Attempts before giving up (default 30). */
  attempts?: number;
  /** Upper bound of the random wait before the next attempt; it doubles from 1 ms up to this (default 25). */
  maxDelayMs?: number;
  /** The error thrown when every attempt met a concurrent write. */
  exhausted: () => Error;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Optimistic read-modify-write without transactions. `attempt` reads the current state, decides,
 * and writes only if the state is still the one it read (a version or revision in the filter); it
 * returns CONFLICT when that write matched nothing, and the loop runs it again from a fresh read
 * after a jittered, growing pause, so the rules checked in `attempt` always hold for what is stored.
 */
export async function compareAndSet<T>(
  attempt: () => Promise<T | typeof CONFLICT>,
  opts: CompareAndSetOptions,
): Promise<T> {
  const attempts = opts.attempts ?? 30;
  const maxDelay = opts.maxDelayMs ?? 25;
  for (let i = 0; i < attempts; i++) {
    const result = await attempt();
    if (result !== CONFLICT) return result;
    if (i < attempts - 1) await sleep(Math.random() * Math.min(2 ** i, maxDelay));
  }
  throw opts.exhausted();
}
