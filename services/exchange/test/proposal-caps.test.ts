import { newMember, startExchange, type Harness } from './support/harness';
import { listingsOf, propose, setStatus } from './support/fixtures';

const PER_HOUR = 8;
let h: Harness;
beforeAll(async () => {
  h = await startExchange({ PROPOSALS_PER_HOUR: String(PER_HOUR) });
});
afterAll(async () => {
  await h?.stop();
});

describe('caps on what one member can send another', () => {
  it('keeps at most 5 proposals from one member to another open, whatever the deposit, and counts one closed again', async () => {
    const [s, r, other] = [newMember(), newMember(), newMember()];
    const [want] = await listingsOf(h, r, 1);
    const send = (deposit: number, to = r) =>
      propose(h, s, to, { requested: [want!], deposit_amount: deposit });
    const ids: string[] = [];
    for (let deposit = 1; deposit <= 5; deposit++) {
      const res = await send(deposit);
      expect([deposit, res.status]).toEqual([deposit, 201]);
      ids.push(res.body.data.proposal_id as string);
    }
    const sixth = await send(6);
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toMatch(/at most 5 open proposals to one member/);

    // Another sender to the same member is not held back by it.
    const fromOther = await propose(h, other, r, { requested: [want!], deposit_amount: 6 });
    expect(fromOther.status).toBe(201);

    // Once one of the five is cancelled, there is room for one more.
    expect((await setStatus(h, s, ids[0]!, 'cancelled')).status).toBe(200);
    expect((await send(7)).status).toBe(201);
    expect((await send(8)).status).toBe(409);
  });

  it('answers 429 with Retry-After past the proposals a member may send in an hour', async () => {
    const s = newMember();
    const receivers = [newMember(), newMember()];
    const wants = await Promise.all(receivers.map((r) => listingsOf(h, r, 1)));
    let sent = 0;
    for (let i = 0; sent < PER_HOUR; i++) {
      const k = i % 2;
      const res = await propose(h, s, receivers[k]!, {
        requested: wants[k]!,
        deposit_amount: 100 + i,
      });
      expect(res.status).toBe(201);
      sent++;
    }
    const over = await propose(h, s, receivers[0]!, {
      requested: wants[0]!,
      deposit_amount: 999,
    });
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/at most 8 new proposals an hour/);
    const wait = Number(over.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(3600);

    // Someone else still sends.
    const fresh = newMember();
    expect(
      (await propose(h, fresh, receivers[1]!, { requested: wants[1]!, deposit_amount: 1 })).status,
    ).toBe(201);
  });
});
