import net from 'node:net';

/**
 * A TCP proxy between services and a server (the database in the fault suite) that can slow every
 * chunk it forwards, cut every open connection, or freeze the open ones, while the server itself
 * keeps running.
 */
export interface TcpProxy {
  port: number;
  /** Delay added to every chunk in each direction (0: none). */
  setDelay(ms: number): void;
  /**
   * Closes every open connection (clients see a network error and reconnect); with keepFrozen,
   * every one but the frozen ones.
   */
  cutAll(opts?: { keepFrozen?: boolean }): void;
  /**
   * The connections open now stop forwarding anything, in both directions, without closing (a
   * half-dead peer); connections opened afterwards work.
   */
  freezeOpen(): void;
  /**
   * While on, new connections are accepted and never answered (a peer that went dead after the
   * handshake); they stay that way after it is turned off.
   */
  setBlackhole(on: boolean): void;
  /** How many connections were frozen (by freezeOpen or the black hole). */
  readonly frozenCount: number;
  /** How many connections are open now. */
  readonly open: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let delayMs = 0;
  const sockets = new Set<net.Socket>();
  const frozen = new WeakSet<net.Socket>();
  let frozenCount = 0;
  let blackhole = false;
  const freeze = (s: net.Socket) => {
    if (frozen.has(s)) return;
    frozen.add(s);
    frozenCount += 1;
  };

  /** Forwards chunks in order, each after the delay in force when it arrived. */
  const pipe = (from: net.Socket, to: net.Socket) => {
    let chain = Promise.resolve();
    from.on('data', (chunk) => {
      if (frozen.has(from)) return;
      const wait = delayMs;
      if (wait === 0) {
        chain = chain.then(() => void (to.destroyed || to.write(chunk)));
        return;
      }
      chain = chain
        .then(() => new Promise<void>((r) => setTimeout(r, wait)))
        .then(() => void (to.destroyed || to.write(chunk)));
    });
    from.on('end', () => void chain.then(() => to.end()));
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    if (blackhole) [client, upstream].forEach(freeze);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    pipe(client, upstream);
    pipe(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    setDelay(ms) {
      delayMs = ms;
    },
    cutAll(opts = {}) {
      for (const s of sockets) if (!(opts.keepFrozen && frozen.has(s))) s.destroy();
    },
    freezeOpen() {
      for (const s of sockets) freeze(s);
    },
    setBlackhole(on) {
      blackhole = on;
    },
    get frozenCount() {
      return frozenCount / 2;
    },
    get open() {
      return [...sockets].length / 2;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}
