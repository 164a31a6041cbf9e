import { z } from 'zod';
import { baseConfigSchema, loadConfig } from '@swapbooth/service-kit';

/** The exchange service's settings; read once at boot from the environment. */
export const exchangeConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().nonnegative().default(4004),
  /** How long an open proposal waits for an answer before it expires (hours; 14 days). */
  PROPOSAL_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(14 * 24),
  /** Open proposals one member may have to one other member; one more is a 409. */
  OPEN_PROPOSALS_PER_PAIR: z.coerce.number().int().min(1).default(5),
  /** New proposals one member may send in an hour; one more is a 429 with Retry-After. */
  PROPOSALS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** How often the sweeper expires overdue proposals and releases abandoned reservations. */
  PROPOSAL_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * How long a reservation may exist without its proposal being accepted before the sweeper
   * releases it (an accept that stopped between claiming the listings and storing the proposal).
   */
  RESERVATION_GRACE_MS: z.coerce.number().int().min(100).default(60_000),
  /**
   * An accepted exchange's clocks (hours): each party ships (or performs a service) within
   * SHIP_DEADLINE_HOURS (5 days; reminded at half-time), a shipped parcel counts as delivered
   * after DELIVERY_ASSUMED_HOURS (14 days) unless its receiver says otherwise, and an exchange
   * whose parcels are all delivered completes REPORT_WINDOW_HOURS (2 days) later unless a party
   * reports a problem. Swept with the proposals (PROPOSAL_SWEEP_MS).
   */
  SHIP_DEADLINE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(5 * 24),
  DELIVERY_ASSUMED_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(14 * 24),
  REPORT_WINDOW_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(2 * 24),
  /** How long the members of a proposed trade circle have to answer it (hours; 72). */
  CIRCLE_ANSWER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(72),
  /** How long an edge a member declined (or let expire) stays out of the matching (hours). */
  CIRCLE_EXCLUDE_HOURS: z.coerce
    .number()
    .nonnegative()
    .max(24 * 365)
    .default(7 * 24),
  /** How long after a want-list or listing change the circle matcher runs (changes meanwhile join). */
  CIRCLE_MATCH_DEBOUNCE_MS: z.coerce.number().int().min(0).default(1000),
  /**
   * How often the circle matcher matches anyway, with no change asked for: want lists, listings
   * and blocks ask for a run when they change (on another replica, through the lease); this
   * catches what frees listings without asking (a released reservation). The lease is renewed
   * every third of CIRCLE_MATCHER_LEASE_MS without matching an unchanged market again.
   */
  CIRCLE_MATCH_EVERY_MS: z.coerce.number().int().min(100).default(300_000),
  /** How often the matcher's lease holder looks for runs asked for by other replicas. */
  CIRCLE_MATCH_CHECK_MS: z.coerce.number().int().min(100).default(2000),
  /** How long the matcher's lease holds without renewal (another replica takes over after it). */
  CIRCLE_MATCHER_LEASE_MS: z.coerce.number().int().min(200).default(45_000),
  /** The time the matcher's solver may spend improving members trading once the count is optimal. */
  CIRCLE_SOLVE_MS: z.coerce.number().int().min(0).default(500),
  /** How often the circle sweep dissolves circles nobody answered in time (and settles accepted ones). */
  CIRCLE_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  /** How long the other party of a dispute has to answer before Swapbooth steps in (hours; 72). */
  DISPUTE_ANSWER_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(72),
  /**
   * How long after completion an exchange's ratings stay hidden at most (hours; 14 days): both are
   * shown once both parties rated, or when this has passed; no rating is taken after it.
   */
  RATING_REVEAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 365)
    .default(14 * 24),
  /** How often the ratings whose reveal time has come are counted into the members' averages. */
  RATING_SWEEP_MS: z.coerce.number().int().min(100).default(60_000),
  /** Request bodies: a math trade's want-list file may be 2 MB of text, more once JSON-escaped. */
  BODY_LIMIT: z.string().default('5mb'),
  /** A math trade still solving after this long is stopped and its file refused as too big. */
  MATH_TRADE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * Heap of one math trade's solver worker (MB). The fixtures need under 64 (the 2,090-item
   * Romanian trade included); the default stays well inside the pod's memory limit (k8s: 384Mi).
   */
  MATH_TRADE_MEMORY_MB: z.coerce.number().int().min(32).default(160),
  /** Math trades solved at the same time by one instance; one more is answered 429. */
  MATH_TRADE_CONCURRENCY: z.coerce.number().int().min(1).default(1),
});

export type ExchangeConfig = z.infer<typeof exchangeConfigSchema>;

export const loadExchangeConfig = (
  env?: Record<string, string | undefined>,
): Readonly<ExchangeConfig> => loadConfig(exchangeConfigSchema, env);
