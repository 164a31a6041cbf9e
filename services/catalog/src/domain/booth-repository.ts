import type { DomainEvent } from '@swapbooth/event-bus';
import type { Booth } from './booth';

export type BoothConflict = 'user-taken' | 'username-taken' | 'name-taken';

/** Booth storage as the use cases see it; uniqueness is held by the store's unique indexes. */
export interface BoothRepository {
  insert(booth: Booth, events: DomainEvent[]): Promise<'inserted' | BoothConflict>;
  replace(
    booth: Booth,
    expectedVersion: number,
    events: DomainEvent[],
  ): Promise<'replaced' | 'stale' | 'name-taken'>;
  findById(id: string): Promise<Booth | undefined>;
  /** A booth by its id or by its owner's user id (the client uses both). */
  findByIdOrUser(id: string): Promise<Booth | undefined>;
  findByUserId(userId: string): Promise<Booth | undefined>;
  findByUsername(username: string): Promise<Booth | undefined>;
  findByUserIds(userIds: string[]): Promise<Map<string, Booth>>;
  usernameTaken(username: string): Promise<boolean>;
  nameTaken(name: string): Promise<boolean>;
  incrementViews(id: string): Promise<number>;
}

/** Remembers who viewed a booth today. */
export interface ViewLedger {
  /** True the first time this viewer views this booth in the current (UTC) day. */
  firstViewToday(boothId: string, viewer: string): Promise<boolean>;
}
