import type { Redis } from 'ioredis';
import type { ServiceMetrics } from './service-metrics';

const COMMAND = /^[a-z][a-z0-9._-]{0,31}$/;

/** Counts failed Redis commands (by command name) and connection errors. */
export function instrumentRedis(redis: Redis, metrics: ServiceMetrics): void {
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = ((command: Parameters<Redis['sendCommand']>[0], stream?: never) => {
    const result = send(command, stream);
    const name = String(command?.name ?? '').toLowerCase();
    // The client's own handshake (CLIENT SETINFO, which older servers refuse) is not the app's.
    if (name !== 'client') {
      command?.promise?.catch(() =>
        metrics.redisCommandErrors.inc({ command: COMMAND.test(name) ? name : 'other' }),
      );
    }
    return result;
  }) as Redis['sendCommand'];
  redis.on('error', () => metrics.redisConnectionErrors.inc());
}
