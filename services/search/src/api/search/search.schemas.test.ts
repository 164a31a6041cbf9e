import { AppError, parse } from '@swapbooth/service-kit';
import { searchQuerySchema, toSearchParams } from './search.schemas';

const read = (query: Record<string, unknown>) =>
  toSearchParams(parse(searchQuerySchema, query, 'query'));

function rejection(query: Record<string, unknown>): AppError {
  try {
    read(query);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error(`accepted ${JSON.stringify(query)}`);
}

describe('search query parameters', () => {
  it('defaults to the All tab, page 1 and 25 per page', () => {
    expect(read({})).toEqual({ type: 'all', page: 1, limit: 25 });
  });

  it('trims text and drops blank filters', () => {
    expect(read({ query: '  road bike ', category: ' ', city: 'New York', zip: '' })).toEqual({
      type: 'all',
      page: 1,
      limit: 25,
      query: 'road bike',
      city: 'New York',
    });
  });

  it('reads type, condition and radius case-insensitively', () => {
    expect(read({ type: 'Service', condition: 'Like-New', radius: '25' })).toMatchObject({
      type: 'service',
      condition: 'like-new',
      radius: 25,
    });
  });

  it.each(['', 'any', 'ANY', 'none'])('treats radius %p as no radius', (radius) => {
    expect(read({ radius })).not.toHaveProperty('radius');
  });

  it.each([
    [{ radius: '7' }, 'radius'],
    [{ radius: '25mi' }, 'radius'],
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: 'two' }, 'page'],
    [{ limit: '101' }, 'limit'],
    [{ limit: '0' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ type: 'gadget' }, 'type'],
    [{ condition: 'broken' }, 'condition'],
    [{ zip: 'abc' }, 'zip'],
    [{ query: 'x'.repeat(201) }, 'query'],
    [{ type: ['item', 'service'] }, 'type'],
    [{ category: ['a', 'b'] }, 'category'],
  ])('rejects %p naming %s', (query, field) => {
    const err = rejection(query);
    expect(err.status).toBe(400);
    expect(err.details?.field).toBe(field);
    expect(err.message.startsWith(`${field}: `)).toBe(true);
  });

  it('lists the radius choices in its message', () => {
    expect(rejection({ radius: '7' }).message).toBe(
      'radius: must be one of any, 3, 5, 10, 25, 50, 100',
    );
  });

  it('keeps the search ZIP for the use case to resolve', () => {
    expect(read({ searchZip: ' 10001 ', radius: '10' })).toMatchObject({
      searchZip: '10001',
      radius: 10,
    });
  });
});
