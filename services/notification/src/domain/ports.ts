import type { Notification, NotificationType } from './notification';

export interface NotificationStore {
  /** Inserts a notification under its unique id; false when one with that id exists. */
  insertOnce(n: Notification): Promise<boolean>;
  /**
   * The one unread notification of a conversation: created, or updated with one more message
   * (a message already counted changes nothing). Returns it, or null when nothing changed.
   */
  upsertCollapsed(
    id: string,
    userId: string,
    messageId: string,
    build: (count: number) => Pick<Notification, 'title' | 'message' | 'data'>,
  ): Promise<Notification | null>;
  byId(id: string): Promise<Notification | null>;
  list(userId: string, skip: number, limit: number): Promise<Notification[]>;
  count(userId: string): Promise<number>;
  unreadCount(userId: string): Promise<number>;
  markRead(id: string): Promise<void>;
  markAllRead(userId: string): Promise<number>;
}

/** What notification knows of a member, from auth's and payment's events. */
export interface Member {
  userId: string;
  email?: string;
  displayName?: string;
  subscriptionStatus?: string;
  subscriptionId?: string;
  /** E-mail kinds the member turned off. */
  emailOff: string[];
}

export interface MemberDirectory {
  get(userId: string): Promise<Member>;
  recordEmail(userId: string, email: string): Promise<void>;
  recordProfile(
    userId: string,
    profile: { firstName?: string; lastName?: string; username?: string },
    version: number,
  ): Promise<void>;
  recordSubscription(userId: string, status: string, subscriptionId?: string): Promise<void>;
  setEmailOff(userId: string, kinds: string[]): Promise<void>;
}

/** The parties and listings of a proposal, from exchange's events. */
export interface ProposalParties {
  proposalId: string;
  senderId: string;
  receiverId: string;
  productIds: string[];
  offeredProductIds: string[];
  status: string;
  /** Whether it was ever accepted (it stays so through shipping and completion). */
  accepted?: boolean;
  /** The member who took the step that led to a status (accepted, rejected, cancelled …). */
  actorId?: string;
  /** Who took each step so far, by the status it led to. */
  stepActors?: Partial<Record<string, string>>;
  /** The members who marked their items shipped, and those who marked items delivered. */
  shippedBy?: string[];
  deliveredBy?: string[];
}

export interface ProposalDirectory {
  get(proposalId: string): Promise<ProposalParties | null>;
  /** The proposals known of these ids (unknown ones are left out). */
  many(proposalIds: readonly string[]): Promise<ProposalParties[]>;
  /** Records a step and who took it; once accepted, a proposal stays marked accepted. */
  record(p: ProposalParties): Promise<void>;
  /** Records that a member marked items shipped or delivered. */
  recordShipping(
    proposalId: string,
    userId: string,
    status: 'shipped' | 'delivered',
  ): Promise<void>;
}

/** Listing titles, from catalog's events. */
export interface ListingTitles {
  titles(productIds: string[]): Promise<string[]>;
  record(productId: string, title: string, version: number): Promise<void>;
}

/** Pushes live updates to members' open streams. */
export interface LivePush {
  push(userIds: readonly string[], type: string, data: unknown): Promise<unknown>;
}

/** Claims something to be done once (a push); false when it was claimed before. */
export interface OnceClaims {
  claim(key: string): Promise<boolean>;
}

/** Counts a member's calls; answers seconds to wait, or 0. */
export type { RateLimiter as CallLimiter } from '@swapbooth/service-kit';

/** One e-mail, as the use cases compose it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail; the use cases depend on this, not on nodemailer (adapters/mail). */
export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  /** Readiness: the SMTP server answers. */
  verify(): Promise<void>;
  close(): void;
}

export type { Notification, NotificationType };
