import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT, domainEvent, type DomainEvent } from '@swapbooth/event-bus';
import type { BoothRepository } from './booth-repository';
import { boothConflict } from './create-booth';
import {
  boothSnapshot,
  nameProblem,
  normalizeInterests,
  type Booth,
  type BoothStatus,
} from './booth';

export interface BoothPatch {
  name?: string;
  description?: string;
  interests?: string[];
  status?: Exclude<BoothStatus, 'suspended'>;
}

interface Deps {
  booths: BoothRepository;
  now(): Date;
}

async function mutateBooth(
  deps: Deps,
  id: string,
  decide: (current: Booth) => Booth | undefined,
): Promise<Booth> {
  return compareAndSet(
    async () => {
      const current = await deps.booths.findByIdOrUser(id);
      if (!current) throw AppError.notFound('Booth not found');
      const changed = decide(current);
      if (!changed) return current;
      const next: Booth = { ...changed, version: current.version + 1, updatedAt: deps.now() };
      const events: DomainEvent[] = [];
      const statusChanged = next.status !== current.status;
      const otherChanged =
        next.name !== current.name ||
        next.description !== current.description ||
        JSON.stringify(next.interests) !== JSON.stringify(current.interests);
      if (otherChanged) events.push(domainEvent('booth.updated', next.id, boothSnapshot(next)));
      if (statusChanged) {
        events.push(
          domainEvent('booth.status-changed', next.id, {
            ...boothSnapshot(next),
            previousStatus: current.status,
          }),
        );
      }
      const outcome = await deps.booths.replace(next, current.version, events);
      if (outcome === 'name-taken') throw boothConflict('name-taken');
      return outcome === 'replaced' ? next : CONFLICT;
    },
    { exhausted: () => AppError.conflict('The booth changed meanwhile; try again') },
  );
}

/** The owner edits name, description, interests or sets a status other than suspended. */
export function updateBooth(
  deps: Deps,
  userId: string,
  id: string,
  patch: BoothPatch,
): Promise<Booth> {
  if (patch.name !== undefined) {
    const problem = nameProblem(patch.name);
    if (problem) throw AppError.invalid(`name: ${problem}`, 'name');
  }
  return mutateBooth(deps, id, (current) => {
    if (current.userId !== userId) throw AppError.forbidden('Only the owner can change this booth');
    if (patch.status !== undefined && current.status === 'suspended') {
      throw AppError.conflict('This booth is suspended; please contact support');
    }
    const next: Booth = {
      ...current,
      ...(patch.name !== undefined ? { name: patch.name.trim() } : {}),
      ...(patch.description !== undefined ? { description: patch.description.trim() } : {}),
      ...(patch.interests !== undefined ? { interests: normalizeInterests(patch.interests) } : {}),
      ...(patch.status !== undefined ? { status: patch.status } : {}),
    };
    const same =
      next.name === current.name &&
      next.description === current.description &&
      next.status === current.status &&
      JSON.stringify(next.interests) === JSON.stringify(current.interests);
    return same ? undefined : next;
  });
}

/** An admin suspends a booth or lifts the suspension (which also ends one that came with the account's). */
export function adminSetBoothStatus(deps: Deps, id: string, status: BoothStatus): Promise<Booth> {
  return mutateBooth(deps, id, (current) =>
    current.status === status ? undefined : { ...current, status, accountSuspendedFrom: null },
  );
}

/**
 * A suspended (or deleted) member's booth is suspended with the account, so the store shows its
 * suspended state (SPEC §4); when the account is restored, the booth returns to the status it had.
 * A booth an admin suspended on its own stays suspended.
 */
export async function followAccountStatus(
  deps: Deps,
  userId: string,
  accountActive: boolean,
): Promise<void> {
  const booth = await deps.booths.findByUserId(userId);
  if (!booth) return;
  await mutateBooth(deps, booth.id, (current) => {
    if (!accountActive) {
      if (current.status === 'suspended') return undefined;
      return { ...current, status: 'suspended', accountSuspendedFrom: current.status };
    }
    if (current.status !== 'suspended' || !current.accountSuspendedFrom) return undefined;
    return { ...current, status: current.accountSuspendedFrom, accountSuspendedFrom: null };
  });
}
