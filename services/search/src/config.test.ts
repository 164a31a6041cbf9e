import { loadSearchConfig } from './config';
import { startSearchService } from './service';

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

  it('refuses more than one replica with the in-process engine, saying what to set instead', () => {
    expect(() => loadSearchConfig({ SEARCH_REPLICAS: '3' })).toThrow(
      /SEARCH_REPLICAS is 3 but MEILI_URL is not set: the in-process search engine \(memory\) serves one process only.*Set MEILI_URL/,
    );
    expect(() => loadSearchConfig({ SEARCH_REPLICAS: '2', SEARCH_ENGINE: 'orama' })).toThrow(
      /in-process search engine \(orama\) serves one process only/,
    );
  });

  it('runs any number of replicas on Meilisearch, and one replica on the in-process engine', () => {
    const shared = loadSearchConfig({ SEARCH_REPLICAS: '6', MEILI_URL: 'http://meili:7700' });
    expect(shared.SEARCH_REPLICAS).toBe(6);
    expect(loadSearchConfig({ SEARCH_REPLICAS: '1' }).SEARCH_REPLICAS).toBe(1);
    expect(loadSearchConfig({}).SEARCH_REPLICAS).toBe(1);
    expect(() => loadSearchConfig({ SEARCH_REPLICAS: '0' })).toThrow(/SEARCH_REPLICAS/);
  });

  it('does not start a service configured for replicas on the in-process engine', async () => {
    const config = { ...loadSearchConfig({}), SEARCH_REPLICAS: 2 };
    await expect(startSearchService(config, { port: 0 })).rejects.toThrow(
      /SEARCH_REPLICAS is 2 but MEILI_URL is not set/,
    );
  });
});
