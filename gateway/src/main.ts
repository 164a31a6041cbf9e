import './instrument';
import {
  createLogger,
  createRedis,
  instrumentRedis,
  metricsPortFor,
  readPublicKey,
  serve,
  serveMetrics,
  ServiceMetrics,
} from '@swapbooth/service-kit';
import { loadGatewayConfig } from './config';
import { buildGateway } from './app';

async function main() {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL, config.LOG_FORMAT);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  const metrics = config.METRICS_ENABLED ? new ServiceMetrics('gateway') : undefined;
  if (metrics) instrumentRedis(redis, metrics);
  const app = buildGateway({
    config,
    logger,
    redis,
    publicKey: readPublicKey(config),
    ...(metrics ? { metrics } : {}),
  });
  // Its own port, which the gateway's routes never reach; a port that cannot be had costs the
  // metrics, not the gateway.
  const metricsPort = metricsPortFor(config.PORT, config.METRICS_PORT);
  const metricsServer = metrics
    ? await serveMetrics(metrics, { port: metricsPort, host: config.HOST, logger }).catch(
        (err: unknown) => {
          logger.error(
            { err: (err as Error).message, port: metricsPort },
            'metrics port unavailable; serving without metrics',
          );
          return undefined;
        },
      )
    : undefined;
  await serve({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    handleSignals: true,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    onStop: [
      () => app.closeClients(),
      async () => void redis.disconnect(),
      async () => metricsServer?.stop(),
    ],
  });
}

main().catch((err: unknown) => {
  console.error('gateway failed to start:', err);
  process.exit(1);
});
