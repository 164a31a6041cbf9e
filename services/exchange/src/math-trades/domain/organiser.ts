import { AppError } from '@swapbooth/service-kit';
import { CONFLICT, compareAndSet } from '@swapbooth/event-bus';

/**
 * Math-trade organisers (ARCHITECTURE §8): a member who runs a booth asks, an admin approves or
 * refuses, and only an approved organiser may solve a math trade. A member nobody heard of yet
 * has the standing 'none'.
 */
export type OrganiserStatus = 'none' | 'requested' | 'approved' | 'refused';
export type OrganiserDecision = 'approved' | 'refused';

export interface Organiser {
  userId: string;
  status: Exclude<OrganiserStatus, 'none'>;
  requestedAt: Date;
  decidedAt?: Date;
  /** The admin who decided last. */
  decidedBy?: string;
  version: number;
}

/** Booths as exchange knows them from catalog's booth events. */
export interface Booth {
  boothId: string;
  userId: string;
  name: string;
  status: string;
}

/** Booth statuses in which a member no longer runs their booth. */
const closedBooth = ['closed', 'suspended'];
export const runsBooth = (b: Booth | undefined): b is Booth =>
  !!b && !closedBooth.includes(b.status);

export interface BoothDirectory {
  boothOf(userId: string): Promise<Booth | undefined>;
}

/** Organiser standings, one document per member who ever asked. */
export interface OrganiserRepository {
  find(userId: string): Promise<Organiser | undefined>;
  /** Stores a first request; false when the member already has a standing (a concurrent ask). */
  insert(o: Organiser): Promise<boolean>;
  /** Stores `o` if the stored version is still `expectedVersion`. */
  replace(o: Organiser, expectedVersion: number): Promise<boolean>;
  /** Every standing with this status (all when none given), oldest request first. */
  list(status?: Organiser['status']): Promise<Organiser[]>;
}

export interface OrganiserDeps {
  organisers: OrganiserRepository;
  booths: BoothDirectory;
  now: () => Date;
}

/** What the member's own standing looks like, with 'none' before they ever asked. */
export interface Standing {
  userId: string;
  status: OrganiserStatus;
  requestedAt: Date | null;
  decidedAt: Date | null;
}

export const standingOf = (userId: string, o: Organiser | undefined): Standing => ({
  userId,
  status: o?.status ?? 'none',
  requestedAt: o?.requestedAt ?? null,
  decidedAt: o?.decidedAt ?? null,
});

const busy = () =>
  AppError.unavailable('Your organiser standing is changing right now; please try again');

export async function myStanding(deps: OrganiserDeps, userId: string): Promise<Standing> {
  return standingOf(userId, await deps.organisers.find(userId));
}

/**
 * A member asks to organise math trades. They must run a booth; a pending or approved standing is
 * a conflict; after a refusal they may ask again.
 */
export async function askToOrganise(deps: OrganiserDeps, userId: string): Promise<Standing> {
  if (!runsBooth(await deps.booths.boothOf(userId))) {
    throw AppError.conflict('Open a booth first to organise math trades');
  }
  return compareAndSet(
    async () => {
      const current = await deps.organisers.find(userId);
      if (current?.status === 'requested') {
        throw AppError.conflict('You already asked to organise math trades; an admin will decide');
      }
      if (current?.status === 'approved') {
        throw AppError.conflict('You are already an approved math-trade organiser');
      }
      const next: Organiser = {
        userId,
        status: 'requested',
        requestedAt: deps.now(),
        version: (current?.version ?? 0) + 1,
      };
      const stored = current
        ? await deps.organisers.replace(next, current.version)
        : await deps.organisers.insert(next);
      return stored ? standingOf(userId, next) : CONFLICT;
    },
    { exhausted: busy },
  );
}

/** The admin's list: the standings with this status (every one when no status is given). */
export function organisersWith(
  deps: OrganiserDeps,
  status?: Organiser['status'],
): Promise<Organiser[]> {
  return deps.organisers.list(status);
}

/**
 * An admin approves or refuses a member who asked (and may change their mind later). A member who
 * never asked is not found; deciding what is already decided changes nothing.
 */
export async function decideOrganiser(
  deps: OrganiserDeps,
  adminId: string,
  userId: string,
  decision: OrganiserDecision,
): Promise<Organiser> {
  return compareAndSet(
    async () => {
      const current = await deps.organisers.find(userId);
      if (!current) throw AppError.notFound('This member has not asked to organise math trades');
      if (current.status === decision) return current;
      const next: Organiser = {
        ...current,
        status: decision,
        decidedAt: deps.now(),
        decidedBy: adminId,
        version: current.version + 1,
      };
      return (await deps.organisers.replace(next, current.version)) ? next : CONFLICT;
    },
    { exhausted: busy },
  );
}

/** Only an approved organiser may run a math trade (403 otherwise). */
export async function assertOrganiser(
  deps: { organisers: Pick<OrganiserRepository, 'find'> },
  userId: string,
) {
  const o = await deps.organisers.find(userId);
  if (o?.status !== 'approved') {
    throw AppError.forbidden(
      'Only approved organisers can run math trades: open a booth and ask to organise first',
    );
  }
}
