#!/usr/bin/env bash
# npm run test:faults: the fault suite (test/faults) on private servers (the infra/local instance
# "faults", ports +100), never the shared ones. FAULTS_PROFILE=full (the default here) holds the
# issue's numbers; FAULTS_PROFILE=short the same scenarios scaled down (what npm test runs).
# Extra arguments go to jest, e.g. npm run test:faults -- test/faults/kafka-stopped.fault.test.ts
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

ensure_deps
export FAULTS_PROFILE="${FAULTS_PROFILE:-full}"
log "fault suite ($FAULTS_PROFILE profile)"
npx jest --ci --runInBand --forceExit "$@" --selectProjects faults
