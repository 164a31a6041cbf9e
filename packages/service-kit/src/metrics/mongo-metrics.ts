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

/**
 * Pool and command metrics from the driver's own events: connections checked out and operations
 * waiting for one (CMAP events), and each command's duration by collection and kind (command
 * monitoring, which the connection must be opened with: `monitorCommands`). Follows the connection
 * to a new client when it is opened again.
 */
export function instrumentMongo(conn: Connection, metrics: ServiceMetrics): void {
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

    const started = new Map<number, { collection: string; kind: string }>();
    client.on('commandStarted', (e) => {
      const kind = KINDS[e.commandName];
      if (!kind) return;
      const named = kind === 'getMore' ? e.command.collection : e.command[e.commandName];
      const collection = typeof named === 'string' && COLLECTION.test(named) ? named : 'other';
      started.set(e.requestId, { collection, kind });
    });
    client.on('commandSucceeded', (e) => {
      const labels = started.get(e.requestId);
      if (!labels) return;
      started.delete(e.requestId);
      metrics.dbOperationDuration.observe(labels, e.duration / 1000);
    });
    client.on('commandFailed', (e) => {
      const labels = started.get(e.requestId);
      if (!labels) return;
      started.delete(e.requestId);
      metrics.dbOperationDuration.observe(labels, e.duration / 1000);
      metrics.dbOperationErrors.inc(labels);
    });
  };
  attach();
  conn.on('connected', attach);
  conn.on('open', attach);
}
