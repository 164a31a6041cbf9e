import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../../deps';

/** Keeps the booths projection current: who runs a booth may ask to organise math trades. */
export const onBoothChanged =
  (deps: ExchangeDeps) =>
  async ({
    data,
  }: EventEnvelope<'booth.created' | 'booth.updated' | 'booth.status-changed'>): Promise<void> => {
    await deps.mathTrading.booths.apply(data);
  };
