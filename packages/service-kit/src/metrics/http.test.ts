import express, { Router } from 'express';
import request from 'supertest';
import { httpMetrics, withoutIds } from './http';
import { ServiceMetrics } from './service-metrics';

describe('http metrics', () => {
  it('replaces segments that name one thing', () => {
    expect(withoutIds('/api/x/65a1b2c3d4e5f60718293a4b/y')).toBe('/api/x/:id/y');
    expect(withoutIds('/api/x/123/0b9e2f5c-1d4e-4f0a-9c3b-2a1d5e6f7a8b')).toBe('/api/x/:id/:id');
    expect(withoutIds('/api/product/published')).toBe('/api/product/published');
  });

  it('labels requests by route template and status class, never by path', async () => {
    const metrics = new ServiceMetrics('test', { defaults: false });
    const app = express();
    app.use(httpMetrics(metrics));
    const items = Router();
    items.get('/:id', (_req, res) => void res.json({ ok: true }));
    app.use('/api/items/:owner', items);
    app.get('/boom', () => {
      throw new Error('boom');
    });
    await request(app).get('/api/items/65a1b2c3d4e5f60718293a4b/42');
    await request(app).get('/boom');
    await request(app).get('/nowhere/12345');
    const text = await metrics.text();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/items/:id/:id",status_class="2xx",service="test"} 1',
    );
    expect(text).toContain(
      'http_request_errors_total{method="GET",route="/boom",status_class="5xx",service="test"} 1',
    );
    expect(text).toContain(
      'http_requests_total{method="GET",route="unmatched",status_class="4xx",service="test"} 1',
    );
    expect(text).not.toMatch(/12345|65a1b2c3/);
  });

  it('keeps one label for a mount path with a different id on every request', async () => {
    const metrics = new ServiceMetrics('test', { defaults: false });
    const app = express();
    app.use(httpMetrics(metrics));
    const items = Router();
    items.get('/photos', (_req, res) => void res.json({ ok: true }));
    app.use('/api/booth/:owner', items);
    app.use('/api/shop', items);
    // More owners than the templates kept, so the kept templates are emptied on the way.
    const agent = request(app);
    for (let i = 0; i < 1100; i++) {
      await agent.get(
        `/api/booth/${(0x65a1b2c3d4e5f60718293a4bn + BigInt(i)).toString(16)}/photos`,
      );
    }
    await agent.get('/api/shop/photos');
    const text = await metrics.text();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/booth/:id/photos",status_class="2xx",service="test"} 1100',
    );
    expect(text).toContain(
      'http_requests_total{method="GET",route="/api/shop/photos",status_class="2xx",service="test"} 1',
    );
    expect(text.match(/^http_requests_total\{/gm)).toHaveLength(2);
  });
});
