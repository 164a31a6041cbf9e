import { randomUUID } from 'node:crypto';
import {
  createLogger,
  createRedis,
  DenyListCache,
  revocationChecker,
  revocationKeys,
  type Principal,
} from '@swapbooth/service-kit';
import { listeners } from './idle/procs';
import { revision, writeSection } from './results';
import { cpuSeconds } from './support/proc-cpu';
import { median } from './support/stats';

/**
 * npm run bench:deny-list — what the deny-list check costs every authenticated request, in the
 * gateway and again in the service it reaches: read from Redis on every call (MGET of the token's
 * keys), and answered from the local copy Redis keeps current (DenyListCache).
 *
 * CHECKS checks of SESSIONS members' tokens, one at a time and 32 at a time (requests in flight),
 * in rounds that alternate the two ways. Reported per check: this process's CPU (process.cpuUsage), the
 * Redis server's CPU (/proc, when it is the local server), and the wall time.
 */
const CHECKS = Number(process.env.BENCH_CHECKS ?? 20_000);
const SESSIONS = 200;
/** Checks in flight at once: one (each read is its own round trip) and many (ioredis sends the reads of one tick together). */
const CONCURRENCIES = [1, 32];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

type Way = 'redis' | 'cached';

/** The Redis server's pid, when it listens on this machine (its CPU is read from /proc). */
function redisPid(): number | undefined {
  const url = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  return /^(127\.0\.0\.1|localhost)$/.test(url.hostname)
    ? listeners().get(Number(url.port || 6379))
    : undefined;
}

interface Sample {
  cpuUs: number;
  redisUs: number | undefined;
  wallUs: number;
}

async function main(): Promise<void> {
  const logger = createLogger('bench', 'silent');
  const prefix = `bench-deny:${randomUUID().slice(0, 8)}:`;
  const redis = createRedis(process.env.REDIS_URL!, prefix, logger);
  const cache = new DenyListCache(redis, logger);
  for (let i = 0; !cache.tracking; i++) {
    if (i > 200) throw new Error('deny-list tracking did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  await redis.set(revocationKeys.complete, '1');
  const now = Math.floor(Date.now() / 1000);
  const tokens: Principal[] = Array.from({ length: SESSIONS }, () => ({
    userId: randomUUID(),
    jti: randomUUID(),
    issuedAt: now,
    expiresAt: now + 900,
    kind: 'member',
  }));
  const checkers: Record<Way, (p: Principal) => Promise<boolean>> = {
    redis: revocationChecker(redis),
    cached: revocationChecker(redis, cache),
  };
  const pid = redisPid();

  const round = async (way: Way, concurrency: number): Promise<Sample> => {
    const check = checkers[way];
    let next = 0;
    const redisBefore = cpuSeconds(pid);
    const cpuBefore = process.cpuUsage();
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < CHECKS) {
          const p = tokens[next++ % SESSIONS]!;
          if (await check(p)) throw new Error('a valid token was refused');
        }
      }),
    );
    const wallUs = ((performance.now() - t0) * 1000) / CHECKS;
    const cpu = process.cpuUsage(cpuBefore);
    const redisAfter = cpuSeconds(pid);
    return {
      cpuUs: (cpu.user + cpu.system) / CHECKS,
      redisUs:
        redisBefore === undefined || redisAfter === undefined
          ? undefined
          : ((redisAfter - redisBefore) * 1e6) / CHECKS,
      wallUs,
    };
  };

  // Warm-up: JIT, connections, and the copy holding every session's keys.
  await round('redis', 32);
  await round('cached', 32);
  const samples = new Map<string, Sample[]>();
  for (const c of CONCURRENCIES) {
    for (let r = 0; r < ROUNDS; r++) {
      for (const way of r % 2 ? (['cached', 'redis'] as const) : (['redis', 'cached'] as const)) {
        const key = `${way}:${c}`;
        samples.set(key, [...(samples.get(key) ?? []), await round(way, c)]);
      }
    }
  }
  cache.close();
  await redis.del(revocationKeys.complete);
  redis.disconnect();

  const med = (way: Way, c: number, f: (s: Sample) => number | undefined) => {
    const xs = (samples.get(`${way}:${c}`) ?? [])
      .map(f)
      .filter((x): x is number => x !== undefined);
    return xs.length ? median(xs) : undefined;
  };
  const fmt = (x: number | undefined) => (x === undefined ? 'n/a' : x.toFixed(1));
  const label: Record<Way, string> = { redis: 'Redis every call', cached: 'local copy' };
  const row = (way: Way, c: number) =>
    `| ${label[way]} | ${c} | ${fmt(med(way, c, (s) => s.cpuUs))} | ${fmt(med(way, c, (s) => s.redisUs))} | ${fmt(med(way, c, (s) => s.wallUs))} |`;
  const saved = (c: number, f: (s: Sample) => number | undefined) =>
    2 * ((med('redis', c, f) ?? 0) - (med('cached', c, f) ?? 0));
  const body = `
Revision ${revision()}. What the deny-list check (is this token revoked?) costs every authenticated request, once in the gateway and once more in the service it reaches. ${CHECKS.toLocaleString('en')} checks per round over ${SESSIONS} members' tokens, ${ROUNDS} rounds of each way alternating (medians), one check in flight at a time and ${CONCURRENCIES[1]} at a time. "Redis every call": an MGET of the token's three keys per check, as before. "Local copy": \`DenyListCache\`, which Redis keeps current (client-side caching in broadcasting mode for the deny-list's keys); a token's keys are read once, then again only after they change.

| way | in flight | this process, CPU µs per check | Redis server, CPU µs per check | wall µs per check |
|---|---|---|---|---|
${CONCURRENCIES.flatMap((c) => [row('redis', c), row('cached', c)]).join('\n')}

Saved per authenticated request through the gateway (two checks): **${fmt(saved(1, (s) => s.cpuUs))} µs** of Node CPU and ${fmt(saved(1, (s) => s.redisUs))} µs of Redis CPU when each read is its own round trip; ${fmt(saved(CONCURRENCIES[1]!, (s) => s.cpuUs))} µs and ${fmt(saved(CONCURRENCIES[1]!, (s) => s.redisUs))} µs when ${CONCURRENCIES[1]} reads share their round trips.
`;
  writeSection('deny-list', body);
  console.log(body);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
