#!/usr/bin/env bash
# npm test: the whole suite. Provisions like npm start, then format + lint + types, unit and component
# tests against the real servers, the browser tests when the web app is present, and a short API fuzz.
# Non-zero on any failure.
# At exit it stops the local servers this run started (KEEP_INFRA=1 leaves them up); servers that
# were already up stay up.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_deps
ensure_python_tools
log "starting local servers"
infra_up
infra_env
export SWAPBOOTH_INFRA_STARTED=1

log "format, lint, types"
npm run check --silent

log "unit and component tests"
npx jest --ci --forceExit "$@"

if [ -d e2e/tests ] && [ -f frontend/package.json ]; then
  log "browser tests"
  npm run test:e2e --silent
fi

# A short API fuzz (a few cases per operation and token; npm run test:fuzz runs the longer one).
log "API fuzz (short)"
FUZZ_RECORD=0 FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-3}" FUZZ_MAX_TIME="${FUZZ_MAX_TIME:-45}" \
  npm run test:fuzz --silent

# The fault suite, scaled down (npm run test:faults runs the full numbers): on private servers of
# its own (infra/local instance "faults"), which it starts and, at the end, stops.
log "fault suite (short profile)"
FAULTS_PROFILE=short bash scripts/faults.sh
