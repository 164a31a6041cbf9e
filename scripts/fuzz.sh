#!/usr/bin/env bash
# npm run test:fuzz: schemathesis over every operation of the OpenAPI document (/api/openapi.json,
# generated from packages/contracts), once with a member's token and once with an admin's, against
# the stack on :8080 (started here, and stopped at the end, when nothing answers there). Checks: no
# 5xx, every answer matches its documented schema, no stack trace in a body. The operations and
# cases run, and the failures, are written to bench/RESULTS.md (section "fuzz").
#   FUZZ_EXAMPLES   cases per operation and phase (default 10)
#   FUZZ_MAX_TIME   seconds per token's run (default 120)
#   FUZZ_BASE_URL   where the stack answers (default http://localhost:8080)
#   FUZZ_RECORD=0   leaves bench/RESULTS.md alone
#   FUZZ_SEED_DATA=0  generated ids only: no seeded data, so calls with ids in their paths mostly 404
#   FUZZ_OUT        where the reports go (default $TMPDIR/swapbooth-fuzz)
#   FUZZ_WORKERS    schemathesis workers (default 1)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

BASE_URL="${FUZZ_BASE_URL:-http://localhost:8080}"
EXAMPLES="${FUZZ_EXAMPLES:-10}"
MAX_TIME="${FUZZ_MAX_TIME:-120}"
OUT="${FUZZ_OUT:-${TMPDIR:-/tmp}/swapbooth-fuzz}"
mkdir -p "$OUT"

ensure_python_tools
infra_env
if ! curl -sf "$BASE_URL/readyz" >/dev/null; then
  log "nothing answers on $BASE_URL: starting the stack"
  infra_up
  infra_env
  ensure_keys
  npx tsc -b gateway services/*
  # The fuzz calls far more often than a person: the gateway's limits would answer most calls 429.
  export RATE_LIMIT_IP_PER_WINDOW=1000000 RATE_LIMIT_USER_PER_WINDOW=1000000 \
    RATE_LIMIT_SENSITIVE_PER_WINDOW=1000000 PROPOSALS_PER_HOUR=1000000 OPEN_PROPOSALS_PER_PAIR=1000000
  start_stack "$BASE_URL" "$OUT/stack.log"
else
  npx tsc -b packages/contracts gateway services/admin
fi

# The document of this checkout (a stack already running may have been built before a change).
node -e "
  const { openApiDocument } = require('./packages/contracts/dist');
  const { accessFor } = require('./gateway/dist/access-rules');
  process.stdout.write(JSON.stringify(openApiDocument({ accessFor })));
" >"$OUT/openapi.json"

# The operations with an id in their path get real ones in most cases (scripts/fuzz/hooks.py):
# the member's and a second member's stores, listings, a proposal between them and the rest.
rm -f "$OUT/seeds.json" "$OUT"/*.statuses.json
if [ "${FUZZ_SEED_DATA:-1}" = 0 ]; then
  log "signing in a member and an admin"
  eval "$(node scripts/fuzz/accounts.js "$BASE_URL")"
else
  log "signing in a member and an admin, and seeding the data the operations look for"
  eval "$(node scripts/fuzz/accounts.js "$BASE_URL" "$OUT/seeds.json")"
fi

export SCHEMATHESIS_HOOKS=hooks PYTHONPATH="$ROOT/scripts/fuzz${PYTHONPATH:+:$PYTHONPATH}"
export FUZZ_SEEDS="$OUT/seeds.json"
status=0
for who in member admin; do
  token=MEMBER_TOKEN
  [ "$who" = admin ] && token=ADMIN_TOKEN
  log "schemathesis with the $who token ($EXAMPLES cases per operation and phase, at most ${MAX_TIME}s)"
  # Left out: /api/stream, an endless event stream whose answer never completes, and signing out,
  # which would revoke the very token the rest of the run calls with.
  # From $OUT: schemathesis keeps its cache in the folder it runs in.
  # One worker: with two, about one admin run in four died inside schemathesis on Python 3.11
  # ("AST constructor recursion depth mismatch", a thread-safety fault of the interpreter's parser).
  (cd "$OUT" && FUZZ_STATUSES="$OUT/$who.statuses.json" schemathesis --config-file "$ROOT/scripts/fuzz/schemathesis.toml" \
    run "$OUT/openapi.json" --url "$BASE_URL" \
    -H "Authorization: Bearer ${!token}" \
    --checks not_a_server_error,response_schema_conformance,no_stack_trace \
    --exclude-path /api/stream --exclude-path /api/auth/logout --exclude-path /api/admin/logout \
    --phases examples,coverage,fuzzing \
    --max-examples "$EXAMPLES" --max-time "$MAX_TIME" --workers "${FUZZ_WORKERS:-1}" --request-timeout 20 \
    --seed "${FUZZ_SEED:-18}" --no-color \
    --report junit --report-junit-path "$OUT/$who.junit.xml" \
    >"$OUT/$who.txt" 2>&1) || status=1
  # Its closing banner ("=== 4 warnings in 45s ===") stays in the report only: CI reads the last
  # closing line of a known test runner, and pytest's, which counts no test here, would hide the
  # "Tests: N passed, N failed" line that npm test ends with.
  tail -25 "$OUT/$who.txt" | grep -v -E '^=+ .* =+$' || true
  log "the whole $who report: $OUT/$who.txt"
done

# FUZZ_RECORD=0 (the short run of npm test) leaves bench/RESULTS.md as it is.
[ "${FUZZ_RECORD:-1}" = 0 ] || node scripts/fuzz/record.js "$OUT" "$EXAMPLES"
exit $status
