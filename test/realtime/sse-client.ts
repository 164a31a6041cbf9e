import { eventually } from '@swapbooth/test-kit';

export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  receivedAt: number;
}

/** A stream read with fetch, the way the web app reads it (the token in a header, never the URL). */
export interface SseStream {
  status: number;
  events: SseEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  waitFor(match: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>;
  close(): void;
}

export async function openStream(
  url: string,
  token: string | undefined,
  lastEventId?: string,
): Promise<SseStream> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: {
      Accept: 'text/event-stream',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  let resolveEnded: () => void = () => undefined;
  const ended = new Promise<void>((r) => (resolveEnded = r));
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const e: SseEvent = { event: 'message', data: '', receivedAt: Date.now() };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const i = line.indexOf(':');
              const field = i < 0 ? line : line.slice(0, i);
              const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
              if (field === 'id') e.id = value;
              else if (field === 'event') e.event = value;
              else if (field === 'data') {
                e.data = hasData ? `${e.data}\n${value}` : value;
                hasData = true;
              }
            }
            if (hasData) events.push(e);
          }
        }
      } catch {
        // aborted
      }
      resolveEnded();
    })();
  } else {
    await res.text().catch(() => undefined);
    resolveEnded();
  }
  return {
    status: res.status,
    events,
    ended,
    waitFor: (match, timeoutMs = 20_000) => eventually(() => events.find(match), timeoutMs, 20),
    close: () => abort.abort(),
  };
}
