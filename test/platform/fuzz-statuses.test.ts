// The API fuzz's figures name the operations its cases mostly miss (404): the measure of how deep
// the seeded ids let it reach (scripts/fuzz/accounts.js, scripts/fuzz/hooks.py).
import path from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { mostlyNotFound, successShare } = require(
  path.join(__dirname, '..', '..', 'scripts', 'fuzz', 'statuses.js'),
) as {
  mostlyNotFound: (counts: Record<string, Record<string, number>>) => string[];
  successShare: (counts: Record<string, Record<string, number>>) => number;
};

describe('the API fuzz statuses', () => {
  it('name the operations that answered 404 to more than half of their cases', () => {
    expect(
      mostlyNotFound({
        'GET /api/product/{id}': { '404': 9, '200': 1 },
        'GET /api/exchange/proposal/{id}': { '404': 5, '200': 5 },
        'GET /api/address/{id}': { '404': 6, '400': 2, '200': 3 },
        'GET /api/categories': { '200': 10 },
      }),
    ).toEqual(['GET /api/address/{id}', 'GET /api/product/{id}']);
  });

  it('give the share of 2xx answers over every operation', () => {
    expect(successShare({ a: { '200': 1, '404': 2 }, b: { '201': 1 } })).toBe(50);
    expect(successShare({})).toBe(0);
  });
});
