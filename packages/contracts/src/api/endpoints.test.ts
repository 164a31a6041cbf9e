import { z } from 'zod';
import { authEndpoints } from './auth';
import { catalogEndpoints, productResponse } from './catalog';
import { apiFailure, apiSuccess } from './common';
import { searchEndpoints } from './search';

const all = { ...authEndpoints, ...catalogEndpoints, ...searchEndpoints };

describe('the endpoint contracts', () => {
  it('name each endpoint once, as METHOD /api/path with {param} placeholders', () => {
    const keys = [
      ...Object.keys(authEndpoints),
      ...Object.keys(catalogEndpoints),
      ...Object.keys(searchEndpoints),
    ];
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api(\/[^/\s:]+)+$/);
  });

  it('can each be written as JSON Schema (what the OpenAPI document is generated from)', () => {
    for (const [key, endpoint] of Object.entries(all)) {
      const schema = z.toJSONSchema(apiSuccess(endpoint.data), { io: 'output' });
      expect({ key, type: schema.type }).toEqual({ key, type: 'object' });
    }
    expect(z.toJSONSchema(apiFailure).required).toEqual(['success', 'message', 'code']);
  });
});

describe('a strict response schema', () => {
  const product = {
    product_id: 'p1',
    slug: 'lamp',
    title: 'Lamp',
    description: '',
    category: 'Home',
    type: 'item',
    status: 'published',
    tags: [],
    search_text: 'lamp home item',
    images: [],
    userId: 'u1',
    user_id: 'u1',
    created_at: '2025-01-01T00:00:00.000Z',
    updated_at: '2025-01-01T00:00:00.000Z',
  };

  it('accepts a listing with its optional facts left out', () => {
    expect(productResponse.parse(product)).toEqual(product);
  });

  it('refuses a renamed or an unknown field, naming it', () => {
    const { user_id: _gone, ...renamed } = product;
    expect(() => productResponse.parse({ ...renamed, userID: 'u1' })).toThrow(
      /user_id[\s\S]*userID|userID[\s\S]*user_id/,
    );
  });

  it('refuses an envelope that is neither success nor failure', () => {
    expect(apiSuccess(productResponse).safeParse({ success: false, data: product }).success).toBe(
      false,
    );
    expect(apiFailure.safeParse({ success: false, message: 'No', code: 'invalid' }).success).toBe(
      true,
    );
  });
});
