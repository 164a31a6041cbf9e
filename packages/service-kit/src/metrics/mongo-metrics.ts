import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import type { Connection, mongo } from 'mongoose';
import type { ServiceMetrics } from './service-metrics';

/** The commands timed, each with the field naming its collection; others (ping, hello) are not. */
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

const instrumented = new WeakSet<object>();

/** The metrics each database's commands count in, by database name (one database per service). */
const byDatabase = new Map<string, ServiceMetrics>();

type Command = (
  this: unknown,
  ns: { db?: string } | undefined,
  cmd: Record<string, unknown>,
  ...rest: unknown[]
) => Promise<unknown>;

let commandsTimed = false;

/**
 * Times every command the driver sends on a database registered in byDatabase, around the
 * driver's connection `command` (the function the OpenTelemetry mongodb instrumentation wraps too).
 *
 * Not the driver's command monitoring (`monitorCommands`): to hand each listener the reply as a
 * plain object, it deserializes every reply a second time, next to the cursor's own lazy reading;
 * that made the driver use about a third more CPU on a find of 20 documents, and the exchange
 * service about a tenth more per API call, for a duration and two labels.
 */
function timeCommands(): void {
  if (commandsTimed) return;
  commandsTimed = true;
  // The driver mongoose uses: the one whose connections carry this process's commands.
  const driver = createRequire(require.resolve('mongoose'));
  const { Connection: DriverConnection } = driver('mongodb/lib/cmap/connection') as {
    Connection: { prototype: { command: Command } };
  };
  const command = DriverConnection.prototype.command;
  if (typeof command !== 'function')
    throw new Error('mongodb driver: no Connection.command to time');
  DriverConnection.prototype.command = function timedCommand(ns, cmd, ...rest) {
    const metrics = ns?.db === undefined ? undefined : byDatabase.get(ns.db);
    const labels = metrics && commandLabels(cmd);
    if (!labels) return command.call(this, ns, cmd, ...rest);
    const start = performance.now();
    const reply = command.call(this, ns, cmd, ...rest);
    reply.then(
      () => metrics.dbOperationDuration.observe(labels, (performance.now() - start) / 1000),
      () => {
        metrics.dbOperationDuration.observe(labels, (performance.now() - start) / 1000);
        metrics.dbOperationErrors.inc(labels);
      },
    );
    return reply;
  };
}

/** The collection and kind of a command worth timing, from its first field; undefined for others. */
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
 * The database's metrics: connections checked out and operations waiting for one (the driver's
 * CMAP events), and each command's duration and failures by collection and kind (timeCommands).
 * The pool metrics follow the connection to a new client when it is opened again. One set of
 * metrics per database name: a second connection to the same database in one process (two
 * replicas of a service in one test process) counts its commands in the last one registered.
 */
export function instrumentMongo(conn: Connection, metrics: ServiceMetrics): void {
  timeCommands();
  byDatabase.set(conn.name, metrics);
  const attach = () => {
    let client: mongo.MongoClient;
    try {
      client = conn.getClient();
    } catch {
      return;
    }
    if (!client || instrumented.has(client)) return;
    instrumented.add(client);
    let inUse = 0;
    let waiting = 0;
    const setPool = () => {
      metrics.dbPoolInUse.set(Math.max(0, inUse));
      metrics.dbPoolWaiting.set(Math.max(0, waiting));
    };
    client.on('connectionCheckOutStarted', () => {
      waiting += 1;
      setPool();
    });
    client.on('connectionCheckOutFailed', () => {
      waiting -= 1;
      setPool();
    });
    client.on('connectionCheckedOut', () => {
      waiting -= 1;
      inUse += 1;
      setPool();
    });
    client.on('connectionCheckedIn', () => {
      inUse -= 1;
      setPool();
    });
  };
  attach();
  conn.on('connected', attach);
  conn.on('open', attach);
  conn.once('close', () => {
    if (byDatabase.get(conn.name) === metrics) byDatabase.delete(conn.name);
  });
}
