#!/usr/bin/env bash
# npm test: the whole suite. Provisions like npm start, then format + lint + types, unit and component
# tests against the real servers, the browser tests when the web app is present, a short API fuzz
# and the fault suite's short profile. Non-zero on any failure.
# It ends with a summary: every stage, whether it ran and passed, its counts and time, and the
# totals (the reports behind it are in .test-results/).
# At exit it stops the local servers this run started (KEEP_INFRA=1 leaves them up); servers that
# were already up stay up.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

RESULTS="$ROOT/.test-results"
rm -rf "$RESULTS"
mkdir -p "$RESULTS"
summary() { node "$ROOT/scripts/test-summary.js" "$RESULTS"; }
# Registered first, so it runs last: after the servers are stopped, the summary ends the output.
on_exit summary

# Runs one stage, noting its exit status and time for the summary; a failure ends the run.
stage() {
  local name=$1 start=$SECONDS status=0
  shift
  log "$name"
  "$@" || status=$?
  printf '%s\t%s\t%s\n' "$name" "$status" "$((SECONDS - start))" >>"$RESULTS/stages.tsv"
  return "$status"
}

ensure_deps
ensure_python_tools
ensure_kustomize
# For the alert tests (test/platform/k8s-monitoring.test.ts).
ensure_promtool
log "starting local servers"
# The database server this run starts keeps its data in memory: tests throw it away.
SWAPBOOTH_MONGO_STORE=memory infra_up
infra_env
export SWAPBOOTH_INFRA_STARTED=1

stage "format, lint, types" npm run check --silent

stage "unit and component tests" \
  npx jest --ci --forceExit --json --outputFile="$RESULTS/jest.json" "$@"

if [ -d e2e/tests ] && [ -f frontend/package.json ]; then
  E2E_JSON="$RESULTS/e2e.json" stage "browser tests" npm run test:e2e --silent
fi

# A short API fuzz (a few cases per operation and token; npm run test:fuzz runs the longer one).
FUZZ_RECORD=0 FUZZ_EXAMPLES="${FUZZ_EXAMPLES:-3}" FUZZ_MAX_TIME="${FUZZ_MAX_TIME:-45}" \
  FUZZ_OUT="$RESULTS/fuzz" stage "API fuzz (short)" npm run test:fuzz --silent

# The fault suite, scaled down (npm run test:faults runs the full numbers): on private servers of
# its own (infra/local instance "faults"), which it starts and, at the end, stops.
FAULTS_PROFILE=short stage "fault suite (short profile)" \
  bash scripts/faults.sh --json --outputFile="$RESULTS/faults.json"
