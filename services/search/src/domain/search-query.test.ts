import { AppError } from '@swapbooth/service-kit';
import { zipToPoint } from './geo';
import { toEngineQuery, totalPages, type SearchParams } from './search-query';

const params = (overrides: Partial<SearchParams> = {}): SearchParams => ({
  type: 'all',
  page: 1,
  limit: 25,
  ...overrides,
});

describe('toEngineQuery', () => {
  it('passes text, type, filters and paging through', () => {
    expect(
      toEngineQuery(
        params({
          query: 'bike',
          type: 'item',
          category: 'Sports',
          subcategory: 'Cycling',
          condition: 'good',
          city: 'New York',
          state: 'NY',
          zip: '10001',
          page: 2,
          limit: 10,
        }),
        zipToPoint,
      ),
    ).toEqual({
      text: 'bike',
      type: 'item',
      category: 'Sports',
      subcategory: 'Cycling',
      condition: 'good',
      city: 'New York',
      state: 'NY',
      zip: '10001',
      page: 2,
      limit: 10,
    });
  });

  it('leaves the type out for the All tab', () => {
    expect(toEngineQuery(params(), zipToPoint)).toEqual({ page: 1, limit: 25 });
  });

  it('measures from the search ZIP and applies the radius with it', () => {
    const point = zipToPoint('10001')!;
    expect(toEngineQuery(params({ searchZip: '10001', radius: 10 }), zipToPoint).near).toEqual({
      lat: point.lat,
      lng: point.lng,
      radiusMiles: 10,
    });
    expect(toEngineQuery(params({ searchZip: '10001' }), zipToPoint).near).toEqual({
      lat: point.lat,
      lng: point.lng,
    });
  });

  it('ignores a radius without a search ZIP', () => {
    expect(toEngineQuery(params({ radius: 25 }), zipToPoint).near).toBeUndefined();
  });

  it('rejects an unknown search ZIP as a client mistake naming the parameter', () => {
    let caught: unknown;
    try {
      toEngineQuery(params({ searchZip: '00000' }), zipToPoint);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    expect(caught).toMatchObject({
      code: 'invalid',
      message: 'Unknown ZIP code',
      details: { field: 'searchZip' },
    });
  });
});

describe('totalPages', () => {
  it('rounds up and gives no pages for no results', () => {
    expect(totalPages(0, 25)).toBe(0);
    expect(totalPages(25, 25)).toBe(1);
    expect(totalPages(26, 25)).toBe(2);
  });
});
