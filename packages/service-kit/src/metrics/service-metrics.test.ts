import { ServiceMetrics } from './service-metrics';

describe('ServiceMetrics', () => {
  it('counts published events, and the business facts among them', async () => {
    const m = new ServiceMetrics('exchange', { defaults: false });
    m.countPublished('swapbooth.exchange.proposal.v1', 'proposal.created');
    m.countPublished('swapbooth.exchange.proposal.v1', 'proposal.created');
    m.countPublished('swapbooth.exchange.proposal.v1', 'proposal.accepted');
    m.countPublished('swapbooth.exchange.proposal.v1', 'proposal.countered');
    m.countPublished('swapbooth.exchange.circle.v1', 'circle.proposed');
    const text = await m.text();
    expect(text).toContain('swapbooth_proposals_total{outcome="created",service="exchange"} 2');
    expect(text).toContain('swapbooth_proposals_total{outcome="accepted",service="exchange"} 1');
    expect(text).not.toContain('outcome="countered"');
    expect(text).toContain('swapbooth_circles_proposed_total{service="exchange"} 1');
    expect(text).toContain(
      'events_published_total{topic="swapbooth.exchange.proposal.v1",event_type="proposal.countered",service="exchange"} 1',
    );
    expect([...m.publishedTopics].sort()).toEqual([
      'swapbooth.exchange.circle.v1',
      'swapbooth.exchange.proposal.v1',
    ]);
  });

  it('samples what it reads from elsewhere before a scrape, at most once per interval', async () => {
    const m = new ServiceMetrics('x', { defaults: false });
    let samples = 0;
    m.addCollector(async () => {
      samples += 1;
      m.outboxPending.set({ topic: 't' }, samples);
    }, 60_000);
    m.addCollector(async () => {
      throw new Error('broker down');
    });
    expect(await m.text()).toContain('outbox_pending_events{topic="t",service="x"} 1');
    expect(await m.text()).toContain('outbox_pending_events{topic="t",service="x"} 1');
    expect(samples).toBe(1);
  });
});
