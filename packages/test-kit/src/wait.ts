import { busActiveSince, describeBus } from './bus-trace';

/**
 * Polls until fn returns a truthy value or the time runs out. A timeout names the last error and,
 * when events moved meanwhile, what the event bus of this test file did (publishes, deliveries,
 * rebalances), so a slow event shows where it waited.
 */
export async function eventually<T>(
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = 5000,
  everyMs = 50,
): Promise<T> {
  const started = Date.now();
  const deadline = started + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      const bus = busActiveSince(started - 30_000) ? `\n${describeBus({ since: started })}` : '';
      throw new Error(
        `condition not met within ${timeoutMs} ms${lastError ? `: ${(lastError as Error).message}` : ''}${bus}`,
      );
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
