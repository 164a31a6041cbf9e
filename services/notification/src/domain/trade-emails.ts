import { AppError } from '@swapbooth/service-kit';
import type { MailMessage, MemberDirectory, ProposalParties, ProposalDirectory } from './ports';

/** The trade e-mail kinds (SPEC §7 /api/trade-notifications/*); a member can turn each off. */
export const tradeEmailKinds = [
  'exchange-received',
  'exchange-accepted',
  'exchange-completed',
  /** The trade clocks: a shipping reminder or deadline, an extension, the automatic completion. */
  'exchange-deadlines',
  'subscription',
] as const;
export type TradeEmailKind = (typeof tradeEmailKinds)[number];

/** Sends one e-mail once per key (see EmailDelivery). */
export interface OnceMailer {
  deliverOnce(key: string, kind: string, message: MailMessage): Promise<boolean>;
}

/** What a trade e-mail says, given who reads it. */
export interface TradeEmailContent {
  kind: TradeEmailKind;
  to: string;
  proposalId?: string;
  recipientName?: string;
  /** Null when the recipient may not see proposal details (no active subscription). */
  senderName?: string | null;
  listings?: string[] | null;
  status?: string;
  /** exchange-deadlines: what the e-mail is about, and what it says. */
  subject?: string;
  lines?: string[];
}

export type TradeTemplates = (c: TradeEmailContent) => MailMessage;

/** Which statuses a kind fits: the client's call sends nothing the proposal has not reached. */
const statusesFor: Record<Exclude<TradeEmailKind, 'subscription'>, string[] | null> = {
  'exchange-received': null,
  'exchange-accepted': ['accepted', 'completed'],
  'exchange-completed': ['completed'],
  'exchange-deadlines': ['accepted'],
};

/** Trade e-mails: once per proposal, kind and recipient, only to a party, unless turned off. */
export class TradeEmails {
  constructor(
    private readonly mail: OnceMailer,
    private readonly members: MemberDirectory,
    private readonly proposals: ProposalDirectory,
    private readonly templates: TradeTemplates,
    private readonly details: (
      p: ProposalParties,
      readerId: string,
    ) => Promise<{ senderName: string | null; listings: string[] | null }>,
  ) {}

  /**
   * A trade clock's e-mail to one party, once per `step` (the event's step and due time), unless
   * they turned exchange-deadlines off.
   */
  async forDeadline(
    p: ProposalParties,
    userId: string,
    step: string,
    t: { title: string; message: string },
  ): Promise<boolean> {
    const member = await this.members.get(userId);
    if (!member.email || member.emailOff.includes('exchange-deadlines')) return false;
    const message = this.templates({
      kind: 'exchange-deadlines',
      to: member.email,
      proposalId: p.proposalId,
      ...(member.displayName ? { recipientName: member.displayName } : {}),
      subject: t.title,
      lines: [`${t.message}.`],
    });
    return this.mail.deliverOnce(
      `trade:exchange-deadlines:${p.proposalId}:${userId}:${step}`,
      'exchange-deadlines',
      message,
    );
  }

  /** Who a kind goes to. */
  static recipients(kind: Exclude<TradeEmailKind, 'subscription'>, p: ProposalParties): string[] {
    if (kind === 'exchange-received') return [p.receiverId];
    if (kind === 'exchange-accepted') return [p.senderId];
    return [p.senderId, p.receiverId];
  }

  /** Sends a proposal's e-mail of a kind to its recipients (each once); returns how many went out. */
  async forProposal(
    kind: Exclude<TradeEmailKind, 'subscription'>,
    p: ProposalParties,
  ): Promise<number> {
    let sent = 0;
    for (const userId of TradeEmails.recipients(kind, p)) {
      const member = await this.members.get(userId);
      if (!member.email || member.emailOff.includes(kind)) continue;
      const { senderName, listings } = await this.details(p, userId);
      const message = this.templates({
        kind,
        to: member.email,
        proposalId: p.proposalId,
        ...(member.displayName ? { recipientName: member.displayName } : {}),
        senderName,
        listings,
      });
      if (await this.mail.deliverOnce(`trade:${kind}:${p.proposalId}:${userId}`, kind, message))
        sent++;
    }
    return sent;
  }

  /** The client's call for a proposal: the caller must be a party and the proposal at that step. */
  async requestedForProposal(
    callerId: string,
    kind: Exclude<TradeEmailKind, 'subscription'>,
    proposalId: string,
  ): Promise<number> {
    const p = await this.proposals.get(proposalId);
    if (!p || (p.senderId !== callerId && p.receiverId !== callerId)) {
      throw AppError.forbidden('You can only ask for e-mails about your own proposals');
    }
    const allowed = statusesFor[kind];
    if (allowed && !allowed.includes(p.status)) {
      throw AppError.conflict(`The proposal is ${p.status}: no ${kind} e-mail to send`);
    }
    return this.forProposal(kind, p);
  }

  /** The subscription e-mail: to the member only, once per subscription and status. */
  async forSubscription(userId: string): Promise<number> {
    const member = await this.members.get(userId);
    const status = member.subscriptionStatus;
    if (!status || !member.email || member.emailOff.includes('subscription')) return 0;
    const message = this.templates({
      kind: 'subscription',
      to: member.email,
      status,
      ...(member.displayName ? { recipientName: member.displayName } : {}),
    });
    const key = `trade:subscription:${userId}:${member.subscriptionId ?? '-'}:${status}`;
    return (await this.mail.deliverOnce(key, 'subscription', message)) ? 1 : 0;
  }
}
