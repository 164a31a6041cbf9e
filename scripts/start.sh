#!/usr/bin/env bash
# npm start: install, provision and start the real servers, build, start every service and the gateway,
# seed demo data, print where to open it (npm run observe, or OBSERVE=1: with a metrics store and a
# trace viewer too). Ctrl-C stops all of it, and the local servers this run started
# (KEEP_INFRA=1 leaves them up).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_deps
# A Stripe key without an API base means Stripe itself: the local stripe-mock is for the tests.
USER_STRIPE_API_BASE="${STRIPE_API_BASE:-}"
log "starting local servers (first run builds MinIO and stripe-mock, and fetches Kafka and the database server: several minutes)"
SKIP_CHROMIUM=1 infra_up
infra_env
# npm run observe (OBSERVE=1): a metrics store scraping every process and a trace viewer besides,
# stopped with the rest at the end (see infra/local/infra.sh on the choice of both).
if [ "${OBSERVE:-}" = "1" ]; then
  log "starting the metrics store and the trace viewer (first run builds VictoriaMetrics and fetches Zipkin)"
  bash infra/local/infra.sh up --record "$INFRA_STARTED" victoria-metrics zipkin
  infra_env
  export SCRAPE_TARGETS_FILE="$ROOT/infra/local/.run/scrape-targets/stack.json"
  # Zipkin takes its own span format, not OTLP: the services export with the Zipkin exporter.
  export OTEL_TRACES_EXPORTER=zipkin
  export OTEL_EXPORTER_ZIPKIN_ENDPOINT="$SWAPBOOTH_ZIPKIN_URL/api/v2/spans"
fi
if [ -n "${STRIPE_SECRET_KEY:-}" ] && [ -z "$USER_STRIPE_API_BASE" ]; then unset STRIPE_API_BASE; fi
ensure_keys
log "building"
npx tsc -b
if [ -f frontend/package.json ]; then npm run build --workspace frontend --silent; export FRONTEND_DIST="$ROOT/frontend/dist"; fi

node scripts/stack.js
