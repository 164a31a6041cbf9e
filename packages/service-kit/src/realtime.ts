import type { Redis } from 'ioredis';

/**
 * Realtime push to members' open streams (GET /api/stream), through Redis so any replica of any
 * service can publish and any replica serving streams can deliver. Each push is appended to the
 * member's short replay log (a Redis Stream trimmed to the last few minutes, whose entry id becomes
 * the SSE event id) and announced on one pub/sub channel; a stream that reconnects with
 * `Last-Event-ID` reads what it missed from the log.
 */

/** How long a member's pushes stay replayable. */
export const REALTIME_REPLAY_MS = 5 * 60_000;

/** The one pub/sub channel every push is announced on (prefixed like the service's keys). */
export const realtimeChannel = (keyPrefix: string): string => `${keyPrefix}realtime:push`;

/** A member's replay log (ioredis adds the key prefix). */
export const realtimeLogKey = (userId: string): string => `realtime:log:${userId}`;

/** One push as a stream replica receives it from the channel. */
export interface RealtimePush {
  userId: string;
  /** The replay-log entry id: the SSE event id. */
  id: string;
  type: string;
  /** JSON text. */
  data: string;
}

// Append, trim to the replay window, keep idle logs from lingering, announce: one round trip.
const PUSH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MINID', '~', ARGV[1], '*', 't', ARGV[2], 'd', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[5], ARGV[6] .. '\\n' .. id .. '\\n' .. ARGV[2] .. '\\n' .. ARGV[3])
return id`;

/** Publishes pushes to members' streams. */
export class RealtimePublisher {
  private readonly channel: string;

  constructor(private readonly redis: Redis) {
    this.channel = realtimeChannel(String(redis.options.keyPrefix ?? ''));
  }

  /** Pushes one event to each member; returns the event ids. Never throws: a push is best effort. */
  async push(userIds: readonly string[], type: string, data: unknown): Promise<string[]> {
    const json = JSON.stringify(data);
    const now = Date.now();
    const ids = await Promise.all(
      [...new Set(userIds)].map((userId) =>
        (
          this.redis.eval(
            PUSH_SCRIPT,
            1,
            realtimeLogKey(userId),
            String(now - REALTIME_REPLAY_MS),
            type,
            json,
            String(REALTIME_REPLAY_MS * 2),
            this.channel,
            userId,
          ) as Promise<string>
        ).catch(() => ''),
      ),
    );
    return ids.filter(Boolean);
  }
}

/** Parses a channel message written by PUSH_SCRIPT. */
export function parseRealtimePush(message: string): RealtimePush | undefined {
  const a = message.indexOf('\n');
  const b = message.indexOf('\n', a + 1);
  const c = message.indexOf('\n', b + 1);
  if (a < 0 || b < 0 || c < 0) return undefined;
  return {
    userId: message.slice(0, a),
    id: message.slice(a + 1, b),
    type: message.slice(b + 1, c),
    data: message.slice(c + 1),
  };
}

/** Orders two Redis Stream ids ("ms-seq"). */
export function compareStreamIds(x: string, y: string): number {
  const [xm = '0', xs = '0'] = x.split('-');
  const [ym = '0', ys = '0'] = y.split('-');
  const dm = Number(xm) - Number(ym);
  return dm !== 0 ? Math.sign(dm) : Math.sign(Number(xs) - Number(ys));
}

/** A valid stream id as a client may send it back in Last-Event-ID. */
export const isStreamId = (s: string): boolean => /^\d{1,16}-\d{1,10}$/.test(s);

/** Reads a member's pushes after an event id (exclusive), oldest first, within the replay window. */
export async function replayRealtime(
  redis: Redis,
  userId: string,
  afterId: string,
  max = 500,
): Promise<RealtimePush[]> {
  const rows = (await redis.xrange(realtimeLogKey(userId), `(${afterId}`, '+', 'COUNT', max)) as [
    string,
    string[],
  ][];
  return rows.map(([id, fields]) => {
    const f: Record<string, string> = {};
    for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
    return { userId, id, type: f.t ?? 'message', data: f.d ?? '{}' };
  });
}
