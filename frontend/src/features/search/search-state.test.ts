import {
  applyMyZip,
  buildSearchRequest,
  changeFilter,
  EMPTY_FILTERS,
  hasCriteria,
  isMyZip,
  readSearchParams,
  SearchTexts,
  shouldSuggest,
  writeSearchParams,
} from './search-state';
import { criteriaChanged, pageChanged, searchSlice, tabChanged } from './search-slice';

describe('search rules', () => {
  it('changing the category clears the subcategory', () => {
    const f = { ...EMPTY_FILTERS, category: 'Electronics', subcategory: 'Phones' };
    expect(changeFilter(f, 'category', 'Books')).toMatchObject({
      category: 'Books',
      subcategory: '',
    });
    expect(changeFilter(f, 'condition', 'good')).toMatchObject({ subcategory: 'Phones' });
  });

  it('fetches nothing without a query or a filter', () => {
    expect(hasCriteria('   ', EMPTY_FILTERS)).toBe(false);
    expect(
      buildSearchRequest({ query: ' ', filters: EMPTY_FILTERS, tab: 'all', page: 1 }),
    ).toBeNull();
    expect(
      buildSearchRequest({
        query: '',
        filters: { ...EMPTY_FILTERS, condition: 'new' },
        tab: 'all',
        page: 1,
      }),
    ).not.toBeNull();
  });

  it('sends only non-empty trimmed filters, radius only with a ZIP, condition not for services', () => {
    const filters = { ...EMPTY_FILTERS, category: ' Books ', condition: 'good', radius: '10' };
    expect(buildSearchRequest({ query: ' lamp ', filters, tab: 'all', page: 2 })).toEqual({
      query: 'lamp',
      type: 'all',
      category: 'Books',
      condition: 'good',
      page: 2,
      limit: 25,
    });
    const withZip = { ...filters, searchZip: '94110' };
    expect(buildSearchRequest({ query: '', filters: withZip, tab: 'service', page: 1 })).toEqual({
      type: 'service',
      category: 'Books',
      searchZip: '94110',
      radius: '10',
      page: 1,
      limit: 25,
    });
  });

  it('mirrors query and filters in the URL with the spec names', () => {
    const params = writeSearchParams('lamp', {
      ...EMPTY_FILTERS,
      category: 'Home',
      subcategory: 'Lighting',
      searchZip: '94110',
      radius: '5',
    });
    expect(params.toString()).toBe(
      'q=lamp&category=Home&subcategory=Lighting&searchZip=94110&radius=5',
    );
    expect(readSearchParams(params)).toEqual({
      query: 'lamp',
      filters: {
        category: 'Home',
        subcategory: 'Lighting',
        condition: '',
        searchZip: '94110',
        radius: '5',
      },
    });
    expect(writeSearchParams('', { ...EMPTY_FILTERS, radius: '5' }).toString()).toBe('');
  });

  it('Use my ZIP sets or clears the search ZIP and is checked when the ZIP is the member’s', () => {
    const on = applyMyZip(EMPTY_FILTERS, true, '94110');
    expect(on.searchZip).toBe('94110');
    expect(isMyZip(on, '94110')).toBe(true);
    const off = applyMyZip({ ...on, radius: '25' }, false, '94110');
    expect(off).toMatchObject({ searchZip: '', radius: '' });
    expect(isMyZip({ ...EMPTY_FILTERS, searchZip: '10001' }, '94110')).toBe(false);
  });

  it('suggests only after more than 2 trimmed characters', () => {
    expect(shouldSuggest('  ab  ')).toBe(false);
    expect(shouldSuggest('abc')).toBe(true);
  });

  it('words the count and section lines as the spec does', () => {
    expect(SearchTexts.countAll(40, 30, 10, 1, 2)).toBe(
      'Found 40 results (30 items, 10 services) - Page 1 of 2',
    );
    expect(SearchTexts.countItems(3)).toBe('Found 3 items');
    expect(SearchTexts.countServices(1)).toBe('Found 1 services');
    expect(SearchTexts.section('all', 25, 40)).toBe('All Results (25 of 40)');
    expect(SearchTexts.within('10', '94110')).toBe('Within 10 mi of 94110');
  });
});

describe('search page state', () => {
  const reduce = searchSlice.reducer;
  it('goes back to page 1 when the tab or the criteria change', () => {
    let s = reduce(undefined, pageChanged(3));
    expect(s.page).toBe(3);
    s = reduce(s, tabChanged('service'));
    expect(s).toMatchObject({ tab: 'service', page: 1 });
    s = reduce(reduce(s, pageChanged(2)), criteriaChanged());
    expect(s.page).toBe(1);
  });
});
