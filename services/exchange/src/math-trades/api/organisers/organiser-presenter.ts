import type { OrganiserResponse } from '@swapbooth/contracts';
import type { BoothDirectory, Organiser, Standing } from '../../domain/organiser';
import { standingOf } from '../../domain/organiser';
import type { PartyDirectory } from '../../../shared/domain/ports';

/** A member's standing as they see it (GET/POST /api/circles/organiser). */
export const organiserView = (s: Standing): OrganiserResponse => ({
  user_id: s.userId,
  status: s.status,
  requested_at: s.requestedAt?.toISOString() ?? null,
  decided_at: s.decidedAt?.toISOString() ?? null,
});

/** Standings as the admin service lists them: who asked, by name, and their booth. */
export class OrganiserRequestPresenter {
  constructor(private readonly deps: { parties: PartyDirectory; booths: BoothDirectory }) {}

  async one(o: Organiser) {
    const [face, booth] = await Promise.all([
      this.deps.parties.party(o.userId),
      this.deps.booths.boothOf(o.userId),
    ]);
    return {
      ...organiserView(standingOf(o.userId, o)),
      name: `${face.first_name} ${face.last_name}`.trim(),
      username: face.username,
      booth_name: booth?.name ?? null,
    };
  }

  many(list: readonly Organiser[]) {
    return Promise.all(list.map((o) => this.one(o)));
  }
}
