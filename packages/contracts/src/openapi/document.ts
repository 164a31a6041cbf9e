import { z } from 'zod';
import * as api from '../api';
import { apiFailure, apiSuccess, type EndpointContract, type EndpointRequest } from '../api/common';

/**
 * The OpenAPI 3.1 document of the whole `/api`, generated from the endpoint tables
 * (`packages/contracts/src/api/*.ts`, every export named `…Endpoints`, with the request schemas of
 * any `…Requests` export): per operation its request
 * (path parameters, query, body — the schemas the routes parse with), its success envelope and its
 * failure answers.
 *
 * Schemas are written by zod's own JSON Schema generator (`z.toJSONSchema`, zod 4): it emits JSON
 * Schema draft 2020-12, which is the dialect OpenAPI 3.1 uses, so no adapter library (and no
 * second copy of the schemas, nor registration calls on them) is needed; this file only lays out
 * the operations around it.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Access = 'public' | 'member' | 'admin';

export interface Operation {
  method: Method;
  /** With `{param}` placeholders. */
  path: string;
  contract: EndpointContract;
  /** The table it comes from (`auth` for `authEndpoints`), its tag in the document. */
  table: string;
}

/** Every documented operation: each `…Endpoints` export of the contracts' API module. */
export function documentedOperations(
  modules: Record<string, unknown> = api as Record<string, unknown>,
): Operation[] {
  const ops: Operation[] = [];
  const seen = new Map<string, string>();
  for (const [name, table] of Object.entries(modules)) {
    if (!name.endsWith('Endpoints') || typeof table !== 'object' || table === null) continue;
    for (const [key, contract] of Object.entries(table as Record<string, EndpointContract>)) {
      const m = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+)$/.exec(key);
      if (!m) throw new Error(`${name}: "${key}" is not "METHOD /path"`);
      const other = seen.get(key);
      if (other) throw new Error(`${key} is in both ${other} and ${name}`);
      seen.set(key, name);
      ops.push({
        method: m[1] as Method,
        path: m[2]!,
        contract,
        table: name.slice(0, -'Endpoints'.length),
      });
    }
  }
  // `…Requests` tables add request schemas to operations of the endpoint tables (kept apart where
  // the request schemas are built from the response file's enums).
  for (const [name, table] of Object.entries(modules)) {
    if (!name.endsWith('Requests') || typeof table !== 'object' || table === null) continue;
    for (const [key, request] of Object.entries(table as Record<string, EndpointRequest>)) {
      const op = ops.find((o) => `${o.method} ${o.path}` === key);
      if (!op) throw new Error(`${name}: "${key}" is no documented operation`);
      op.contract = { ...op.contract, ...request };
    }
  }
  return ops;
}

type Json = Record<string, unknown>;

type ZodDef = { type: string; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: unknown) => (schema as { _zod: { def: ZodDef } })._zod.def;

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    // Transforms have no JSON Schema: they accept anything the next step does.
    unrepresentable: 'any',
    override: (ctx) => {
      // A preprocessed input (`z.preprocess(normalise, schema)`, aliases folded, text to numbers):
      // described by the schema it is normalised into, which is what a caller should send.
      const def = defOf(ctx.zodSchema);
      if (io === 'input' && def.type === 'pipe' && def.in && defOf(def.in).type === 'transform') {
        for (const key of Object.keys(ctx.jsonSchema)) delete ctx.jsonSchema[key];
        Object.assign(ctx.jsonSchema, jsonSchema(def.out!, io));
      }
    },
  }) as Json;
  return rest;
};

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

/** Splits an object schema into one OpenAPI parameter per property. */
function parametersOf(where: 'path' | 'query', schema: z.ZodType): Json[] {
  const js = jsonSchema(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, s]) => {
    const { description, ...rest } = s;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
    };
  });
}

const failureCodes: Record<number, string> = {
  400: 'Bad input: `field` names what is wrong.',
  401: 'No valid token, or the session was revoked.',
  403: 'The token’s holder may not do this (someone else’s data, a missing permission, a suspended account, or a subscription required).',
  404: 'Not found, or not visible to the caller.',
  409: 'Conflicts with the current state (already taken, changed meanwhile, no longer possible).',
  429: 'Too many calls: wait for `Retry-After` seconds.',
  502: 'The service behind the gateway could not be reached.',
  503: 'A dependency of the service is down: retry later.',
  504: 'The service behind the gateway did not answer in time.',
};

export interface DocumentOptions {
  /** Who may call an operation (the gateway's access rules). */
  accessFor: (method: string, path: string) => Access;
  /** Server URL(s); the document's own origin by default. */
  servers?: Array<{ url: string; description?: string }>;
  version?: string;
}

/** A request path with each `{param}` replaced by a sample segment, for access rules. */
const samplePath = (path: string) => path.replace(/\{[^}]+\}/g, 'x');

function operationOf(op: Operation, accessFor: DocumentOptions['accessFor']): Json {
  const { contract } = op;
  const access = accessFor(op.method, samplePath(op.path));
  const names = pathParams(op.path);
  const params = contract.params
    ? parametersOf('path', contract.params)
    : names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
  const documented = new Set(params.map((p) => p.name as string));
  const missing = names.filter((n) => !documented.has(n));
  if (missing.length > 0 || params.length !== names.length)
    throw new Error(
      `${op.method} ${op.path}: path parameters ${names} but schema has ${[...documented]}`,
    );
  const query = contract.query ? parametersOf('query', contract.query) : [];

  const status = contract.status ?? 200;
  const success: Json =
    status === 204 || status === 302 || status === 303
      ? { description: contract.summary }
      : {
          description: contract.summary,
          content: contract.media
            ? { [contract.media]: { schema: jsonSchema(contract.data, 'output') } }
            : {
                'application/json': {
                  schema: jsonSchema(contract.answer ?? apiSuccess(contract.data), 'output'),
                },
              },
        };

  const failures = new Set<number>([429, 502, 503, 504]);
  if (params.length > 0 || query.length > 0 || contract.body) failures.add(400);
  if (access !== 'public') failures.add(401).add(403);
  if (params.length > 0) failures.add(404);
  if (op.method !== 'GET') failures.add(409).add(403).add(404);
  const responses: Json = { [String(status)]: success };
  for (const code of [...failures].sort())
    responses[String(code)] = contract.errorMedia
      ? {
          description: failureCodes[code],
          content: { [contract.errorMedia]: { schema: { type: 'string' } } },
        }
      : { $ref: `#/components/responses/failure${code}` };

  const operation: Json = {
    operationId: `${op.method.toLowerCase()}${op.path
      .split('/')
      .filter((s) => s && s !== 'api')
      .map((s) =>
        s.replace(/[{}]/g, '').replace(/(^|[-_.])(\w)/g, (_m, _d, c: string) => c.toUpperCase()),
      )
      .join('')}`,
    summary: contract.summary,
    tags: [op.table],
    security:
      access === 'admin'
        ? [{ adminToken: [] }]
        : access === 'member'
          ? [{ memberToken: [] }]
          : // Public: a member token is optional and may change what is shown.
            [{}, { memberToken: [] }],
    ...(params.length + query.length > 0 ? { parameters: [...params, ...query] } : {}),
    ...(contract.body
      ? {
          requestBody: {
            // Optional when the route takes a call without a body: routes parse a missing body as
            // `{}`, so a body whose every field is optional may be left out.
            required: !(
              contract.body.safeParse(undefined).success || contract.body.safeParse({}).success
            ),
            content: {
              [contract.bodyMedia ?? 'application/json']: {
                schema: jsonSchema(contract.body, 'input'),
              },
            },
          },
        }
      : {}),
    responses,
  };
  return operation;
}

/** The OpenAPI 3.1 document of every documented operation. */
export function openApiDocument(options: DocumentOptions): Json {
  const paths: Record<string, Json> = {};
  const ops = documentedOperations();
  for (const op of ops.sort((a, b) => a.path.localeCompare(b.path))) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationOf(op, options.accessFor);
  }
  const failureSchema = jsonSchema(apiFailure, 'output');
  const responses: Json = {};
  for (const [code, description] of Object.entries(failureCodes)) {
    responses[`failure${code}`] = {
      description,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
      ...(code === '429'
        ? {
            headers: {
              'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } },
            },
          }
        : {}),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Swapbooth API',
      version: options.version ?? '1',
      description:
        'Every call of the Swapbooth API through its gateway. Answers are envelopes: `{ success: true, data, message? }` or `{ success: false, message, code, field? }`. Member calls take the access token from sign-in as a bearer token; `/api/admin/*` takes an admin token from `POST /api/admin/login`.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    ...(options.servers ? { servers: options.servers } : {}),
    tags: [...new Set(ops.map((o) => o.table))].sort().map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        memberToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A member’s access token (RS256; from sign-in or refresh).',
        },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'An admin’s token (from POST /api/admin/login).',
        },
      },
      schemas: { Failure: failureSchema },
      responses,
    },
  };
}
