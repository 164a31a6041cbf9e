# Shared steps for start.sh, test.sh, bench.sh and e2e/run.sh. Sourcing it also puts the project's
# Node on PATH (see ensure_node), so everything the caller runs afterwards uses that Node.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\033[1m[swapbooth]\033[0m %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

SWAPBOOTH_CACHE="${SWAPBOOTH_CACHE:-$HOME/.cache/swapbooth}"
# The exact Node release the project runs on: .nvmrc is the one place it is pinned (nvm and fnm read
# it too); engines, the Docker images and test/platform/deployment-files.test.ts follow its major.
NODE_PINNED="$(tr -d '[:space:]' <"$ROOT/.nvmrc")"
NODE_PINNED="${NODE_PINNED#v}"

NODE_FETCHED_DIR=""
node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# When the machine's node is older than the pinned major, fetches the pinned release from the npm
# registry's node-<os>-<arch> package into the cache (once) and puts it first on PATH. npm itself
# stays the machine's; it runs on whichever node comes first on PATH.
ensure_node() {
  command -v npm >/dev/null || die "Node.js with npm is needed (any version: Node $NODE_PINNED is fetched when older)"
  local want=${NODE_PINNED%%.*}
  [ "$(node_major)" -ge "$want" ] && return 0
  local os arch
  os=$(uname -s | tr '[:upper:]' '[:lower:]')
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) die "no Node $NODE_PINNED package for $(uname -m): install Node $want or newer" ;;
  esac
  local dir="$SWAPBOOTH_CACHE/node-v$NODE_PINNED-$os-$arch"
  if [ ! -x "$dir/bin/node" ]; then
    log "node $(node -v 2>/dev/null || echo '(none)') is older than Node $want: fetching node-$os-$arch@$NODE_PINNED from the npm registry"
    mkdir -p "$SWAPBOOTH_CACHE"
    local tmp
    tmp=$(mktemp -d "$SWAPBOOTH_CACHE/.node-XXXXXX")
    # npm pack checks the tarball against the registry's integrity hash.
    (cd "$tmp" && npm pack "node-$os-$arch@$NODE_PINNED" --silent --no-fund --no-audit >/dev/null) ||
      { rm -rf "$tmp"; die "could not fetch node-$os-$arch@$NODE_PINNED"; }
    tar -xzf "$tmp"/node-"$os"-"$arch"-*.tgz -C "$tmp"
    chmod +x "$tmp/package/bin/node"
    # A rename, so a concurrent run sees either nothing or the whole release.
    mv -T "$tmp/package" "$dir" 2>/dev/null || [ -x "$dir/bin/node" ] || die "could not unpack Node into $dir"
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
  hash -r
  NODE_FETCHED_DIR=$dir
  log "using Node $(node -v) from $dir"
}

ensure_node

# Installs dependencies when node_modules is missing or older than the lockfile, and rebuilds the
# native modules (argon2, ssh2, ...) of a node_modules installed under another Node major, which the
# stamp file records (a node_modules without one counts as installed under another).
ensure_deps() {
  local stamp=node_modules/.swapbooth-node-major major installed_under=""
  major=$(node_major)
  # Native modules compiled here (node-gyp) need the headers of the Node that runs them, not those
  # a user config may name for the machine's own Node.
  if [ -n "$NODE_FETCHED_DIR" ]; then local -x npm_config_nodedir="$NODE_FETCHED_DIR"; fi
  [ -f node_modules/.package-lock.json ] && installed_under=$(cat "$stamp" 2>/dev/null || echo unknown)
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing dependencies"
    # npm install rather than npm ci: the lockfile records only this platform's optional binaries,
    # which npm ci rejects as out of sync; install resolves them and keeps the locked versions.
    npm install --no-audit --no-fund --loglevel=error
  fi
  if [ -n "$installed_under" ] && [ "$installed_under" != "$major" ]; then
    local was="Node $installed_under"
    [ "$installed_under" = unknown ] && was="another Node"
    log "node_modules was installed under $was: rebuilding its native modules for Node $major"
    npm rebuild --loglevel=error
  fi
  echo "$major" >"$stamp"
}

# The Python tools of infra/tools/requirements.txt (kubernetes-validate, checkov, schemathesis) in a
# virtualenv cached per hash of that file; puts its bin first on PATH and exports SWAPBOOTH_PYTOOLS.
ensure_python_tools() {
  command -v python3 >/dev/null || die "python3 (3.9 or newer) is needed for the manifest and API checks"
  local req="$ROOT/infra/tools/requirements.txt" hash dir
  hash=$(sha256sum "$req" | cut -c1-12)
  dir="$SWAPBOOTH_CACHE/pytools-$hash"
  if [ ! -f "$dir/.ready" ]; then
    log "installing the Python tools of infra/tools/requirements.txt into $dir (once)"
    # A virtualenv records its own path, so it is built in place; .ready marks a finished install.
    rm -rf "$dir"
    python3 -m venv "$dir" || die "python3 -m venv failed"
    "$dir/bin/pip" install --quiet --disable-pip-version-check -r "$req" || die "pip install of $req failed"
    touch "$dir/.ready"
  fi
  export PATH="$dir/bin:$PATH"
  export SWAPBOOTH_PYTOOLS="$dir"
}

# kustomize, pinned by the project: infra/tools/kustomize is a small Go command on the kustomize
# library version its go.mod names, built once (through the Go module proxy) into the cache under a
# name carrying that version and a hash of its source, so a change of either builds a new one. It
# renders what `kubectl kustomize` and `kustomize build` render; no kubectl is needed. Exports
# SWAPBOOTH_KUSTOMIZE, the binary's path (run it as `$SWAPBOOTH_KUSTOMIZE build DIR`).
ensure_kustomize() {
  local src="$ROOT/infra/tools/kustomize" version hash bin
  version=$(awk '$1 == "sigs.k8s.io/kustomize/api" { print $2 }' "$src/go.mod")
  [ -n "$version" ] || die "infra/tools/kustomize/go.mod names no sigs.k8s.io/kustomize/api version"
  hash=$(cat "$src/main.go" "$src/go.mod" "$src/go.sum" | sha256sum | cut -c1-12)
  bin="$SWAPBOOTH_CACHE/bin/kustomize-api-$version-$hash"
  if [ ! -x "$bin" ]; then
    command -v go >/dev/null || die "Go is needed to build the project's kustomize (infra/tools/kustomize)"
    log "building kustomize (sigs.k8s.io/kustomize/api $version) into $bin (once)"
    mkdir -p "$SWAPBOOTH_CACHE/bin"
    # Built under a temporary name and renamed, so a concurrent run sees either nothing or all of it.
    local tmp="$bin.tmp.$$"
    (cd "$src" && go build -trimpath -o "$tmp" .) || { rm -f "$tmp"; die "building $src failed"; }
    mv -f "$tmp" "$bin"
  fi
  export SWAPBOOTH_KUSTOMIZE="$bin"
}

# promtool, Prometheus's rule checker, for the alert tests (test/platform/k8s-monitoring.test.ts):
# built once through the Go module proxy into the cache under a name carrying its version, without
# the service-discovery plugins it does not need for `promtool test rules` (a shorter build).
# Exports SWAPBOOTH_PROMTOOL, the binary's path.
PROMETHEUS_MODULE_VERSION="v0.316.0" # Prometheus 3.x
ensure_promtool() {
  local dir="$SWAPBOOTH_CACHE/promtool-$PROMETHEUS_MODULE_VERSION"
  if [ ! -x "$dir/promtool" ]; then
    command -v go >/dev/null || die "Go is needed to build promtool (github.com/prometheus/prometheus/cmd/promtool)"
    log "building promtool (github.com/prometheus/prometheus $PROMETHEUS_MODULE_VERSION) into $dir (once: a few minutes)"
    mkdir -p "$SWAPBOOTH_CACHE"
    # Built into a temporary folder and renamed, so a concurrent run sees either nothing or all of it.
    local tmp="$dir.tmp.$$"
    (cd /tmp && GOBIN="$tmp" go install -trimpath -tags remove_all_sd \
      "github.com/prometheus/prometheus/cmd/promtool@$PROMETHEUS_MODULE_VERSION") ||
      { rm -rf "$tmp"; die "building promtool failed"; }
    mv -T "$tmp" "$dir" 2>/dev/null || rm -rf "$tmp"
  fi
  export SWAPBOOTH_PROMTOOL="$dir/promtool"
}

# The RSA key pair the auth service signs tokens with (generated once, kept with the local data).
ensure_keys() {
  local dir="$ROOT/infra/local/.data/keys"
  if [ ! -f "$dir/private.pem" ]; then
    mkdir -p "$dir"
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$dir/private.pem" 2>/dev/null
    openssl pkey -in "$dir/private.pem" -pubout -out "$dir/public.pem"
    chmod 600 "$dir/private.pem"
  fi
  export JWT_PRIVATE_KEY_FILE="${JWT_PRIVATE_KEY_FILE:-$dir/private.pem}"
  export JWT_PUBLIC_KEY_FILE="${JWT_PUBLIC_KEY_FILE:-$dir/public.pem}"
}

infra_env() {
  # shellcheck disable=SC1090
  eval "$(bash infra/local/infra.sh env)"
}

# Exit hooks: each runs once when the script ends (success, failure or Ctrl-C), the last registered
# first, so what was started last is stopped first.
EXIT_HOOKS=()
on_exit() {
  EXIT_HOOKS=("$1" "${EXIT_HOOKS[@]}")
  trap run_exit_hooks EXIT
}
run_exit_hooks() {
  local hook
  for hook in "${EXIT_HOOKS[@]}"; do "$hook" || true; done
  EXIT_HOOKS=()
}

# Starts the local servers that are not running yet and, when the script ends, stops exactly those,
# unless KEEP_INFRA=1. Servers that were already up (npm start, another checkout) stay up.
infra_up() {
  mkdir -p "$ROOT/infra/local/.run"
  INFRA_STARTED=$(mktemp "$ROOT/infra/local/.run/started.XXXXXX")
  on_exit stop_started_infra
  bash "$ROOT/infra/local/infra.sh" up --record "$INFRA_STARTED"
}

stop_started_infra() {
  [ -n "${INFRA_STARTED:-}" ] && [ -f "$INFRA_STARTED" ] || return 0
  local started=()
  mapfile -t started <"$INFRA_STARTED"
  rm -f "$INFRA_STARTED"
  [ ${#started[@]} -gt 0 ] || return 0
  if [ "${KEEP_INFRA:-}" = "1" ]; then
    log "leaving up the servers this run started (KEEP_INFRA=1): ${started[*]}; npm run infra:down stops them"
    return 0
  fi
  log "stopping the servers this run started: ${started[*]}"
  bash "$ROOT/infra/local/infra.sh" down "${started[@]}"
}

# The stack (every service and the gateway, npm start without the demo data) for scripts that need
# one on $1 (http://localhost:8080): when nothing answers there it is built, started in the
# background with its log in $2, and stopped when the script ends. STACK_PID is set when this run
# started it. Extra settings for the stack come from the caller's environment.
STACK_PID=""
stop_stack() {
  if [ -n "$STACK_PID" ] && kill -0 "$STACK_PID" 2>/dev/null; then
    log "stopping the stack this run started (pid $STACK_PID)"
    kill "$STACK_PID" 2>/dev/null || true
    wait "$STACK_PID" 2>/dev/null || true
  fi
}

# Waits until $1/readyz answers (the stack's log in $2 is shown when it does not).
wait_ready() {
  for _ in $(seq 1 240); do
    curl -sf "$1/readyz" >/dev/null && return 0
    [ -z "$STACK_PID" ] || kill -0 "$STACK_PID" 2>/dev/null || break
    sleep 1
  done
  tail -50 "$2"
  log "$1 did not become ready"
  return 1
}

# Starts the built stack (SKIP_SEED=1 node scripts/stack.js) and waits until $1 is ready.
start_stack() {
  on_exit stop_stack
  SKIP_SEED=1 node scripts/stack.js >"$2" 2>&1 &
  STACK_PID=$!
  wait_ready "$1" "$2"
  log "stack ready (logs: $2)"
}
