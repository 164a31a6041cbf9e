import type { Server } from 'node:http';
import type { Express } from 'express';
import type { Logger } from './logger';
import { stopTracing } from './tracing';

export interface RunningServer {
  server: Server;
  port: number;
  /** Drains HTTP, then runs the stop steps in order; safe to call twice. */
  stop(): Promise<void>;
}

export interface ServeOptions {
  app: Express & { setDraining?: () => void };
  port: number;
  host: string;
  logger: Logger;
  /** Steps run after HTTP has drained, in order: stop consumers, flush the outbox relay, close connections. */
  onStop?: Array<() => Promise<void>>;
  shutdownTimeoutMs?: number;
  /** Install SIGTERM/SIGINT handlers (the process entry point does; tests don't). */
  handleSignals?: boolean;
}

/** Starts listening and wires graceful shutdown. */
export async function serve(opts: ServeOptions): Promise<RunningServer> {
  const server = opts.app.listen(opts.port, opts.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  server.keepAliveTimeout = 65_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.logger.info({ port, host: opts.host }, 'listening');

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const started = Date.now();
      opts.app.setDraining?.();
      const timeout = opts.shutdownTimeoutMs ?? 10_000;
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, timeout);
        server.close(() => {
          clearTimeout(t);
          resolve();
        });
        server.closeIdleConnections();
      });
      // How long each part took: a slow stop shows which step holds it.
      const took: number[] = [Date.now() - started];
      for (const step of opts.onStop ?? []) {
        const at = Date.now();
        try {
          await step();
        } catch (err) {
          opts.logger.warn({ err }, 'shutdown step failed');
        }
        took.push(Date.now() - at);
      }
      opts.logger.info({ ms: Date.now() - started, stepsMs: took }, 'stopped');
    })();
    return stopping;
  };

  if (opts.handleSignals) {
    let signalled = false;
    const onSignal = (sig: string) => {
      // Ctrl-C under npm start reaches a service twice: from the terminal and from scripts/stack.js.
      if (signalled) return;
      signalled = true;
      opts.logger.info({ sig }, 'shutting down');
      // A stop step that hangs (a broker that never answers) must not keep the process alive forever.
      setTimeout(
        () => {
          opts.logger.error('shutdown did not finish in time; exiting');
          process.exit(1);
        },
        (opts.shutdownTimeoutMs ?? 10_000) + 10_000,
      ).unref();
      stop().then(
        // The spans still buffered are exported before the process goes.
        () => stopTracing().finally(() => process.exit(0)),
        () => process.exit(1),
      );
    };
    process.once('SIGTERM', onSignal);
    process.once('SIGINT', onSignal);
  }
  return { server, port, stop };
}
