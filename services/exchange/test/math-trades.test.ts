import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  mathTradeListResponse,
  mathTradeResponse,
  organiserRequestListResponse,
  organiserResponse,
} from '@swapbooth/contracts';
import { Api, eventually } from '@swapbooth/test-kit';
import {
  dropIsolated,
  isolatedEnv,
  newAdmin,
  startAdmin,
  type AdminService,
  type SignedInAdmin,
} from '../../admin/test/support/harness';
import { newMember, startExchange, type Harness, type Member } from './support/harness';

const fixture = (name: string) =>
  readFileSync(path.join(__dirname, '../../../packages/circles/fixtures', name), 'utf8');

let h: Harness;
let admin: AdminService;
let adminApi: Api;
const adminEnv = isolatedEnv();
let usersAdmin: SignedInAdmin;
let listingsAdmin: SignedInAdmin;

beforeAll(async () => {
  h = await startExchange();
  admin = await startAdmin({ ...adminEnv, EXCHANGE_URL: h.url });
  adminApi = new Api(admin.url);
  usersAdmin = await newAdmin(admin, 'staff', 'users');
  listingsAdmin = await newAdmin(admin, 'staff', 'products');
});

afterAll(async () => {
  await admin?.stop();
  await dropIsolated(adminEnv);
  await h?.stop();
});

let boothVersion = 0;

/** Catalog announces that the member opened a booth; resolves once exchange knows it. */
async function opensBooth(m: Member, name = `Booth ${randomBytes(2).toString('hex')}`) {
  await h.tap.publish('booth.created', m.id, {
    boothId: `b${randomBytes(6).toString('hex')}`,
    userId: m.id,
    username: `user${m.id}`,
    name,
    interests: [],
    status: 'active',
    version: ++boothVersion,
  });
  await eventually(() => h.service.deps.mathTrading.booths.boothOf(m.id), 20_000);
}

/** A member with a booth whom an admin with the users permission approved as an organiser. */
async function approvedOrganiser(): Promise<Member> {
  const m = newMember();
  await opensBooth(m);
  expect((await h.api.post('/api/circles/organiser', {}, m.token)).status).toBe(201);
  const decided = await adminApi.put(
    `/api/admin/organisers/${m.id}`,
    { status: 'approved' },
    usersAdmin.token,
  );
  expect(decided.status).toBe(200);
  return m;
}

describe('becoming a math-trade organiser', () => {
  it('starts with no standing, asks once a booth is open, and an admin approves the request', async () => {
    const m = newMember();
    const none = await h.api.get('/api/circles/organiser', m.token);
    expect(none.status).toBe(200);
    expect(organiserResponse.parse(none.body.data)).toMatchObject({
      user_id: m.id,
      status: 'none',
    });

    const early = await h.api.post('/api/circles/organiser', {}, m.token);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Open a booth first to organise math trades');

    await opensBooth(m, 'Meeple Market');
    const asked = await h.api.post('/api/circles/organiser', {}, m.token);
    expect(asked.status).toBe(201);
    expect(organiserResponse.parse(asked.body.data)).toMatchObject({ status: 'requested' });
    expect(asked.body.data.requested_at).toEqual(expect.any(String));
    expect((await h.api.post('/api/circles/organiser', {}, m.token)).status).toBe(409);

    const queue = await adminApi.get('/api/admin/organisers?status=requested', usersAdmin.token);
    expect(queue.status).toBe(200);
    const listed = organiserRequestListResponse.parse(queue.body.data).organisers;
    expect(listed.find((o) => o.user_id === m.id)).toMatchObject({
      status: 'requested',
      booth_name: 'Meeple Market',
    });

    const approved = await adminApi.put(
      `/api/admin/organisers/${m.id}`,
      { status: 'approved' },
      usersAdmin.token,
    );
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ user_id: m.id, status: 'approved' });
    const mine = await h.api.get('/api/circles/organiser', m.token);
    expect(mine.body.data).toMatchObject({ status: 'approved', decided_at: expect.any(String) });
    expect((await h.api.post('/api/circles/organiser', {}, m.token)).status).toBe(409);

    const auditor = await newAdmin(admin, 'executive');
    const audit = await adminApi.get(
      `/api/admin/audit?action=organiser.status-set&target_id=${m.id}`,
      auditor.token,
    );
    expect(audit.status).toBe(200);
    expect(JSON.stringify(audit.body.data)).toContain(usersAdmin.id);
    expect(audit.body.data).toMatchObject({
      entries: [
        expect.objectContaining({
          target_id: m.id,
          outcome: 'succeeded',
          before: { organiser: 'requested' },
          after: { organiser: 'approved' },
        }),
      ],
    });
  });

  it('refuses organiser requests to an admin without the users permission, and to members', async () => {
    const m = newMember();
    await opensBooth(m);
    expect((await h.api.post('/api/circles/organiser', {}, m.token)).status).toBe(201);

    const list = await adminApi.get('/api/admin/organisers', listingsAdmin.token);
    expect(list.status).toBe(403);
    const put = await adminApi.put(
      `/api/admin/organisers/${m.id}`,
      { status: 'approved' },
      listingsAdmin.token,
    );
    expect(put.status).toBe(403);
    // Exchange's own internal route checks the permission again, and never takes a member token.
    expect(
      (await h.api.put(`/internal/organisers/${m.id}`, { status: 'approved' }, listingsAdmin.token))
        .status,
    ).toBe(403);
    expect(
      (await h.api.put(`/internal/organisers/${m.id}`, { status: 'approved' }, m.token)).status,
    ).toBe(401);
    expect((await h.api.get('/api/circles/organiser', m.token)).body.data.status).toBe('requested');
  });

  it('answers 404 when an admin decides on a member who never asked, and 400 on a bad decision', async () => {
    const stranger = newMember();
    const r = await adminApi.put(
      `/api/admin/organisers/${stranger.id}`,
      { status: 'approved' },
      usersAdmin.token,
    );
    expect(r.status).toBe(404);
    const bad = await adminApi.put(
      `/api/admin/organisers/${stranger.id}`,
      { status: 'maybe' },
      usersAdmin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('status');
  });
});

describe('running a math trade', () => {
  let organiser: Member;

  beforeAll(async () => {
    organiser = await approvedOrganiser();
  });

  it("solves the Brazil want lists through the API to TradeMaximizer's optimum, and keeps the result for the organiser only", async () => {
    const solved = await h.api.post(
      '/api/circles/math-trades',
      { name: 'Math Trade Brasil, May 2024', file: fixture('brazil-2024-05.txt') },
      organiser.token,
    );
    expect(solved.status).toBe(201);
    const trade = mathTradeResponse.parse(solved.body.data);
    expect(trade).toMatchObject({
      name: 'Math Trade Brasil, May 2024',
      organiser_id: organiser.id,
      items_trading: 196,
      items_total: 874,
    });
    expect(trade.group_sizes.reduce((a, b) => a + b, 0)).toBe(196);
    expect(trade.report).toContain('TRADE LOOPS (196 total trades)');
    // Every loop closes: each step receives what the next one gives, from its giver.
    const given = new Set<string>();
    for (const loop of trade.loops) {
      loop.forEach((step, i) => {
        const next = loop[(i + 1) % loop.length]!;
        expect(step.receives_item).toBe(next.item);
        expect(step.receives_from).toBe(next.user);
        expect(step.user).not.toBe(step.receives_from);
        given.add(step.item);
      });
    }
    expect(given.size).toBe(196);

    const list = await h.api.get('/api/circles/math-trades', organiser.token);
    expect(list.status).toBe(200);
    expect(mathTradeListResponse.parse(list.body.data).math_trades).toEqual([
      expect.objectContaining({ math_trade_id: trade.math_trade_id, items_trading: 196 }),
    ]);
    const again = await h.api.get(
      `/api/circles/math-trades/${trade.math_trade_id}`,
      organiser.token,
    );
    expect(again.status).toBe(200);
    expect(mathTradeResponse.parse(again.body.data)).toEqual(trade);

    const other = await approvedOrganiser();
    const peek = await h.api.get(`/api/circles/math-trades/${trade.math_trade_id}`, other.token);
    expect(peek.status).toBe(404);
    expect((await h.api.get('/api/circles/math-trades', other.token)).body.data).toEqual({
      math_trades: [],
    });
  });

  it('refuses a member who is not an approved organiser with 403', async () => {
    const asked = newMember();
    await opensBooth(asked);
    expect((await h.api.post('/api/circles/organiser', {}, asked.token)).status).toBe(201);
    for (const m of [newMember(), asked]) {
      const r = await h.api.post(
        '/api/circles/math-trades',
        { name: 'Not mine to run', file: '(alice) A : B\n(bob) B : A\n' },
        m.token,
      );
      expect(r.status).toBe(403);
    }
  });

  it('answers a malformed want-list file with 400 naming the file and the line', async () => {
    const file = ['#! REQUIRE-COLONS', '(alice) A1 : B1', '(bob) B1 A1', '(carol) C1 : A1'].join(
      '\n',
    );
    const r = await h.api.post(
      '/api/circles/math-trades',
      { name: 'Broken', file },
      organiser.token,
    );
    expect(r.status).toBe(400);
    expect(r.body.field).toBe('file');
    expect(r.body.message).toMatch(/^line 3: /);
    expect(r.body.message).not.toMatch(/line 3: line 3/);
  });

  it('answers 400 naming the field when the name or the file is missing', async () => {
    const noName = await h.api.post('/api/circles/math-trades', { file: 'A : B' }, organiser.token);
    expect(noName.status).toBe(400);
    expect(noName.body.field).toBe('name');
    const noFile = await h.api.post('/api/circles/math-trades', { name: 'Empty' }, organiser.token);
    expect(noFile.status).toBe(400);
    expect(noFile.body.field).toBe('file');
  });
});
