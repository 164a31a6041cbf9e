import { z } from 'zod';
import { documentedOperations, openApiDocument } from './document';

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Array<{ name: string; in: string; required: boolean }>;
        requestBody?: { required: boolean; content: Record<string, { schema: unknown }> };
        responses: Record<string, unknown>;
        security: unknown[];
      }
    >
  >;
};

const everyoneIsAMember = () => 'member' as const;

describe('the OpenAPI document', () => {
  const doc = openApiDocument({ accessFor: everyoneIsAMember }) as unknown as Doc;

  it('describes a preprocessed body by the schema it is normalised into', () => {
    const body = doc.paths['/api/exchange/proposal']!.post!.requestBody!;
    expect(body.required).toBe(true);
    expect(body.content['application/json']!.schema).toMatchObject({
      type: 'object',
      properties: { receiverId: { type: 'string' }, requestedProductIds: { type: 'array' } },
    });
  });

  it('marks a body optional when the route takes a call without one', () => {
    expect(doc.paths['/api/chat/chat/{id}/read']!.put!.requestBody!.required).toBe(false);
  });

  it('names every path parameter and the query parameters a route parses', () => {
    const op = doc.paths['/api/exchange/user/{id}/proposals']!.get!;
    expect(op.parameters!.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual([
      'path:id:true',
      'query:role:false',
      'query:status:false',
      'query:page:false',
      'query:limit:false',
    ]);
  });

  it('answers a member call’s failures with the failure envelope, and 429 everywhere', () => {
    const op = doc.paths['/api/notifications/settings']!.get!;
    expect(op.security).toEqual([{ memberToken: [] }]);
    expect(op.responses['401']).toEqual({ $ref: '#/components/responses/failure401' });
    expect(op.responses['429']).toEqual({ $ref: '#/components/responses/failure429' });
  });
});

/**
 * Operations that change something yet read no request body, each with why. Every other POST, PUT
 * and PATCH must document the body its route parses.
 */
const bodyless: Record<string, string> = {
  'POST /api/auth/logout': 'revokes the bearer token and the refresh cookie it is shown',
  'POST /api/auth/refresh': 'the refresh token travels in its httpOnly cookie',
  'POST /api/admin/logout': 'revokes the admin token it is called with',
  'POST /api/admin/admins/{id}/password-reset':
    'e-mails the admin in the path a new one-time reset link',
  'POST /api/booth/views/{id}': 'counts a view of the booth in the path, by the token’s viewer',
  'POST /api/product/{id}/like/{userId}': 'the listing and the member are both in the path',
  'POST /api/product/{id}/add-to-bag/{userId}': 'the listing and the member are both in the path',
  'POST /api/circles/organiser': 'the caller asks to organise for themself',
  'POST /api/auth/blocks/{userId}': 'the caller blocks the member in the path',
  'PUT /api/notifications/{id}/read': 'marks the notification in the path read for the caller',
  'PUT /api/notifications/read-all': 'marks all the caller’s notifications read',
  'POST /api/saved-searches/{id}/open': 'marks the caller’s saved search in the path seen',
  'POST /api/stripe/sandbox/checkout/{id}/pay': 'a sandbox page’s button: the session is the path',
  'POST /api/stripe/sandbox/checkout/{id}/decline':
    'a sandbox page’s button: the session is the path',
  'POST /api/stripe/sandbox/checkout/{id}/cancel':
    'a sandbox page’s button: the session is the path',
  'POST /api/stripe/sandbox/identity/{id}/verify':
    'a sandbox page’s button: the session is the path',
  'POST /api/stripe/sandbox/identity/{id}/fail': 'a sandbox page’s button: the session is the path',
  'POST /api/stripe/sandbox/identity/{id}/cancel':
    'a sandbox page’s button: the session is the path',
};

describe('the request bodies in the document', () => {
  const doc = openApiDocument({ accessFor: everyoneIsAMember }) as unknown as Doc;
  const writes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['post', 'put', 'patch'].includes(method))
      .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
  );

  it('are documented for every POST, PUT and PATCH but the few that read none on purpose', () => {
    const undocumented = writes
      .filter(({ key, op }) => !op.requestBody && !(key in bodyless))
      .map(({ key }) => key);
    expect(undocumented).toEqual([]);
  });

  it('are left out of the operations listed as reading none, which are all documented', () => {
    const keys = new Set(writes.map((w) => w.key));
    expect(Object.keys(bodyless).filter((key) => !keys.has(key))).toEqual([]);
    const withBody = writes.filter(({ key, op }) => key in bodyless && op.requestBody);
    expect(withBody.map(({ key }) => key)).toEqual([]);
  });

  it('are optional when every field is optional, since a route reads a missing body as {}', () => {
    expect(doc.paths['/api/addresses/default/{id}']!.put!.requestBody!.required).toBe(false);
    expect(doc.paths['/api/profile']!.put!.requestBody!.required).toBe(false);
    expect(doc.paths['/api/addresses']!.post!.requestBody!.required).toBe(true);
  });

  it('describe an address without the service’s own ZIP table, by its shape', () => {
    const schema = doc.paths['/api/addresses']!.post!.requestBody!.content['application/json']!
      .schema as { properties: Record<string, unknown>; required: string[] };
    expect(schema.properties.zip_code).toMatchObject({ type: 'string', pattern: '^\\d{5}$' });
    expect(schema.required).toEqual(['state', 'city', 'zip_code', 'street1']);
  });

  it('name the query parameters of search and the admin’s organiser list', () => {
    const names = (path: string) =>
      doc.paths[path]!.get!.parameters!.filter((p) => p.in === 'query').map((p) => p.name);
    expect(names('/api/search')).toEqual(
      expect.arrayContaining(['query', 'type', 'condition', 'zip', 'radius', 'page', 'limit']),
    );
    expect(names('/api/admin/organisers')).toEqual(['status']);
    expect(names('/api/images/variant')).toEqual(['key', 'w']);
  });
});

/**
 * GET operations that read no query string: each of them answers the same whatever query it is
 * sent. Every other GET must document the query its route parses.
 */
const readsNoQuery = new Set([
  'GET /api/auth/providers',
  'GET /api/auth/user-data',
  'GET /api/profile',
  'GET /api/user/email/{email}',
  'GET /api/addresses',
  'GET /api/address/{id}',
  'GET /api/default-address/{userId}',
  'GET /api/following/status/{id}',
  'GET /api/auth/blocks/{userId}',
  'GET /api/product/count/user/{userId}',
  'GET /api/product/slug/{slug}',
  'GET /api/product/{id}',
  'GET /api/product/{userId}/liked',
  'GET /api/product/{userId}/bag',
  'GET /api/products/{userId}/bag-count',
  'GET /api/booth/{userId}',
  'GET /api/booth/username/{username}',
  'GET /api/booth/views/{id}',
  'GET /api/booth/check-username/{value}',
  'GET /api/booth/check-name/{value}',
  'GET /api/categories',
  'GET /api/images/files/{key}',
  'GET /api/reports/reasons',
  'GET /api/exchange/proposal/{id}',
  'GET /api/exchange/proposal/product/{id}',
  'GET /api/exchange/user/{id}/stats',
  'GET /api/rating/proposal/{id}',
  'GET /api/exchange/proposal/{id}/dispute',
  'GET /api/notifications/settings',
  'GET /api/stream',
  'GET /api/chat/user/{id}/chats',
  'GET /api/circles/wants',
  'GET /api/saved-searches',
  'GET /api/circles',
  'GET /api/circles/{id}',
  'GET /api/circles/organiser',
  'GET /api/circles/math-trades',
  'GET /api/circles/math-trades/{id}',
  'GET /api/stripe/plans',
  'GET /api/stripe/subscriptions/{customerId}',
  'GET /api/stripe/verify-session-status/{id}',
  'GET /api/user-stripe-data/{userId}',
  'GET /api/stripe/sandbox/identity/{id}',
  'GET /api/admin/health',
  'GET /api/admin/dashboard/stats',
  'GET /api/admin/dashboard/dead-letters',
  'GET /api/admin/test-stripe',
  'GET /api/admin/admins',
  'GET /api/admin/platform',
  'GET /api/admin/ratings/user/{userId}',
  'GET /api/admin/disputes/{id}',
  'GET /api/openapi.json',
  'GET /api/docs',
]);

describe('the request schemas of every operation', () => {
  const ops = documentedOperations();
  const key = (op: { method: string; path: string }) => `${op.method} ${op.path}`;

  it('name the path parameters of every operation that has some', () => {
    const without = ops.filter((op) => op.path.includes('{') && !op.contract.params).map(key);
    expect(without).toEqual([]);
  });

  it('give the query of every GET but the few that read none', () => {
    const without = ops
      .filter((op) => op.method === 'GET' && !op.contract.query && !readsNoQuery.has(key(op)))
      .map(key);
    expect(without).toEqual([]);
  });

  it('list as reading no query only operations that are documented without one', () => {
    const documented = new Map(ops.map((op) => [key(op), op]));
    const stale = [...readsNoQuery].filter(
      (k) => documented.get(k)?.contract.query !== undefined || !documented.has(k),
    );
    expect(stale).toEqual([]);
  });
});

describe('the documented operations', () => {
  const table = { 'GET /api/x/{id}': { data: z.null(), summary: 'x' } };

  it('take the request schemas of a …Requests table', () => {
    const params = z.object({ id: z.string() });
    const [op] = documentedOperations({
      xEndpoints: table,
      xRequests: { 'GET /api/x/{id}': { params } },
    });
    expect(op!.contract.params).toBe(params);
  });

  it('refuse request schemas for an operation no table documents', () => {
    expect(() =>
      documentedOperations({
        xEndpoints: table,
        xRequests: { 'GET /api/y': { query: z.object({}) } },
      }),
    ).toThrow(/GET \/api\/y/);
  });

  it('refuse an operation documented by two tables', () => {
    expect(() => documentedOperations({ aEndpoints: table, bEndpoints: table })).toThrow(
      /aEndpoints and bEndpoints/,
    );
  });
});
