import type { DomainEvent } from '@swapbooth/event-bus';
import type { AdminUser, AdminUserView } from './admin-user';
import type { AuditEntry, AuditInput, AuditQuery } from './audit';

/** The admin accounts store. `replace` writes only when the stored version is still `expected`. */
export interface AdminUserRepository {
  byId(id: string): Promise<AdminUser | undefined>;
  byEmail(email: string): Promise<AdminUser | undefined>;
  /** Throws a 409 when the e-mail is taken. */
  insert(user: AdminUser): Promise<void>;
  replace(user: AdminUser, expectedVersion: number): Promise<boolean>;
  /** Every admin account, oldest first. */
  list(): Promise<AdminUser[]>;
  /** The account whose pending reset link has this hash. */
  byResetTokenHash(tokenHash: string): Promise<AdminUser | undefined>;
  /** Active accounts with the executive role. */
  countActiveExecutives(): Promise<number>;
}

/** Ends an admin's sessions everywhere tokens are checked (the gateway and every service). */
export interface SessionRevoker {
  revokeAll(adminId: string, at: Date): Promise<void>;
}

/** Hashes and checks passwords (argon2id, shared with auth, in service-kit). */
export type { PasswordHasher } from '@swapbooth/service-kit';

export interface AdminTokenIssuer {
  /** `issuedAfter`: sessions up to then were ended, so the token must be dated later. */
  sign(user: AdminUserView, issuedAfter?: Date): { token: string; expiresAt: number };
}

/** The append-only audit log; an entry about a platform object also publishes admin.action-taken. */
export interface AuditLog {
  /** `events` are stored with the entry (its outbox) and published after it. */
  append(entry: AuditInput, events?: readonly DomainEvent[]): Promise<AuditEntry>;
  list(query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }>;
}

export interface Clock {
  now(): Date;
}

/** Commands to the services that own the data; the admin's token goes along. */
export interface ServiceCalls {
  setUserStatus(token: string, userId: string, status: string, reason?: string): Promise<unknown>;
  setProductStatus(token: string, productId: string, status: string): Promise<unknown>;
  setReportStatus(token: string, reportId: string, status: string): Promise<unknown>;
  cancelSubscription(token: string, subscriptionId: string): Promise<unknown>;
  /** Payment's provider check: which provider answers (real Stripe, the sandbox or stripe-mock). */
  providerStatus(token: string): Promise<unknown>;
  /** Exchange's math-trade organiser standings, optionally of one status. */
  organisers(token: string, status?: string): Promise<unknown>;
  /** Exchange approves or refuses a member who asked to organise math trades. */
  decideOrganiser(token: string, userId: string, status: string): Promise<unknown>;
  /** Exchange's disputes, one page, optionally of one status. */
  disputes(token: string, query: Record<string, string | number>): Promise<unknown>;
  /** One dispute with its exchange's terms, parties and shipping. */
  dispute(token: string, id: string): Promise<unknown>;
  /** Exchange closes a dispute with the admin's decision (and completes or cancels the exchange). */
  resolveDispute(token: string, id: string, decision: unknown): Promise<unknown>;
  /** Chat's transcript of an exchange, given only while a dispute about it is open. */
  disputeTranscript(token: string, proposalId: string): Promise<unknown>;
  /** Catalog's short-lived URLs of a dispute's private photos (the disputes permission). */
  disputePhotoUrls(token: string, keys: string[]): Promise<unknown>;
  /** Exchange's shown ratings of a member (the reports permission). */
  ratingsOf(token: string, userId: string): Promise<unknown>;
  /** Exchange removes a rating that breaks the rules (the reports permission). */
  removeRating(token: string, ratingId: string, reason: string): Promise<unknown>;
}
