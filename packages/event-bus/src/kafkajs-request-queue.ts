/**
 * kafkajs 2.2.4, its last release, re-arms its pending-request check after every answered request,
 * even when nothing is pending or throttled: the delay comes out as minus the current time, which
 * Node runs as 1 ms, so each broker connection spins a timer loop for as long as it is open (about
 * 1,500 timers a second and 2% of a core per idle client, measured) and Node 24+ prints a
 * TimeoutNegativeWarning at every start (tulios/kafkajs#1704, #1751). The check is only needed
 * while requests wait: push() schedules it when it queues one, and every answer re-checks.
 */
interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  scheduleCheckPendingRequests(): void;
}

// The class is not exported by kafkajs's entry point, hence the deep path.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const queue = require('kafkajs/src/network/requestQueue') as {
  prototype: RequestQueueInternals & { __swapboothIdleCheck?: true };
};

const proto = queue.prototype;
if (!proto.__swapboothIdleCheck) {
  const schedule = proto.scheduleCheckPendingRequests;
  proto.scheduleCheckPendingRequests = function (this: RequestQueueInternals) {
    if (this.pending.length === 0 && this.throttledUntil <= Date.now()) return;
    schedule.call(this);
  };
  proto.__swapboothIdleCheck = true;
}
