import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

type BoothEvent = EventEnvelope<'booth.created' | 'booth.updated' | 'booth.status-changed'>;

/** A booth's name, interests or status changed: every listing of its owner shows it. */
export const onBoothChanged =
  (deps: SearchDeps) =>
  async ({ data }: BoothEvent): Promise<void> => {
    await deps.projector.boothChanged(data.userId, data.version, {
      boothId: data.boothId,
      name: data.name,
      interests: data.interests,
      status: data.status,
    });
  };
