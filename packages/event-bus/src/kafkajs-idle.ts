/**
 * Makes kafkajs 2.2.4 (its last release) sleep when there is nothing to do. Each broker connection
 * keeps two timers going for as long as it is open:
 *
 * - after every response, `scheduleCheckPendingRequests` arms a timer with a negative delay even
 *   when no request is waiting, and the timer arms the next: a 1 ms loop per connection
 *   (kafkajs issues 1556 and 1704; the fixes, pull requests 1667 and 1768, were never released).
 *   A service with five connections woke up several hundred times a second doing nothing.
 * - request timeouts are enforced by an interval every 100 ms.
 *
 * Applied once, to the request queue class every kafkajs client uses: the pending-request check
 * runs only while a request waits for its turn, and timeouts (30 s by default) are checked every
 * 5 s, so a request that hangs fails within 30–35 s. A timer that fires wakes an idle process
 * (about 0.2 ms of CPU each on a small VM), and a service holds five or so broker connections.
 * Nothing else changes. Another kafkajs version is left alone.
 */

interface SocketRequest {
  sentAt: number;
  requestTimeout: number;
  timeoutRequest(): void;
}

interface RequestQueue {
  pending: unknown[];
  inflight: Map<number, SocketRequest>;
  enforceRequestTimeout: boolean;
  requestTimeout: number;
  requestTimeoutIntervalId?: NodeJS.Timeout;
  isConnected(): boolean;
  destroy(): void;
  scheduleCheckPendingRequests(): void;
  scheduleRequestTimeoutCheck(): void;
}

const PATCHED = Symbol.for('swapbooth.kafkajs-idle');
export const REQUEST_TIMEOUT_CHECK_MS = 5_000;

export function letKafkajsIdle(): boolean {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { version } = require('kafkajs/package.json') as { version: string };
  if (version !== '2.2.4') return false;
  const queue = require('kafkajs/src/network/requestQueue') as {
    prototype: RequestQueue & { [PATCHED]?: true };
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
  const proto = queue.prototype;
  if (proto[PATCHED]) return true;
  const schedule = proto.scheduleCheckPendingRequests;
  if (typeof schedule !== 'function' || typeof proto.scheduleRequestTimeoutCheck !== 'function') {
    return false;
  }
  proto.scheduleCheckPendingRequests = function (this: RequestQueue) {
    // A request that cannot go out at once is queued and schedules its own check.
    if (this.pending.length === 0) return;
    schedule.call(this);
  };
  proto.scheduleRequestTimeoutCheck = function (this: RequestQueue) {
    if (!this.enforceRequestTimeout) return;
    this.destroy();
    this.requestTimeoutIntervalId = setInterval(
      () => {
        this.inflight.forEach((request) => {
          if (Date.now() - request.sentAt > request.requestTimeout) request.timeoutRequest();
        });
        if (!this.isConnected()) this.destroy();
      },
      Math.min(this.requestTimeout, REQUEST_TIMEOUT_CHECK_MS),
    );
  };
  proto[PATCHED] = true;
  return true;
}
