import path from 'node:path';
import express, { type Express } from 'express';
import {
  documentedOperations,
  openApiDocument,
  serviceRegistry,
  type ServiceName,
} from '@swapbooth/contracts';
import { accessFor } from '../../gateway/src/access-rules';
import { apiDocs } from '../../gateway/src/api-docs';
import { resolveService } from '../../gateway/src/route-table';

/**
 * The OpenAPI document covers the API the services really serve: every route a service registers
 * under /api has a documented operation, and every documented operation is a registered route.
 *
 * The routes are read from each service's own express app: each service's start function hands
 * its definition (routes, and routes mounted before the body parser) to the runtime; here the
 * runtime only keeps that definition, and its route functions are run on a bare express app with
 * stand-in dependencies (route functions only wire handlers; nothing is called), whose router stack
 * is then walked. So a route added to any router is seen without anyone listing it.
 *
 * Left out by rule: routes outside /api — the services' `/internal/*` calls (never routed by the
 * gateway) and the health probes `/healthz` and `/readyz` (added by the runtime, outside /api).
 */

const definitions: Array<{ name: string; routes: RouteFn; beforeBody?: RouteFn }> = [];
type RouteFn = (app: Express, deps: unknown, ctx: unknown) => void;

jest.mock('@swapbooth/runtime', () => ({
  startServiceRuntime: (def: { name: string; routes: RouteFn; beforeBody?: RouteFn }) => {
    definitions.push(def);
    return new Promise(() => undefined);
  },
}));

/** Stands in for any dependency, config value or context: every property and call gives itself. */
const standIn: unknown = new Proxy(function standIn() {}, {
  get: (_t, key) =>
    key === Symbol.toPrimitive
      ? (hint: string) => (hint === 'number' ? 1000 : 'http://127.0.0.1/')
      : key === 'then'
        ? undefined
        : standIn,
  apply: () => standIn,
  construct: () => standIn as object,
});

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `METHOD /api/path/{param}` for every route of an express app (nested routers included). */
function routesOf(app: Express): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const p of paths)
          for (const m of Object.keys(layer.route.methods))
            if (m !== '_all') out.push(`${m.toUpperCase()} ${openApiPath(p)}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out;
}

/** Express's `:id` and `*key` as OpenAPI's `{id}` and `{key}`. */
const openApiPath = (p: string) => p.replace(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const samplePath = (p: string) => p.replace(/\{[^}]+\}/g, 'x');

async function registeredRoutes(): Promise<Map<string, ServiceName>> {
  const byRoute = new Map<string, ServiceName>();
  for (const { name } of serviceRegistry) {
    const mod = (await import(
      path.join(__dirname, `../../services/${name}/src/service.ts`)
    )) as Record<string, unknown>;
    const start = Object.entries(mod).find(
      ([key, value]) => /^start\w+Service$/.test(key) && typeof value === 'function',
    )?.[1] as ((config: unknown) => unknown) | undefined;
    if (!start) throw new Error(`services/${name}/src/service.ts exports no start…Service`);
    void start(standIn);
    // An async start function reaches the runtime after its own awaits.
    for (let i = 0; i < 50 && !definitions.some((d) => d.name === name); i++)
      await new Promise((r) => setTimeout(r, 10));
    const def = definitions.find((d) => d.name === name);
    if (!def) throw new Error(`${name} did not hand its definition to the runtime`);
    const app = express();
    def.beforeBody?.(app, standIn, standIn);
    def.routes(app, standIn, standIn);
    for (const route of routesOf(app)) byRoute.set(route, name);
  }
  return byRoute;
}

const underApi = (route: string) => / \/api(\/|$)/.test(route);

/** A route's shape: its method and path with every parameter unnamed (names are only labels). */
const shape = (route: string) => route.replace(/\{[^}]+\}/g, '{}');

describe('the OpenAPI document', () => {
  let registered: Map<string, ServiceName>;
  const documented = documentedOperations().map((o) => `${o.method} ${o.path}`);
  const documentedShapes = new Set(documented.map(shape));
  const gatewayRoutes = (() => {
    const app = express();
    app.use(apiDocs());
    return routesOf(app).filter(underApi);
  })();

  beforeAll(async () => {
    registered = await registeredRoutes();
  });

  it('documents every route the services register under /api', () => {
    expect(registered.size).toBeGreaterThan(100);
    const undocumented = [...registered.keys()]
      .filter(underApi)
      .filter((r) => !documentedShapes.has(shape(r)));
    expect(undocumented).toEqual([]);
  });

  it('documents only routes a service or the gateway registers', () => {
    const served = new Set([...registered.keys(), ...gatewayRoutes].map(shape));
    expect(gatewayRoutes).toEqual(expect.arrayContaining(['GET /api/openapi.json']));
    expect(documented.filter((op) => !served.has(shape(op)))).toEqual([]);
  });

  it('leaves out only the internal calls and nothing else outside /api', () => {
    const outside = [...registered.keys()].filter((r) => !underApi(r));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.filter((r) => !/^[A-Z]+ \/internal\//.test(r))).toEqual([]);
  });

  it('routes every documented operation of a service to that service at the gateway', () => {
    const misrouted = [...registered]
      .filter(([route]) => underApi(route))
      .filter(([route, service]) => resolveService(samplePath(route.split(' ')[1]!)) !== service);
    expect(misrouted).toEqual([]);
  });

  it('is OpenAPI 3.1 with a path per documented operation and the gateway’s access rules', () => {
    const doc = openApiDocument({ accessFor }) as {
      openapi: string;
      paths: Record<string, Record<string, { security: unknown[]; responses: object }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    const ops = Object.entries(doc.paths).flatMap(([p, item]) =>
      Object.keys(item).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(ops.sort()).toEqual([...documented].sort());
    expect(doc.paths['/api/auth/login']!.post!.security).toEqual([{}, { memberToken: [] }]);
    expect(doc.paths['/api/exchange/proposal']!.post!.security).toEqual([{ memberToken: [] }]);
    expect(doc.paths['/api/admin/users']!.get!.security).toEqual([{ adminToken: [] }]);
    expect(Object.keys(doc.paths['/api/chat/proposal/{id}/message']!.post!.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '404', '409', '429']),
    );
    expect(Object.keys(doc.paths['/api/categories']!.get!.responses)).not.toContain('401');
  });
});
