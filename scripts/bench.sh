#!/usr/bin/env bash
# npm run bench:<name>: builds, makes sure the servers run, then runs bench/dist/<name>.bench.js.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ensure_deps
SKIP_CHROMIUM=1 infra_up
infra_env
ensure_keys
npx tsc -b bench services/auth services/catalog services/chat services/notification services/exchange gateway
node "bench/dist/$1.bench.js"
