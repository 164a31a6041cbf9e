import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { ServiceMetrics } from './metrics/service-metrics';
import { endFailed, startClientSpan, tracingStarted } from './tracing';
import { mongoStatement } from './tracing/mongo-statement';

/**
 * What each command this process sends to MongoDB records, in one wrapper around the driver
 * connection's `command` (the function the OpenTelemetry mongodb instrumentation wraps): its
 * duration and failures in its service's metrics (by collection and kind), and a client span in
 * the trace active when it was sent.
 *
 * Not the driver's command monitoring (`monitorCommands`) for the metrics: to hand each listener
 * the reply as a plain object, it deserializes every reply a second time, next to the cursor's own
 * lazy reading; that made the driver use about a third more CPU on a find of 20 documents, and the
 * exchange service about a tenth more per API call. Not the OpenTelemetry mongodb instrumentation
 * for the spans: it wraps the connection, the sessions and `connect` and sets a dozen attributes
 * per span; with it the exchange benchmark's calls cost 22% more CPU traced than untraced (see
 * `bench/RESULTS.md`, exchange-cost).
 */

/** The commands recorded, each with the field naming its collection; others (ping, hello) are not. */
const KINDS: Record<string, string> = {
  find: 'find',
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  findAndModify: 'findAndModify',
  aggregate: 'aggregate',
  count: 'count',
  distinct: 'distinct',
  getMore: 'getMore',
  createIndexes: 'createIndexes',
};

/** A collection name as a label: the name, or `other` for anything that is not a plain name. */
const COLLECTION = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/** The metrics each database's commands count in, by database name (one database per service). */
const byDatabase = new Map<string, ServiceMetrics>();

type Command = (
  this: { address?: unknown },
  ns: { db?: string } | undefined,
  cmd: Record<string, unknown>,
  ...rest: unknown[]
) => Promise<unknown>;

let wrapped = false;

/** Wraps the driver's connection `command` once per process. */
function wrapCommand(): void {
  if (wrapped) return;
  wrapped = true;
  // The driver mongoose uses: the one whose connections carry this process's commands.
  const driver = createRequire(require.resolve('mongoose'));
  const { Connection: DriverConnection } = driver('mongodb/lib/cmap/connection') as {
    Connection: { prototype: { command: Command } };
  };
  const command = DriverConnection.prototype.command;
  if (typeof command !== 'function') throw new Error('mongodb driver: no Connection.command');
  DriverConnection.prototype.command = function recordedCommand(ns, cmd, ...rest) {
    const db = ns?.db;
    const metrics = db === undefined ? undefined : byDatabase.get(db);
    if (!metrics && !tracingStarted()) return command.call(this, ns, cmd, ...rest);
    const labels = commandLabels(cmd);
    if (!labels) return command.call(this, ns, cmd, ...rest);
    const span = startClientSpan(`${labels.kind} ${labels.collection}`, () => ({
      'db.system.name': 'mongodb',
      'db.namespace': db,
      'db.collection.name': labels.collection,
      'db.operation.name': labels.kind,
      'db.query.text': mongoStatement(cmd),
      'server.address': typeof this.address === 'string' ? this.address : undefined,
    }));
    if (!metrics && !span) return command.call(this, ns, cmd, ...rest);
    const start = performance.now();
    const reply = command.call(this, ns, cmd, ...rest);
    reply.then(
      () => {
        metrics?.dbOperationDuration.observe(labels, (performance.now() - start) / 1000);
        span?.end();
      },
      (err: unknown) => {
        if (metrics) {
          metrics.dbOperationDuration.observe(labels, (performance.now() - start) / 1000);
          metrics.dbOperationErrors.inc(labels);
        }
        if (span) endFailed(span, err);
      },
    );
    return reply;
  };
}

/** The collection and kind of a command worth recording, from its first field; else undefined. */
function commandLabels(
  cmd: Record<string, unknown>,
): { collection: string; kind: string } | undefined {
  let name: string | undefined;
  for (const key in cmd) {
    name = key;
    break;
  }
  const kind = name === undefined ? undefined : KINDS[name];
  if (!kind) return undefined;
  const named = kind === 'getMore' ? cmd.collection : cmd[name!];
  return {
    collection: typeof named === 'string' && COLLECTION.test(named) ? named : 'other',
    kind,
  };
}

/**
 * Records the commands this process sends: call it once the connection is open, with the metrics
 * the database's commands count in (undefined: spans only, when tracing is on). One set of metrics
 * per database name: a second connection to the same database in one process (two replicas of a
 * service in one test process) counts its commands in the last one registered. Returns the
 * function that stops counting them there (when the connection closes).
 */
export function recordMongoCommands(dbName: string, metrics?: ServiceMetrics): () => void {
  wrapCommand();
  if (!metrics) return () => undefined;
  byDatabase.set(dbName, metrics);
  return () => {
    if (byDatabase.get(dbName) === metrics) byDatabase.delete(dbName);
  };
}
