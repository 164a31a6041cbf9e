import { isSubscribed, proposalDetailsLocked } from '@swapbooth/contracts';
import {
  namesProposalParty,
  shownTo,
  type Notification,
  type ShownNotification,
} from './notification';
import type { MemberDirectory, ProposalDirectory } from './ports';

/**
 * Notifications as their member reads them, with the SPEC §6 gate of exchange's proposal views: a
 * receiver without a subscription, on a proposal never accepted, is not told who the other party
 * is. A proposal this service has not heard of yet counts as locked.
 */
export class ReaderGate {
  constructor(
    private readonly members: MemberDirectory,
    private readonly proposals: ProposalDirectory,
  ) {}

  async shown(userId: string, ns: readonly Notification[]): Promise<ShownNotification[]> {
    const gateable = ns.filter(namesProposalParty);
    if (gateable.length === 0) return ns.map((n) => shownTo(n, false));
    const member = await this.members.get(userId);
    if (isSubscribed(member.subscriptionStatus)) return ns.map((n) => shownTo(n, false));
    const ids = [...new Set(gateable.map((n) => String(n.data.proposal_id)))];
    const known = new Map((await this.proposals.many(ids)).map((p) => [p.proposalId, p]));
    return ns.map((n) => {
      if (!namesProposalParty(n)) return shownTo(n, false);
      const p = known.get(String(n.data.proposal_id));
      const locked =
        !p ||
        proposalDetailsLocked({ receiverId: p.receiverId, accepted: !!p.accepted }, userId, false);
      return shownTo(n, locked);
    });
  }

  async one(userId: string, n: Notification): Promise<ShownNotification> {
    return (await this.shown(userId, [n]))[0]!;
  }
}
