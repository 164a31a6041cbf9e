import type { Redis } from 'ioredis';
import {
  compareStreamIds,
  parseRealtimePush,
  realtimeChannel,
  replayRealtime,
  type Logger,
  type RealtimePush,
} from '@swapbooth/service-kit';

/** One open stream of one member. */
export interface StreamSink {
  userId: string;
  write(push: RealtimePush): void;
  /** Ends the stream; with a reason, tells the client why first (an `event: closed`). */
  close(reason?: string): void;
}

interface Registered {
  sink: StreamSink;
  /** The last event id written; anything not after it is a duplicate. */
  lastId: string;
  /** Pushes that arrived while the missed ones were being replayed. */
  pending: RealtimePush[] | null;
}

/**
 * Delivers members' pushes to the streams open on this replica. Every replica listens on the one
 * channel and writes to its own streams; a stream that reconnects with Last-Event-ID first gets what
 * it missed from the member's replay log, then the live pushes, with none twice. A member holds at
 * most `maxPerMember` streams on a replica: each stream holds a connection and a slot in the
 * gateway's stream pool, so a new one past the cap ends the member's oldest.
 */
export class StreamHub {
  private readonly streams = new Map<string, Set<Registered>>();
  private subscriber: Redis | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly logger: Logger,
    private readonly maxPerMember: number,
  ) {}

  async start(): Promise<void> {
    const channel = realtimeChannel(String(this.redis.options.keyPrefix ?? ''));
    // A subscribed connection can do nothing else; it carries no key prefix (channels are not keys).
    this.subscriber = this.redis.duplicate({ keyPrefix: '' });
    this.subscriber.on('message', (_channel: string, message: string) => {
      const push = parseRealtimePush(message);
      if (push) this.deliver(push);
    });
    await this.subscriber.subscribe(channel);
  }

  async stop(): Promise<void> {
    this.closeAll();
    this.subscriber?.disconnect();
  }

  /** Ends every open stream (shutdown: clients reconnect to another replica). */
  closeAll(): void {
    for (const set of this.streams.values()) for (const r of set) r.sink.close();
    this.streams.clear();
  }

  get openStreams(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Opens a member's stream; replays what came after `lastEventId` first. Returns the closer. */
  async open(sink: StreamSink, lastEventId: string | undefined): Promise<() => void> {
    const entry: Registered = { sink, lastId: '0-0', pending: lastEventId ? [] : null };
    let set = this.streams.get(sink.userId);
    if (!set) this.streams.set(sink.userId, (set = new Set()));
    set.add(entry);
    // A Set keeps insertion order: the first entries are the oldest streams.
    const excess = [...set].slice(0, Math.max(0, set.size - this.maxPerMember));
    for (const old of excess) {
      set.delete(old);
      old.sink.close('too_many_streams');
    }
    const remove = () => {
      const s = this.streams.get(sink.userId);
      s?.delete(entry);
      if (s && s.size === 0) this.streams.delete(sink.userId);
    };
    if (lastEventId) {
      entry.lastId = lastEventId;
      try {
        for (const push of await replayRealtime(this.redis, sink.userId, lastEventId)) {
          this.writeOnce(entry, push);
        }
      } catch (err) {
        this.logger.warn({ err }, 'replaying a stream failed; it continues live');
      }
      const pending = entry.pending ?? [];
      entry.pending = null;
      for (const push of pending) this.writeOnce(entry, push);
    }
    return remove;
  }

  private deliver(push: RealtimePush): void {
    const set = this.streams.get(push.userId);
    if (!set) return;
    for (const entry of set) {
      if (entry.pending) entry.pending.push(push);
      else this.writeOnce(entry, push);
    }
  }

  private writeOnce(entry: Registered, push: RealtimePush): void {
    if (compareStreamIds(push.id, entry.lastId) <= 0) return;
    entry.lastId = push.id;
    entry.sink.write(push);
  }
}
