import { eventually } from '@swapbooth/test-kit';
import { newMember, signature, startPayment, type Harness, type Member } from './support/harness';

let h: Harness;

beforeAll(async () => {
  h = await startPayment();
});
afterAll(async () => {
  await h?.stop();
});

const MEMBERS = 10;

function shuffle<T>(items: T[]): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

/** Runs the tasks with at most `width` at a time. */
async function pool<T>(tasks: Array<() => Promise<T>>, width: number): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!();
      }
    }),
  );
  return results;
}

describe('webhook chaos', () => {
  it('ends every member in the provider’s last state, with one entitlement change each, when 50 events arrive three times each in shuffled order', async () => {
    const sandbox = h.deps.sandbox!;
    const members: Array<{ m: Member; subscriptionId: string }> = [];
    const held: string[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const m = newMember();
      const customerId = await h.register(m);
      const session = await h.api.post(
        '/api/stripe/create-checkout-session',
        { priceId: 'price_swapbooth_monthly', customerId, userId: m.id },
        m.token,
      );
      sandbox.deliverWith(async (payload) => {
        held.push(payload);
      });
      // A life of five events: it starts on trial, a renewal payment fails, then succeeds, and the
      // member asks to stop at the end of the period.
      await sandbox.payCheckout(session.body.sessionId);
      const sub = JSON.parse(held.at(-2)!).data.object as { id: string };
      await sandbox.updateSubscription(sub.id, { status: 'past_due' });
      await sandbox.updateSubscription(sub.id, { status: 'active' });
      await sandbox.updateSubscription(sub.id, { cancel_at_period_end: true });
      members.push({ m, subscriptionId: sub.id });
    }
    expect(held).toHaveLength(50);

    const deliveries = shuffle(held.flatMap((p) => [p, p, p]));
    const outcomes = await pool(
      deliveries.map((payload) => async () => {
        const r = await h.webhook(payload, signature(payload));
        expect(r.status).toBe(200);
        return r.body.outcome as string;
      }),
      8,
    );
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(100);
    expect(outcomes.filter((o) => o === 'processed')).toHaveLength(50);

    for (const { m, subscriptionId } of members) {
      const real = await sandbox.retrieveSubscription(subscriptionId);
      const data = await h.stripeData(m);
      expect(data).toMatchObject({
        subscription_id: subscriptionId,
        subscription_status: real.status,
        current_period_end: real.currentPeriodEnd,
        cancel_at_period_end: true,
      });
      expect(real.status).toBe('active');
    }

    // A later member's event, on the same single partition, marks the end of what was published.
    h.deps.sandbox!.deliverWith(async (payload) => {
      await h.webhook(payload, signature(payload));
    });
    const last = newMember();
    const lastSession = await h.api.post(
      '/api/stripe/create-checkout-session',
      { priceId: 'price_swapbooth_monthly', customerId: await h.register(last), userId: last.id },
      last.token,
    );
    await eventually(
      () =>
        members.every(
          ({ m }) => h.tap.all('subscription.changed', (d) => d.userId === m.id).length,
        ),
      30000,
    );
    await sandbox.payCheckout(lastSession.body.sessionId);
    await h.tap.waitFor('subscription.changed', (d) => d.userId === last.id, 30000);

    for (const { m } of members) {
      const changes = h.tap.all('subscription.changed', (d) => d.userId === m.id);
      expect(changes.map((e) => e.data.status)).toEqual(['active']);
    }
  });
});
