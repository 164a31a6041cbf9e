import { useEffect, useSyncExternalStore } from 'react';
import { checkStoredToken } from '../lib/session';
import { API_BASE, refreshSession } from './http';

/**
 * The member's live stream (GET /api/stream, Server-Sent Events). It is read with fetch so the
 * token travels in the Authorization header, never in the URL (EventSource cannot send headers).
 * A dropped stream reconnects with Last-Event-ID and a growing pause; while it is down the
 * features fall back to polling (SPEC §9: every 10 s).
 */

export interface LiveEvent {
  id?: string;
  type: string;
  data: unknown;
}

type Listener = (e: LiveEvent) => void;
type Status = 'off' | 'connecting' | 'live' | 'down';

let status: Status = 'off';
const statusListeners = new Set<() => void>();
const eventListeners = new Set<Listener>();

function setStatus(next: Status): void {
  if (next === status) return;
  status = next;
  for (const l of statusListeners) l();
}

/** True while the stream is open: polling can rest. */
export const useLiveStreamUp = (): boolean =>
  useSyncExternalStore(
    (cb) => {
      statusListeners.add(cb);
      return () => statusListeners.delete(cb);
    },
    () => status === 'live',
    () => false,
  );

/** Calls `handler` with every live event (of the given types, when listed). */
export function useLiveEvents(handler: Listener, types?: readonly string[]): void {
  useEffect(() => {
    const l: Listener = (e) => {
      if (!types || types.includes(e.type)) handler(e);
    };
    eventListeners.add(l);
    return () => {
      eventListeners.delete(l);
    };
  }, [handler, types]);
}

/** Splits an SSE byte stream into events (the WHATWG format: fields, blank line ends one). */
export function parseSse(buffer: string): { events: LiveEvent[]; rest: string } {
  const events: LiveEvent[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let type = 'message';
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'id') id = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length === 0) continue;
    let parsed: unknown = data.join('\n');
    try {
      parsed = JSON.parse(parsed as string);
    } catch {
      // plain text data
    }
    events.push({ type, data: parsed, ...(id ? { id } : {}) });
  }
  return { events, rest };
}

const emit = (e: LiveEvent) => {
  for (const l of [...eventListeners]) {
    try {
      l(e);
    } catch {
      // one listener's failure must not stop the others
    }
  }
};

/**
 * Keeps the stream open until the returned function is called. Resolves nothing; reconnects on
 * its own with Last-Event-ID, pausing 1 s, 2 s, … up to 30 s between failed attempts.
 */
export function connectLiveStream(): () => void {
  let stopped = false;
  let abort: AbortController | undefined;
  let lastEventId: string | undefined;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const once = async (): Promise<void> => {
    const check = checkStoredToken();
    const token = check.ok ? check.token : await refreshSession();
    if (!token) throw new Error('no session');
    abort = new AbortController();
    setStatus('connecting');
    const res = await fetch(`${API_BASE}/stream`, {
      headers: {
        Accept: 'text/event-stream',
        Authorization: `Bearer ${token}`,
        ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
      },
      signal: abort.signal,
      cache: 'no-store',
    });
    const body = (res as { body?: ReadableStream<Uint8Array> | null }).body;
    if (!res.ok || !body || typeof body.getReader !== 'function') {
      if (res.status === 401) await refreshSession();
      throw new Error(`stream answered ${res.status}`);
    }
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const { events, rest } = parseSse(buffer);
      buffer = rest;
      for (const e of events) {
        if (e.id) lastEventId = e.id;
        if (e.type === 'ready') {
          setStatus('live');
          failures = 0;
        }
        emit(e);
      }
    }
  };

  const loop = () => {
    if (stopped) return;
    once()
      .catch(() => undefined)
      .finally(() => {
        if (stopped) return;
        setStatus('down');
        failures++;
        timer = setTimeout(loop, Math.min(30_000, 1000 * 2 ** Math.min(failures - 1, 5)));
      });
  };
  loop();

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    abort?.abort();
    setStatus('off');
  };
}
