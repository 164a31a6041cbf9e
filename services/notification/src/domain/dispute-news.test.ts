import { createEvent, type EventData } from '@swapbooth/contracts';
import { DisputeNews } from './dispute-news';
import type { Notifier } from './notifier';

type Created = Parameters<Notifier['create']>[0];

function news() {
  const created: Created[] = [];
  const pushed: string[][] = [];
  const notifier = {
    nameOf: async (id: string | undefined) => (id === 'ada' ? 'Ada Lovelace' : 'Bo Brown'),
    create: async (n: Created) => {
      if (created.some((c) => c.id === n.id)) return false;
      created.push(n);
      return true;
    },
  } as unknown as Notifier;
  const live = { push: async (ids: readonly string[]) => void pushed.push([...ids]) };
  return { news: new DisputeNews(notifier, live), created, pushed };
}

const facts = {
  disputeId: 'd1',
  proposalId: 'p1',
  openedBy: 'ada',
  respondentId: 'bo',
  reason: 'not_as_described',
  status: 'open',
};
const env = <
  K extends 'dispute.opened' | 'dispute.answered' | 'dispute.escalated' | 'dispute.resolved',
>(
  type: K,
  data: EventData<K>,
) => createEvent(type, data, { producer: 'exchange', subject: 'd1' });

describe('what the parties of a dispute are told', () => {
  it('tells the respondent of the report, and the circle’s other members only that a problem is handled', async () => {
    const { news: n, created } = news();
    const opened = env('dispute.opened', {
      ...facts,
      answerDueAt: '2026-01-04T00:00:00.000Z',
      circleId: 'c1',
      circleMemberIds: ['cy'],
    });
    await n.handle(opened);
    await n.handle(opened);
    expect(created.map((c) => [c.userId, c.type])).toEqual([
      ['bo', 'dispute_opened'],
      ['cy', 'circle_problem'],
    ]);
    expect(created[0]!.message).toMatch(
      /^Ada Lovelace reported that the exchange is not as described/,
    );
    expect(created[0]!.data).toEqual({ proposal_id: 'p1', dispute_id: 'd1' });
    expect(created[1]!.data).toEqual({ circle_id: 'c1' });
    expect(JSON.stringify(created[1])).not.toMatch(/Ada|described|p1/);
  });

  it('tells the opener of a remedy, both of an escalation and of the outcome with the note, and the warned member', async () => {
    const { news: n, created } = news();
    await n.handle(
      env('dispute.answered', { ...facts, status: 'answered', answer: 'propose_remedy' }),
    );
    await n.handle(env('dispute.escalated', { ...facts, status: 'escalated', cause: 'requested' }));
    await n.handle(
      env('dispute.resolved', {
        ...facts,
        status: 'closed',
        outcome: 'both_return',
        closedBy: 'admin',
        note: 'Send both back',
        sanction: { userId: 'bo', kind: 'warning' },
      }),
    );
    expect(created.map((c) => [c.userId, c.type])).toEqual([
      ['ada', 'dispute_answered'],
      ['ada', 'dispute_escalated'],
      ['bo', 'dispute_escalated'],
      ['ada', 'dispute_resolved'],
      ['bo', 'dispute_resolved'],
      ['bo', 'member_warned'],
    ]);
    const resolved = created.find((c) => c.type === 'dispute_resolved')!;
    expect(resolved.title).toBe('Swapbooth decided on the problem');
    expect(resolved.message).toMatch(/both of you return.*Note from Swapbooth: Send both back$/);
  });
});
