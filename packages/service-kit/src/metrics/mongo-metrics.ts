import type { Connection, mongo } from 'mongoose';
import { recordMongoCommands } from '../mongo-commands';
import type { ServiceMetrics } from './service-metrics';

const instrumented = new WeakSet<object>();

/**
 * The database's metrics: connections checked out and operations waiting for one (the driver's
 * CMAP events), and each command's duration and failures by collection and kind
 * (recordMongoCommands). The pool metrics follow the connection to a new client when it is opened
 * again.
 */
export function instrumentMongo(conn: Connection, metrics: ServiceMetrics): void {
  const stopCounting = recordMongoCommands(conn.name, metrics);
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
  conn.once('close', stopCounting);
}
