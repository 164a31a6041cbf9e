#!/usr/bin/env bash
# npm start: install, provision and start the real servers, build, start every service and the gateway,
# seed demo data, print where to open it. Ctrl-C stops all of it, and the local servers this run started
# (KEEP_INFRA=1 leaves them up).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_deps
log "starting local servers (first run builds FerretDB, MinIO and stripe-mock, and fetches Kafka: several minutes)"
SKIP_CHROMIUM=1 infra_up
infra_env
ensure_keys
log "building"
npx tsc -b
if [ -f frontend/package.json ]; then npm run build --workspace frontend --silent; export FRONTEND_DIST="$ROOT/frontend/dist"; fi

node scripts/stack.js
