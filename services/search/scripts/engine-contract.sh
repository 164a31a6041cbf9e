#!/usr/bin/env bash
# Runs the search engine contract suite (services/search/test/engine-contract) against a running
# Meilisearch, alongside the in-process Orama engine that always runs.
#
#   MEILI_URL=http://127.0.0.1:7700 MEILI_API_KEY=<master or admin key> \
#     bash services/search/scripts/engine-contract.sh [extra jest args]
#
# MEILI_API_KEY may be omitted for an instance started without a master key. The suite creates a
# uniquely named index (listings_contract_<uuid>) and deletes it when done, so it is safe to point
# at a shared instance. Extra arguments go to jest, e.g. `-t radius` to run matching tests only.
# The jest `component` project's global setup also makes sure the local infra servers are up.
set -euo pipefail

if [[ -z "${MEILI_URL:-}" ]]; then
  echo "engine-contract.sh: set MEILI_URL (e.g. MEILI_URL=http://127.0.0.1:7700)" >&2
  exit 2
fi

repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"
cd "$repo_root"

# Fail fast with a clear message rather than forty timeouts when the URL is wrong.
if ! node -e 'fetch(new URL("health", process.argv[1].replace(/\/?$/, "/")), { signal: AbortSignal.timeout(5000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$MEILI_URL"; then
  echo "engine-contract.sh: no healthy Meilisearch at $MEILI_URL" >&2
  exit 1
fi

export MEILI_URL MEILI_API_KEY="${MEILI_API_KEY:-}"
exec npx jest --selectProjects component \
  --testPathPatterns 'services/search/test/engine-contract/' "$@"
