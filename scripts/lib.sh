# Shared steps for start.sh and test.sh.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

log() { printf '\033[1m[swapbooth]\033[0m %s\n' "$*" >&2; }

# Installs dependencies when node_modules is missing or older than the lockfile.
ensure_deps() {
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    log "installing dependencies"
    # npm install rather than npm ci: the lockfile records only this platform's optional binaries,
    # which npm ci rejects as out of sync; install resolves them and keeps the locked versions.
    npm install --no-audit --no-fund --loglevel=error
  fi
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
