import net from 'node:net';

/**
 * A TCP proxy between services and a server (FerretDB in the fault suite) that can slow every
 * chunk it forwards, or cut every open connection, while the server itself keeps running.
 */
export interface TcpProxy {
  port: number;
  /** Delay added to every chunk in each direction (0: none). */
  setDelay(ms: number): void;
  /** Closes every open connection (clients see a network error and reconnect). */
  cutAll(): void;
  /** How many connections are open now. */
  readonly open: number;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let delayMs = 0;
  const sockets = new Set<net.Socket>();

  /** Forwards chunks in order, each after the delay in force when it arrived. */
  const pipe = (from: net.Socket, to: net.Socket) => {
    let chain = Promise.resolve();
    from.on('data', (chunk) => {
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
    cutAll() {
      for (const s of sockets) s.destroy();
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
