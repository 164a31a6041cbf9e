import { createLogger, createRedis, readPublicKey, serve } from '@swapbooth/service-kit';
import { loadGatewayConfig } from './config';
import { buildGateway } from './app';

async function main() {
  const config = loadGatewayConfig();
  const logger = createLogger('gateway', config.LOG_LEVEL, config.LOG_FORMAT);
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX, logger);
  const app = buildGateway({ config, logger, redis, publicKey: readPublicKey(config) });
  await serve({
    app,
    port: config.PORT,
    host: config.HOST,
    logger,
    handleSignals: true,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    onStop: [() => app.closeClients(), async () => void redis.disconnect()],
  });
}

main().catch((err: unknown) => {
  console.error('gateway failed to start:', err);
  process.exit(1);
});
