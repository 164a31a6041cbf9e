import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { revision, writeSection } from './results';
import { otlpReceiver } from './support/otlp-receiver';
import { median } from './support/stats';

/**
 * What one traced request's server span costs a process by itself, with nothing else of a request
 * around it: the floor under the tracing cost the gateway and exchange benchmarks measure.
 *
 * Each setting runs in a process of its own (the SDK reads its OTEL_* settings at start): **off**
 * (no tracing, as a service runs without OTEL_* settings), and tracing at 100% sampling exported
 * over OTLP/HTTP as `http/json` and as `http/protobuf` to a receiver in this process. Each calls
 * createApp's own serverSpans middleware as a request would (a caller's `traceparent`, the route
 * named when the response finishes, the SDK's batch span processor and exporter), SPANS_PER_SECOND
 * times a second, and reports its own CPU time (process.cpuUsage, export included).
 */
const SPANS_PER_SECOND = 3000;
const WARM_UP_MS = 4000;
const ROUND_MS = 5000;
const ROUNDS = 4;

type Setting = 'off' | 'http/json' | 'http/protobuf';

interface WorkerResult {
  /** CPU µs per paced iteration, one per round. */
  perIteration: number[];
  iterations: number;
}

async function worker(): Promise<void> {
  const tracing = await import('@swapbooth/service-kit/tracing');
  const traced = tracing.startTracing('span-cost');
  const middleware = traced ? tracing.serverSpans(() => '/api/categories') : undefined;
  let traceCounter = 0;
  const once = () => {
    traceCounter += 1;
    const hex = traceCounter.toString(16).padStart(16, '0');
    const req = {
      method: 'GET',
      url: '/api/categories?page=1',
      headers: { traceparent: `00-${hex}${hex}-${hex}-01` },
    };
    const res = Object.assign(new EventEmitter(), { headersSent: true, statusCode: 200 });
    if (middleware) middleware(req as never, res as never, () => undefined);
    res.emit('finish');
  };
  const paced = (ms: number) =>
    new Promise<number>((resolve) => {
      const perTick = SPANS_PER_SECOND / 100;
      let n = 0;
      const end = Date.now() + ms;
      const timer = setInterval(() => {
        for (let i = 0; i < perTick; i++) once();
        n += perTick;
        if (Date.now() >= end) {
          clearInterval(timer);
          resolve(n);
        }
      }, 10);
    });
  await paced(WARM_UP_MS);
  const perIteration: number[] = [];
  let iterations = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const before = process.cpuUsage();
    const n = await paced(ROUND_MS);
    const used = process.cpuUsage(before);
    perIteration.push((used.user + used.system) / n);
    iterations += n;
  }
  await tracing.stopTracing();
  const result: WorkerResult = { perIteration, iterations };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function runWorker(setting: Setting, receiverUrl: string): Promise<WorkerResult> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (k.startsWith('OTEL_')) delete env[k];
  if (setting !== 'off') {
    Object.assign(env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: receiverUrl,
      OTEL_EXPORTER_OTLP_PROTOCOL: setting,
      OTEL_TRACES_SAMPLER: 'always_on',
    });
  }
  const child = spawn(process.execPath, [__filename, 'worker'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = out.trim().split('\n').pop() ?? '';
  if (code !== 0 || !line.startsWith('{'))
    throw new Error(`${setting} worker failed (exit ${code})`);
  return JSON.parse(line) as WorkerResult;
}

async function main(): Promise<void> {
  const receiver = await otlpReceiver();
  const settings: Setting[] = ['off', 'http/json', 'http/protobuf'];
  const results = new Map<Setting, WorkerResult[]>();
  try {
    // Two passes in turn, so a burst of other work on the machine does not land on one setting.
    for (let pass = 0; pass < 2; pass++) {
      for (const setting of settings) {
        const result = await runWorker(setting, receiver.url);
        results.set(setting, [...(results.get(setting) ?? []), result]);
        console.log(
          `${setting}: ${result.perIteration.map((v) => v.toFixed(1)).join(', ')} µs per iteration`,
        );
      }
    }
  } finally {
    await receiver.close();
  }
  const perIteration = (s: Setting) => median(results.get(s)!.flatMap((r) => r.perIteration));
  const off = perIteration('off');
  const rows = settings.map((s) => {
    const all = results.get(s)!.flatMap((r) => r.perIteration);
    const span = s === 'off' ? '—' : `**${(perIteration(s) - off).toFixed(1)}**`;
    return `| ${s === 'off' ? 'off (no SDK)' : `tracing, ${s}`} | ${all.map((v) => v.toFixed(1)).join(', ')} | ${perIteration(s).toFixed(1)} | ${span} |`;
  });
  const jsonSpans = [...receiver.spans.values()].reduce((a, b) => a + b, 0);
  const body = `
The server span of one request by itself, with nothing else of a request around it: createApp's own
\`serverSpans\` middleware called as a request would call it (a caller's \`traceparent\`, the route
named when the response finishes), with the SDK as the services start it (\`startTracing\`: the Node
SDK, its instrumentations, the batch span processor) at 100% sampling (\`OTEL_TRACES_SAMPLER=always_on\`),
exported over OTLP/HTTP to a receiver in the benchmark's process. ${SPANS_PER_SECOND} spans a second
(about what one process of the saturated gateway benchmark makes), ${ROUNDS} rounds of ${ROUND_MS / 1000} s after
${WARM_UP_MS / 1000} s of warm-up, each setting in a process of its own, twice in turn; CPU is the
process's own (user + system), export included. Revision ${revision()}.

| setting | CPU µs per request, by round | median | the span's own CPU µs (median less off) |
|---|---|---|---|
${rows.join('\n')}

The receiver got ${receiver.requests} export requests; ${jsonSpans} spans in the \`http/json\` ones
(the \`http/protobuf\` ones are counted as requests only).

What it means for the tracing goal (≤ 10% of throughput at 100% sampling): a traced request costs
every process it passes through at least this much more CPU, before any instrumented database,
Redis or Kafka call adds spans of its own. Set it against what a request costs untraced in the
\`gateway-metrics\` and \`exchange-cost\` sections (their "CPU per request" lines).
`;
  writeSection('span-cost', body);
  console.log(body);
}

if (process.argv[2] === 'worker') {
  worker().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
