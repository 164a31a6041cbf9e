import { traceBus } from '@swapbooth/event-bus';
import { describeBus, recordBusTrace } from './bus-trace';

describe('what a timed-out wait says about the event bus', () => {
  let stop: () => void;
  beforeEach(() => {
    stop = recordBusTrace();
  });
  afterEach(() => stop());

  const published = (id: string, email: string, at: number) =>
    traceBus({
      kind: 'published',
      by: 'auth',
      at,
      events: [
        {
          id,
          type: 'auth.otp-requested',
          topic: 'run.swapbooth.auth.email-request.v1',
          value: JSON.stringify({ id, data: { email } }),
          storedAt: new Date(at - 40),
          at: 'run.swapbooth.auth.email-request.v1[1]@7',
        },
      ],
    });

  it('tells when the relay published an event about the address, and that no consumer got it', () => {
    const since = Date.now();
    published('e-1', 'ada@example.test', since + 100);
    published('e-2', 'someone-else@example.test', since + 120);
    const text = describeBus({ mentioning: 'ADA@example.test', since });
    expect(text).toContain(
      '+0.100 s  auth relay published auth.otp-requested e-1 to run.swapbooth.auth.email-request.v1[1]@7, 40 ms after it was stored',
    );
    expect(text).not.toContain('e-2');
    expect(text).toContain('not received by any consumer in this file: e-1');
  });

  it('tells which consumer received it, how long after publishing, and what it did; and rebalances', () => {
    const since = Date.now();
    published('e-3', 'bo@example.test', since + 100);
    traceBus({
      kind: 'group',
      by: 'notification',
      group: 'run.f.notification',
      at: since + 200,
      what: 'rebalancing',
    });
    traceBus({
      kind: 'received',
      by: 'notification',
      group: 'run.f.notification',
      at: since + 2_100,
      id: 'e-3',
      type: 'auth.otp-requested',
      topic: 'run.swapbooth.auth.email-request.v1',
      partition: 1,
      offset: '7',
      outcome: 'handled',
      ms: 12,
    });
    const lines = describeBus({ mentioning: 'bo@example.test', since }).split('\n');
    expect(lines.slice(1).map((l) => l.trim())).toEqual([
      expect.stringContaining('+0.100 s  auth relay published auth.otp-requested e-3'),
      '+0.200 s  notification (group run.f.notification) rebalancing',
      '+2.100 s  notification (group run.f.notification) received auth.otp-requested e-3 from run.swapbooth.auth.email-request.v1[1]@7, 2000 ms after it was published: handled in 12 ms',
    ]);
  });
});
