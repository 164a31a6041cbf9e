import type { EventEnvelope } from '@swapbooth/contracts';
import type { NotificationType } from './notification';
import type { Notifier } from './notifier';
import type { LivePush } from './ports';

type DisputeEventType =
  'dispute.opened' | 'dispute.answered' | 'dispute.escalated' | 'dispute.resolved';

const reasonText: Record<string, string> = {
  did_not_arrive: 'did not arrive',
  not_as_described: 'is not as described',
  damaged: 'arrived damaged',
  not_performed: 'was not performed',
  other: 'has a problem',
};

const outcomeText = (outcome: string): string =>
  outcome === 'completed'
    ? 'the exchange is completed'
    : outcome === 'both_return'
      ? 'both of you return what you received; the exchange is cancelled'
      : 'the exchange is cancelled and the listings are released';

/** What each party reads at each step of a dispute (the details stay on the dispute page). */
export const disputeTexts = {
  dispute_opened: (opener: string, reason: string) => ({
    title: 'A problem was reported',
    message: `${opener} reported that the exchange ${reasonText[reason] ?? 'has a problem'}. Answer within 3 days: accept a return, propose a remedy or contest it`,
  }),
  dispute_answered: (respondent: string) => ({
    title: 'A remedy was proposed',
    message: `${respondent} proposed a remedy for the problem you reported. Agree to it, or ask Swapbooth to step in`,
  }),
  dispute_escalated: () => ({
    title: 'Swapbooth is looking into it',
    message:
      'The problem with your exchange went to the Swapbooth team; you will hear their decision here',
  }),
  dispute_resolved: (byAdmin: boolean, outcome: string, note?: string) => ({
    title: byAdmin ? 'Swapbooth decided on the problem' : 'The problem was settled',
    message: `${byAdmin ? 'Swapbooth decided' : 'You agreed'}: ${outcomeText(outcome)}${note ? `. Note from Swapbooth: ${note}` : ''}`,
  }),
  member_warned: (note?: string) => ({
    title: 'A warning from Swapbooth',
    message: `Swapbooth warned you about your part in a disputed exchange${note ? `: ${note}` : ''}`,
  }),
  circle_problem: () => ({
    title: 'A problem is being handled',
    message:
      'A problem was reported on one exchange of your trade circle; Swapbooth and its two members are handling it',
  }),
} as const;

/** Every step of a dispute: who hears of it and what they read, once each. */
export class DisputeNews {
  constructor(
    private readonly notifier: Notifier,
    private readonly live: LivePush,
  ) {}

  async handle(e: EventEnvelope<DisputeEventType>): Promise<void> {
    const d = e.data;
    const data = { proposal_id: d.proposalId, dispute_id: d.disputeId };
    const parties = [d.openedBy, d.respondentId];
    const tell = async (
      userId: string,
      type: NotificationType,
      t: { title: string; message: string },
    ) => {
      await this.notifier.create({
        id: `${type}:${d.disputeId}:${userId}`,
        userId,
        type,
        ...t,
        data,
      });
    };
    switch (e.type) {
      case 'dispute.opened': {
        const opener = await this.notifier.nameOf(d.openedBy);
        await tell(d.respondentId, 'dispute_opened', disputeTexts.dispute_opened(opener, d.reason));
        // The circle's other members hear that a problem is handled, not what it is or whose.
        for (const member of d.circleMemberIds ?? []) {
          await this.notifier.create({
            id: `circle_problem:${d.disputeId}:${member}`,
            userId: member,
            type: 'circle_problem',
            ...disputeTexts.circle_problem(),
            data: d.circleId ? { circle_id: d.circleId } : {},
          });
        }
        break;
      }
      case 'dispute.answered':
        await tell(
          d.openedBy,
          'dispute_answered',
          disputeTexts.dispute_answered(await this.notifier.nameOf(d.respondentId)),
        );
        break;
      case 'dispute.escalated':
        for (const userId of parties) {
          await tell(userId, 'dispute_escalated', disputeTexts.dispute_escalated());
        }
        break;
      case 'dispute.resolved': {
        const r = (e as EventEnvelope<'dispute.resolved'>).data;
        for (const userId of parties) {
          await tell(
            userId,
            'dispute_resolved',
            disputeTexts.dispute_resolved(r.closedBy === 'admin', r.outcome, r.note),
          );
        }
        if (r.sanction?.kind === 'warning') {
          await tell(r.sanction.userId, 'member_warned', disputeTexts.member_warned(r.note));
        }
        break;
      }
    }
    await this.live.push(parties, 'proposal', {
      proposal_id: d.proposalId,
      status: d.status,
      event: e.type,
    });
  }
}
