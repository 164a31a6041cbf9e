/** Failures the spec says are "only logged" go through here, so they are easy to find. */
export function logFailure(what: string, error: unknown): void {
  console.error(`[swapbooth] ${what}`, error);
}
