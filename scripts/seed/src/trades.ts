/**
 * Demo trades around member01, through the payment and exchange services' HTTP APIs only, so that
 * signing in as member01 shows a living trade history:
 *
 * - member01…member04 subscribe through the payment sandbox, exactly as a browser does (Checkout,
 *   then the sandbox's Pay button, which delivers the signed webhook);
 * - member02 → member01: pending;
 * - member01 → member03: countered once by member03, who asks for a deposit;
 * - member04 → member01: accepted, both parcels shipped and delivered (completed), rated both ways;
 * - member05 → member01: pending, from a member without a subscription.
 *
 * Entitlement reaches the exchange service asynchronously (payment's subscription.changed event)
 * and listings through catalog's events, so a step that needs either retries until the exchange
 * service stops refusing, up to a deadline. Idempotent: when member01 already has proposals, the
 * trades were made on an earlier run and nothing is done.
 */
import type { Api, Reply } from './http';
import type { Session } from './session';

export interface TradeListing {
  product_id: string;
  title: string;
  user_id: string;
}

export interface TradeInput {
  exchange: Api;
  payment: Api;
  /** Signed-in sessions by member number (1-based). */
  sessions: Map<number, Session>;
  /** A member's published listings. */
  listingsOf: (userId: string) => Promise<TradeListing[]>;
}

export interface TradeOutcome {
  /**
   * 'kept' when member01 already had proposals; 'no-sandbox' when payment runs with Stripe, where
   * subscribing takes a person at Stripe's Checkout.
   */
  trades: 'kept' | 'created' | 'no-sandbox';
  subscribed: number;
  proposals: number;
  ratings: number;
}

interface ProposalView {
  proposal_id: string;
  status: string;
  round_count: number;
}

/** How long the exchange service may take to hear of a subscription or a listing. */
const PROPAGATION_MS = 90_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Repeats a call while `pending` says its answer only means "not heard of yet" (an entitlement or
 * a listing still on its way in an event), up to the deadline; any other answer is returned or
 * thrown as usual.
 */
async function untilHeard<T>(
  what: string,
  call: () => Promise<Reply<T>>,
  pending: (r: Reply<T>) => boolean,
): Promise<Reply<T>> {
  const deadline = Date.now() + PROPAGATION_MS;
  for (let wait = 200; ; wait = Math.min(wait * 2, 2000)) {
    const r = await call();
    if (!pending(r)) return r;
    if (Date.now() > deadline) {
      throw new Error(`${what}: still answered ${r.status} (${r.body.message ?? r.body.code})`);
    }
    await sleep(wait);
  }
}

const notEntitledYet = (r: Reply<unknown>) =>
  r.status === 403 && r.body.code === 'subscription_required';
const listingUnknownYet = (r: Reply<unknown>) =>
  r.status === 400 && /does not exist/.test(r.body.message ?? '');

/** Throws for an answer that was only accepted to be retried. */
function ok<T>(r: Reply<T>, what: string): T {
  if (r.status >= 300 || r.body.data === undefined) {
    throw new Error(`${what} answered ${r.status}: ${r.body.message ?? r.body.code ?? ''}`);
  }
  return r.body.data;
}

interface OwnPaymentData {
  customer_id: string | null;
  subscription_status: string | null;
}
class NoSandbox extends Error {}

const entitled = (status: string | null | undefined) =>
  status === 'active' || status === 'trialing';

/** Subscribes a member through Checkout and the sandbox's Pay button; false when already subscribed. */
async function subscribe(payment: Api, s: Session): Promise<boolean> {
  const own = () =>
    s.call<OwnPaymentData>(payment, 'GET', `/api/user-stripe-data/${s.userId}`).then((r) => {
      const data = r.body.data;
      if (!data) throw new Error('payment data answered without data');
      return data;
    });
  const before = await own();
  if (entitled(before.subscription_status)) return false;
  if (!before.customer_id) throw new Error(`${s.member.tag} has no payment customer`);
  const plans = (await payment.request<{ priceId: string }[]>('GET', '/api/stripe/plans')).body
    .data;
  const priceId = plans?.[0]?.priceId;
  if (!priceId) throw new Error('payment offers no plan');
  const checkout = await s.call<{ id: string; url: string }>(
    payment,
    'POST',
    '/api/stripe/create-checkout-session',
    { body: { priceId, customerId: before.customer_id, userId: s.userId } },
  );
  const sessionId = checkout.body.data?.id;
  if (!sessionId) throw new Error('checkout answered without a session id');
  if (!checkout.body.data?.url?.includes('/api/stripe/sandbox/checkout/')) throw new NoSandbox();
  // The sandbox's Checkout page posts its form here and is redirected back to the app.
  await payment.request('POST', `/api/stripe/sandbox/checkout/${sessionId}/pay`, {
    redirect: 'manual',
    accept: [302, 303],
  });
  const deadline = Date.now() + PROPAGATION_MS;
  for (;;) {
    const now = await own();
    if (entitled(now.subscription_status)) return true;
    if (Date.now() > deadline) {
      throw new Error(`${s.member.tag}'s subscription is still ${now.subscription_status}`);
    }
    await sleep(300);
  }
}

/** Hands out each member's listings once, so no listing is in two of the seed's trades. */
class ListingPicker {
  private readonly used = new Set<string>();
  constructor(private readonly listingsOf: TradeInput['listingsOf']) {}

  async pick(s: Session): Promise<TradeListing> {
    const mine = (await this.listingsOf(s.userId))
      .filter((l) => !this.used.has(l.product_id))
      .sort((a, b) => a.title.localeCompare(b.title));
    const chosen = mine[0];
    if (!chosen) throw new Error(`${s.member.tag} has no published listing left to trade`);
    this.used.add(chosen.product_id);
    return chosen;
  }
}

export async function seedTrades(input: TradeInput): Promise<TradeOutcome> {
  const { exchange, payment, sessions } = input;
  const member = (n: number) => {
    const s = sessions.get(n);
    if (!s) throw new Error(`member${String(n).padStart(2, '0')} was not seeded`);
    return s;
  };
  const [m1, m2, m3, m4, m5] = [1, 2, 3, 4, 5].map(member) as [
    Session,
    Session,
    Session,
    Session,
    Session,
  ];
  const outcome: TradeOutcome = { trades: 'kept', subscribed: 0, proposals: 0, ratings: 0 };

  const existing = await m1.call<{ totalCount: number }>(
    exchange,
    'GET',
    `/api/exchange/user/${m1.userId}/proposals?limit=1`,
  );
  if ((existing.body.data?.totalCount ?? 0) > 0) return outcome;
  for (const s of [m1, m2, m3, m4]) {
    try {
      if (await subscribe(payment, s)) outcome.subscribed++;
    } catch (err) {
      if (!(err instanceof NoSandbox)) throw err;
      return { ...outcome, trades: 'no-sandbox' };
    }
  }
  outcome.trades = 'created';

  const picker = new ListingPicker(input.listingsOf);
  const propose = async (
    from: Session,
    to: Session,
    message: (wanted: TradeListing, offered: TradeListing) => string,
  ) => {
    const [wanted, offered] = [await picker.pick(to), await picker.pick(from)];
    const r = await untilHeard(
      `${from.member.tag} proposing to ${to.member.tag}`,
      () =>
        from.call<ProposalView>(exchange, 'POST', '/api/exchange/proposal', {
          body: {
            userId: from.userId,
            receiverId: to.userId,
            requestedProductIds: [wanted.product_id],
            offeredProductIds: [offered.product_id],
            message: message(wanted, offered),
          },
          accept: [400],
        }),
      listingUnknownYet,
    );
    outcome.proposals++;
    return { proposal: ok(r, 'proposal'), wanted, offered };
  };
  const path = (p: ProposalView, tail = '') => `/api/exchange/proposal/${p.proposal_id}${tail}`;

  // member02 → member01, waiting for member01's answer.
  await propose(
    m2,
    m1,
    (w, o) =>
      `Hi ${m1.member.firstName}! I love your ${w.title} — would you swap it for my ${o.title}? Happy to meet halfway on shipping.`,
  );

  // member01 → member03, countered once: member03 asks for a deposit on top.
  const toM3 = await propose(
    m1,
    m3,
    (w, o) =>
      `Hello ${m3.member.firstName}, your ${w.title} would be perfect for me. Would you trade it for my ${o.title}?`,
  );
  await untilHeard(
    `${m3.member.tag} countering`,
    () =>
      m3.call(exchange, 'POST', path(toM3.proposal, '/counter'), {
        body: {
          userId: m3.userId,
          requestedProductIds: [toM3.wanted.product_id],
          offeredProductIds: [toM3.offered.product_id],
          message: `Thanks ${m1.member.firstName}! Mine is in great shape, so I'd ask a $15 deposit with it — deal?`,
          deposit_amount: 15,
        },
        accept: [403],
      }),
    notEntitledYet,
  ).then((r) => ok(r, 'counter'));

  // member04 → member01: accepted, both parcels shipped and delivered, then rated both ways.
  const fromM4 = await propose(
    m4,
    m1,
    (w, o) =>
      `Hi ${m1.member.firstName}, my ${o.title} for your ${w.title}: fair swap? I can ship mine tomorrow.`,
  );
  await untilHeard(
    `${m1.member.tag} accepting`,
    () =>
      m1.call(exchange, 'PUT', path(fromM4.proposal, '/status'), {
        body: { userId: m1.userId, status: 'accepted' },
        accept: [403],
      }),
    notEntitledYet,
  ).then((r) => ok(r, 'accept'));
  const step = (s: Session, type: 'sender' | 'receiver', status: string, trackingNote?: string) =>
    s.call<ProposalView>(exchange, 'PUT', path(fromM4.proposal, '/shipping-status'), {
      body: { userId: s.userId, type, status, ...(trackingNote ? { trackingNote } : {}) },
    });
  await step(m4, 'sender', 'shipped', 'USPS Priority Mail');
  await step(m1, 'receiver', 'shipped', 'UPS Ground');
  await step(m1, 'sender', 'delivered');
  const done = await step(m4, 'receiver', 'delivered');
  if (done.body.data?.status !== 'completed') {
    throw new Error(`the delivered trade is ${done.body.data?.status}, not completed`);
  }
  const rate = async (rater: Session, rated: Session, value: number, comment: string) => {
    await rater.call(exchange, 'POST', '/api/rating', {
      body: {
        proposal_id: fromM4.proposal.proposal_id,
        rater_id: rater.userId,
        rated_user_id: rated.userId,
        rating_value: value,
        comment,
      },
    });
    outcome.ratings++;
  };
  await rate(m1, m4, 5, 'Smooth swap: well packed, shipped right away and exactly as described.');
  await rate(m4, m1, 4.5, 'Friendly and quick to answer. The item arrived in great condition.');

  // member05 (no subscription) → member01, waiting for member01's answer.
  await propose(
    m5,
    m1,
    (w) =>
      `Hey ${m1.member.firstName}! Would you consider trading your ${w.title}? Let me know what you think.`,
  );
  return outcome;
}
