// The answers' statuses per operation that scripts/fuzz/hooks.py counts during the API fuzz
// ({"GET /api/product/{id}": {"200": 12, "404": 3}}), read for the fuzz's figures.

/** The operations that answered 404 to more than half of their cases, in order. */
function mostlyNotFound(counts) {
  return Object.entries(counts)
    .filter(([, byStatus]) => {
      const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
      return total > 0 && (byStatus['404'] ?? 0) * 2 > total;
    })
    .map(([op]) => op)
    .sort();
}

/** The share of all answers that were 2xx, in percent (0 when there were none). */
function successShare(counts) {
  let ok = 0;
  let total = 0;
  for (const byStatus of Object.values(counts)) {
    for (const [status, n] of Object.entries(byStatus)) {
      total += n;
      if (status.startsWith('2')) ok += n;
    }
  }
  return total ? Math.round((ok / total) * 1000) / 10 : 0;
}

module.exports = { mostlyNotFound, successShare };
