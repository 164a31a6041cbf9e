import { loadSearchConfig } from './config';

describe('search configuration', () => {
  it('uses the in-process engine and the listings index by default', () => {
    const config = loadSearchConfig({});
    expect(config.MEILI_URL).toBeUndefined();
    expect(config.MEILI_API_KEY).toBeUndefined();
    expect(config.SEARCH_INDEX).toBe('listings');
  });

  it('treats blank Meilisearch settings as unset', () => {
    expect(loadSearchConfig({ MEILI_URL: ' ', MEILI_API_KEY: '' }).MEILI_URL).toBeUndefined();
  });

  it('reads Meilisearch settings and rejects a malformed URL or index name', () => {
    const config = loadSearchConfig({
      MEILI_URL: 'http://127.0.0.1:7700',
      MEILI_API_KEY: 'key',
      SEARCH_INDEX: 'listings_v2',
    });
    expect(config).toMatchObject({
      MEILI_URL: 'http://127.0.0.1:7700',
      MEILI_API_KEY: 'key',
      SEARCH_INDEX: 'listings_v2',
    });
    expect(() => loadSearchConfig({ MEILI_URL: 'not a url' })).toThrow(/MEILI_URL/);
    expect(() => loadSearchConfig({ SEARCH_INDEX: 'bad name' })).toThrow(/SEARCH_INDEX/);
  });
});
