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
