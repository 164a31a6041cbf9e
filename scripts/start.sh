#!/usr/bin/env bash
# npm start: install, provision and start the real servers, build, start every service and the gateway,
# seed demo data, print where to open it. Ctrl-C stops all of it, and the local servers this run started
# (KEEP_INFRA=1 leaves them up).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_deps
# A Stripe key without an API base means Stripe itself: the local stripe-mock is for the tests.
USER_STRIPE_API_BASE="${STRIPE_API_BASE:-}"
log "starting local servers (first run builds MinIO and stripe-mock, and fetches Kafka and the database server: several minutes)"
SKIP_CHROMIUM=1 infra_up
infra_env
if [ -n "${STRIPE_SECRET_KEY:-}" ] && [ -z "$USER_STRIPE_API_BASE" ]; then unset STRIPE_API_BASE; fi
ensure_keys
log "building"
npx tsc -b
if [ -f frontend/package.json ]; then npm run build --workspace frontend --silent; export FRONTEND_DIST="$ROOT/frontend/dist"; fi

node scripts/stack.js
