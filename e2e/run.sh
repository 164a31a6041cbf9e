#!/usr/bin/env bash
# Browser tests (npm run test:e2e) and the web budget (npm run bench:web, with --bench) against the
# running stack on :8080. When nothing answers there, the stack is built and started here, and
# stopped again at the end.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../scripts/lib.sh"

PROJECT=e2e
if [ "${1:-}" = "--bench" ]; then
  PROJECT=bench
  shift
fi
BASE_URL="${E2E_BASE_URL:-http://localhost:8080}"
# Outside test-results: Playwright empties that folder when it starts.
LOG_DIR="${TMPDIR:-/tmp}/swapbooth-e2e"
mkdir -p "$LOG_DIR"

[ -x /usr/bin/chromium ] || { log "installing Chromium"; apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium >/dev/null; }

if ! curl -sf "$BASE_URL/readyz" >/dev/null; then
  log "nothing answers on $BASE_URL: starting the stack"
  infra_up
  infra_env
  ensure_keys
  npx tsc -b
  npm run build --workspace frontend --silent
  export FRONTEND_DIST="$ROOT/frontend/dist"
  start_stack "$BASE_URL" "$LOG_DIR/stack.log"
elif ! curl -sf "$BASE_URL/" | grep -q 'id="root"'; then
  # A stack runs but its gateway does not serve the web app: add a gateway that does, in front
  # of the same services.
  PORT_E2E="${E2E_GATEWAY_PORT:-8091}"
  log "$BASE_URL does not serve the web app: starting a gateway with it on :$PORT_E2E"
  infra_env
  ensure_keys
  npx tsc -b
  npm run build --workspace frontend --silent
  on_exit stop_stack
  FRONTEND_DIST="$ROOT/frontend/dist" PORT="$PORT_E2E" APP_URL="http://localhost:$PORT_E2E" \
    node gateway/dist/main.js >"$LOG_DIR/stack.log" 2>&1 &
  STACK_PID=$!
  BASE_URL="http://localhost:$PORT_E2E"
  wait_ready "$BASE_URL" "$LOG_DIR/stack.log"
else
  # A running gateway serves frontend/dist from disk: make sure it holds this checkout's build.
  npm run build --workspace frontend --silent
fi

export E2E_BASE_URL="$BASE_URL"
npx playwright test -c e2e/playwright.config.ts --project="$PROJECT" "$@"
