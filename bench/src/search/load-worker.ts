import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * A closed-loop load generator, run in a worker thread so its own work (sending, reading bodies)
 * does not share an event loop with the search service running in the main thread.
 */
export interface LoadJob {
  /** `http://host:port/api/search`. */
  url: string;
  /** Query strings; client `i` sends `queries[i]`, `queries[i + concurrency]`, … round the list. */
  queries: string[];
  concurrency: number;
  seconds: number;
}

export interface LoadResult {
  /** Milliseconds, one per completed request, in completion order. */
  latencies: number[];
  /** `totalCount` of each successful answer (how many listings matched). */
  matches: number[];
  non2xx: number;
  errors: number;
  bytes: number;
  seconds: number;
}

const TOTAL_COUNT = /"totalCount":(\d+)/;

function get(agent: http.Agent, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export async function runLoad(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const out: LoadResult = {
    latencies: [],
    matches: [],
    non2xx: 0,
    errors: 0,
    bytes: 0,
    seconds: 0,
  };
  const started = performance.now();
  const deadline = started + job.seconds * 1000;
  await Promise.all(
    Array.from({ length: job.concurrency }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i += job.concurrency) {
        const query = job.queries[i % job.queries.length]!;
        const t0 = performance.now();
        try {
          const res = await get(agent, `${job.url}?${query}`);
          out.latencies.push(performance.now() - t0);
          out.bytes += res.body.length;
          if (res.status < 200 || res.status >= 300) out.non2xx++;
          else out.matches.push(Number(TOTAL_COUNT.exec(res.body)?.[1] ?? -1));
        } catch {
          out.errors++;
          await new Promise((r) => setTimeout(r, 10));
        }
      }
    }),
  );
  out.seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return out;
}

if (parentPort) {
  const port = parentPort;
  runLoad(workerData as LoadJob).then(
    (result) => port.postMessage(result),
    (err: unknown) => {
      throw err;
    },
  );
}
