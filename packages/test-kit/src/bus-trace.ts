import diagnosticsChannel from 'node:diagnostics_channel';
import { BUS_TRACE_CHANNEL, type BusTrace } from '@swapbooth/event-bus';

/**
 * Records what the relays and consumers running in this test file did (published events, events
 * received, group joins and rebalances), so a wait that times out can say where an event stopped.
 */

const LIMIT = 5_000;
const KEY = Symbol.for('swapbooth.test-kit.bus-trace');

interface Recorder {
  entries: BusTrace[];
  listener: (message: unknown) => void;
}

const recorder = () => (globalThis as { [KEY]?: Recorder })[KEY];

/** Starts recording; returns the function that stops it (call it when the test file ends). */
export function recordBusTrace(): () => void {
  const g = globalThis as { [KEY]?: Recorder };
  if (g[KEY]) return () => undefined;
  const rec: Recorder = {
    entries: [],
    listener: (message) => {
      rec.entries.push(message as BusTrace);
      if (rec.entries.length > LIMIT) rec.entries.splice(0, rec.entries.length - LIMIT);
    },
  };
  diagnosticsChannel.subscribe(BUS_TRACE_CHANNEL, rec.listener);
  g[KEY] = rec;
  return () => {
    diagnosticsChannel.unsubscribe(BUS_TRACE_CHANNEL, rec.listener);
    if (g[KEY] === rec) delete g[KEY];
  };
}

export interface DescribeBusOptions {
  /** Only events whose envelope contains this text (an e-mail address, an id), and what became of them. */
  mentioning?: string;
  /** Times are shown relative to this moment (epoch ms): the start of the wait. */
  since?: number;
  /** At most this many lines (the latest). */
  max?: number;
}

const seconds = (at: number, since: number) => {
  const s = (at - since) / 1000;
  return `${s >= 0 ? '+' : ''}${s.toFixed(3)} s`.padStart(10);
};

/**
 * What the event bus of this test file did, one line per publish, delivery and group change:
 * when the relay published each event (and how long after it was stored), when which consumer
 * received it (and how long after it was published) and what it did with it.
 */
export function describeBus(opts: DescribeBusOptions = {}): string {
  const rec = recorder();
  if (!rec) return 'Event bus: not recorded (the test-kit per-file setup is not installed).';
  const since = opts.since ?? Date.now();
  const max = opts.max ?? 40;
  const needle = opts.mentioning?.toLowerCase();
  const publishedAt = new Map<string, number>();
  for (const e of rec.entries) {
    if (e.kind === 'published') for (const ev of e.events) publishedAt.set(ev.id, e.at);
  }
  const wanted = new Set<string>();
  const lines: Array<{ at: number; text: string }> = [];
  for (const e of rec.entries) {
    if (e.kind === 'published') {
      for (const ev of e.events) {
        if (needle && !ev.value.toLowerCase().includes(needle)) continue;
        if (!needle && e.at < since - 30_000) continue;
        wanted.add(ev.id);
        const stored = new Date(ev.storedAt).getTime();
        lines.push({
          at: e.at,
          text: `${e.by} relay published ${ev.type} ${ev.id} to ${ev.at}, ${e.at - stored} ms after it was stored`,
        });
      }
    } else if (e.kind === 'received') {
      if (needle ? !wanted.has(e.id) : e.at < since - 30_000) continue;
      const sent = publishedAt.get(e.id);
      const after =
        sent === undefined
          ? 'not published by a relay here'
          : `${e.at - sent} ms after it was published`;
      lines.push({
        at: e.at,
        text: `${e.by} (group ${e.group}) received ${e.type} ${e.id} from ${e.topic}[${e.partition}]@${e.offset}, ${after}: ${e.outcome} in ${e.ms} ms`,
      });
    } else if (e.at >= since - 60_000) {
      lines.push({ at: e.at, text: `${e.by} (group ${e.group}) ${e.what}` });
    }
  }
  const unseen = [...wanted].filter(
    (id) => !rec.entries.some((e) => e.kind === 'received' && e.id === id),
  );
  lines.sort((a, b) => a.at - b.at);
  const shown = lines.slice(-max);
  const head = `Event bus in this test file${needle ? ` for "${opts.mentioning}"` : ''} (times from the start of the wait, ${new Date(since).toISOString()}):`;
  if (shown.length === 0) return `${head}\n  nothing published or received`;
  return [
    head,
    ...(lines.length > shown.length ? [`  … ${lines.length - shown.length} earlier lines`] : []),
    ...shown.map((l) => `  ${seconds(l.at, since)}  ${l.text}`),
    ...(unseen.length ? [`  not received by any consumer in this file: ${unseen.join(', ')}`] : []),
  ].join('\n');
}

/** True when the bus has recorded anything since `since` (epoch ms). */
export function busActiveSince(since: number): boolean {
  return recorder()?.entries.some((e) => e.at >= since) ?? false;
}
