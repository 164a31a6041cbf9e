import express from 'express';
import request from 'supertest';
import { context, trace } from '@opentelemetry/api';
import { node } from '@opentelemetry/sdk-node';
import { routeTemplate } from '../metrics/http';
import { outsideTrace, serverSpans } from './index';

const exporter = new node.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({
  spanProcessors: [new node.SimpleSpanProcessor(exporter)],
});

beforeAll(() => provider.register());
afterAll(async () => {
  await provider.shutdown();
  trace.disable();
  context.disable();
});
beforeEach(() => exporter.reset());

/** An app with the server span middleware first, as createApp mounts it. */
function app() {
  const a = express();
  a.use(serverSpans(routeTemplate));
  a.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  a.get('/api/thing/:id', async (_req, res) => {
    await new Promise((r) => setImmediate(r));
    // Whatever the handler does runs in the request's span: a child span is its child.
    trace.getTracer('test').startSpan('find things').end();
    // Bookkeeping outside it has no parent span (so the instrumentations make none).
    const outside = outsideTrace(() => trace.getActiveSpan());
    res.json({ traceId: trace.getActiveSpan()?.spanContext().traceId, outside: outside ?? null });
  });
  a.post('/api/broken', (_req, res) => {
    res.status(503).json({ error: 'down' });
  });
  return a;
}

const traceId = 'a'.repeat(32);
const callerSpan = 'b'.repeat(16);

describe('serverSpans', () => {
  it("continues the caller's trace and names the span after the matched route", async () => {
    const res = await request(app())
      .get('/api/thing/42?x=1')
      .set('traceparent', `00-${traceId}-${callerSpan}-01`);
    expect(res.body).toEqual({ traceId, outside: null });
    const spans = exporter.getFinishedSpans();
    const server = spans.find((s) => s.name === 'GET /api/thing/:id');
    expect(server).toBeDefined();
    expect(server!.spanContext().traceId).toBe(traceId);
    expect(server!.parentSpanContext?.spanId).toBe(callerSpan);
    expect(server!.attributes).toMatchObject({
      'http.request.method': 'GET',
      'url.path': '/api/thing/42',
      'http.route': '/api/thing/:id',
      'http.response.status_code': 200,
    });
    const child = spans.find((s) => s.name === 'find things');
    expect(child?.parentSpanContext?.spanId).toBe(server!.spanContext().spanId);
  });

  it('starts a trace without a caller, marks 5xx failed, skips probes', async () => {
    await request(app()).post('/api/broken').expect(503);
    await request(app()).get('/healthz').expect(200);
    // No route matched: the method alone names it.
    await request(app()).get('/nowhere').expect(404);
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.name)).toEqual(['POST /api/broken', 'GET']);
    expect(spans[0]!.parentSpanContext).toBeUndefined();
    expect(spans[0]!.status.code).toBe(2);
    expect(spans[0]!.attributes['http.response.status_code']).toBe(503);
  });
});
