#!/usr/bin/env bash
# Provision, start, stop and report on the real servers Swapbooth needs, on 127.0.0.1, without Docker.
#
#   infra.sh provision   install/build what is missing (cached, so a second run is fast)
#   infra.sh up [--record FILE] [NAME...]
#                        provision, then start every server (or only the named ones) not given by
#                        configuration and not running yet; waits until each answers. With --record, appends
#                        the name of each server this call starts to FILE (one a line), so the caller can
#                        stop exactly those.
#   infra.sh down [NAME...]
#                        stop the named servers (redis mongo kafka stripe-mock minio maildev), or with no
#                        names every server this checkout started; servers started elsewhere are never touched
#   infra.sh status      one line per server
#   infra.sh env         print the connection settings (export lines) for the running servers
#
# Two more servers are for looking inside a running stack (npm run observe) and start only when
# named (`infra.sh up victoria-metrics zipkin`), never with a bare `up`:
#   victoria-metrics     VictoriaMetrics v1.151.0, a Prometheus-compatible metrics store built from
#                        its Go module (which, unlike Prometheus's, carries its web UI, vmui):
#                        scrapes every process of the stack through file_sd_configs on the target
#                        files in .run/scrape-targets/ (scripts/stack.js writes them) and answers
#                        PromQL on :8428 (UI http://127.0.0.1:8428/vmui/)
#   zipkin               Zipkin 3.6.1's server jar from Maven Central (its UI included), keeping
#                        traces in memory, on :9411 (UI http://127.0.0.1:9411/zipkin/)
#
# A server given by configuration (MONGO_URL, KAFKA_BROKERS, REDIS_URL, S3_ENDPOINT, STRIPE_API_BASE,
# SMTP_URL) is used as it is and not started here. Binaries are cached under $SWAPBOOTH_CACHE
# (default ~/.cache/swapbooth, outside the checkout so fresh clones reuse them); data and logs live
# under infra/local/.data and infra/local/.run (both git-ignored).
#
# Instances: SWAPBOOTH_INFRA_INSTANCE=NAME runs a second, private set of the same servers, for work that
# stops, restarts or slows them (the fault suite) without disturbing the shared ones. An instance keeps
# its data and logs under infra/local/.data/instances/NAME and .run/instances/NAME, listens on every
# default port shifted by a fixed offset, and always starts its own servers (the *_URL settings above are
# ignored, as they name the shared ones). Offsets: instance "faults" +100 (mongo 27117, Kafka 9192 and
# controller 9193, Redis 6479, stripe-mock 12211/12212, MinIO 9100/9101, MailDev SMTP 1125 and web 1180);
# any other instance needs SWAPBOOTH_INFRA_PORT_OFFSET. For example:
#   SWAPBOOTH_INFRA_INSTANCE=faults infra.sh up redis mongo kafka
#   SWAPBOOTH_INFRA_INSTANCE=faults infra.sh down kafka     # stop one server of the instance
#   SWAPBOOTH_INFRA_INSTANCE=faults infra.sh env            # its connection settings
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
CACHE="${SWAPBOOTH_CACHE:-$HOME/.cache/swapbooth}"
BIN="$CACHE/bin"
KAFKA_LIBS="$CACHE/kafka-3.9.1-libs"
MONGO_LIBS="$CACHE/mongo-java-server-1.47.0-libs"
DATA="$HERE/.data"
RUN="$HERE/.run"
INSTANCE="${SWAPBOOTH_INFRA_INSTANCE:-}"
PORT_OFFSET=0
if [ -n "$INSTANCE" ]; then
  [[ "$INSTANCE" =~ ^[a-z0-9][a-z0-9-]*$ ]] ||
    { echo "[infra] error: SWAPBOOTH_INFRA_INSTANCE must be lower-case letters, digits and dashes" >&2; exit 2; }
  case "$INSTANCE" in
    faults) PORT_OFFSET=${SWAPBOOTH_INFRA_PORT_OFFSET:-100} ;;
    *) PORT_OFFSET=${SWAPBOOTH_INFRA_PORT_OFFSET:-} ;;
  esac
  [[ "$PORT_OFFSET" =~ ^[1-9][0-9]*$ ]] ||
    { echo "[infra] error: instance '$INSTANCE' needs SWAPBOOTH_INFRA_PORT_OFFSET (a positive number)" >&2; exit 2; }
  DATA="$HERE/.data/instances/$INSTANCE"
  RUN="$HERE/.run/instances/$INSTANCE"
  # The configured servers are the shared ones: an instance runs its own.
  unset MONGO_URL KAFKA_BROKERS REDIS_URL S3_ENDPOINT STRIPE_API_BASE SMTP_URL MEILI_URL MAILDEV_URL
fi
mkdir -p "$BIN" "$DATA" "$RUN"

MINIO_VERSION="v0.0.0-20260212201848-7aac2a2c5b7c"
STRIPE_MOCK_VERSION="v0.197.0"
VICTORIA_METRICS_VERSION="v1.151.0"
ZIPKIN_VERSION="3.6.1"

PORT_MONGO=$((27017 + PORT_OFFSET))
PORT_KAFKA=$((9092 + PORT_OFFSET))
PORT_KAFKA_CONTROLLER=$((9093 + PORT_OFFSET))
PORT_REDIS=$((6379 + PORT_OFFSET))
PORT_STRIPE=$((12111 + PORT_OFFSET))
PORT_STRIPE_HTTPS=$((12112 + PORT_OFFSET))
PORT_MINIO=$((9000 + PORT_OFFSET))
PORT_MINIO_CONSOLE=$((9001 + PORT_OFFSET))
PORT_SMTP=$((1025 + PORT_OFFSET))
PORT_MAILDEV_WEB=$((1080 + PORT_OFFSET))
PORT_VICTORIA_METRICS=$((8428 + PORT_OFFSET))
PORT_ZIPKIN=$((9411 + PORT_OFFSET))

# In start order; down stops them in reverse.
SERVERS=(redis mongo kafka stripe-mock minio maildev)
# Started only when named; down (with no names) stops them first.
OBSERVERS=(victoria-metrics zipkin)
ALL_SERVERS=("${SERVERS[@]}" "${OBSERVERS[@]}")
# up --record FILE: where start() lists the servers it launched.
RECORD=""
# up NAME...: the servers to start (all when empty).
WANTED=""
wanted() { [ -z "$WANTED" ] || [[ " $WANTED " == *" $1 "* ]]; }
named() { [[ " $WANTED " == *" $1 "* ]]; }

MINIO_USER="${MINIO_ROOT_USER:-swapbooth}"
MINIO_PASSWORD="${MINIO_ROOT_PASSWORD:-swapbooth-local-secret}"

log() { printf '[infra] %s\n' "$*" >&2; }
die() { printf '[infra] error: %s\n' "$*" >&2; exit 1; }

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
pid_alive() { [ -f "$RUN/$1.pid" ] && kill -0 "$(cat "$RUN/$1.pid")" 2>/dev/null; }
who_has_port() { ss -ltnp 2>/dev/null | awk -v p=":$1" '$4 ~ p"$" {print $6}' | head -n1; }

# ---------------------------------------------------------------- provisioning

need_apt() {
  local missing=()
  for pkg in "$@"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  log "installing Debian packages: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -q >/dev/null
  if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null; then
    # A machine whose packages were half-upgraded (e.g. libsystemd newer than systemd) refuses any
    # install until the upgrade is finished: finish it, then install again.
    log "apt refused; completing the machine's interrupted upgrade and trying again"
    DEBIAN_FRONTEND=noninteractive $sudo apt-get --fix-broken install -y -q >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null
  fi
}

provision_redis() { command -v redis-server >/dev/null || need_apt redis-server; }

provision_chromium() {
  [ -x /usr/bin/chromium ] || need_apt chromium
}

# The local MongoDB-protocol server: mongo-java-server's jars from Maven Central (once), and the
# launcher infra/local/mongo/LocalMongo.java compiled against them into a folder named by a hash of
# its source and pom (by content: a fresh clone's file times say nothing).
MONGO_CLASSES=""
provision_mongo() {
  command -v javac >/dev/null || die "a JDK (javac) is needed to build the local MongoDB-protocol server"
  if [ ! -f "$MONGO_LIBS/.complete" ]; then
    log "fetching mongo-java-server 1.47.0 jars from Maven Central"
    mkdir -p "$MONGO_LIBS"
    mvn -q -B -f "$HERE/mongo/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
      -DoutputDirectory="$MONGO_LIBS" >/dev/null
    touch "$MONGO_LIBS/.complete"
  fi
  local stamp
  stamp=$(cat "$HERE/mongo/LocalMongo.java" "$HERE/mongo/pom.xml" | sha256sum | cut -c1-16)
  MONGO_CLASSES="$CACHE/mongo-local-$stamp"
  # The class path, for the test kit's throwaway servers (packages/test-kit/src/disposable.ts).
  echo "$MONGO_CLASSES:$MONGO_LIBS/*" >"$CACHE/mongo-local.classpath"
  [ -f "$MONGO_CLASSES/LocalMongo.class" ] && return 0
  log "compiling the local MongoDB-protocol server (infra/local/mongo/LocalMongo.java)"
  # Compiled under a temporary name and renamed, so a concurrent run sees either nothing or all of it.
  local tmp="$MONGO_CLASSES.tmp.$$"
  mkdir -p "$tmp"
  javac -nowarn -d "$tmp" -cp "$MONGO_LIBS/*" "$HERE/mongo/LocalMongo.java" ||
    { rm -rf "$tmp"; die "compiling infra/local/mongo/LocalMongo.java failed"; }
  mv -T "$tmp" "$MONGO_CLASSES" 2>/dev/null || rm -rf "$tmp"
}

provision_stripe_mock() {
  [ -x "$BIN/stripe-mock" ] && return 0
  log "building stripe-mock $STRIPE_MOCK_VERSION"
  (cd /tmp && GOBIN="$BIN" go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION")
}

provision_minio() {
  [ -x "$BIN/minio" ] && return 0
  log "building MinIO $MINIO_VERSION (a large build: a few minutes the first time)"
  (cd /tmp && GOBIN="$BIN" go install "github.com/minio/minio@$MINIO_VERSION")
}

provision_kafka() {
  [ -f "$KAFKA_LIBS/.complete" ] && return 0
  log "fetching Kafka 3.9.1 jars from Maven Central"
  mkdir -p "$KAFKA_LIBS"
  mvn -q -B -f "$HERE/kafka/pom.xml" dependency:copy-dependencies -DincludeScope=runtime \
    -DoutputDirectory="$KAFKA_LIBS" >/dev/null
  touch "$KAFKA_LIBS/.complete"
}

provision_maildev() {
  [ -x "$ROOT/node_modules/.bin/maildev" ] || die "maildev is not installed: run npm install at the repository root first"
}

# VictoriaMetrics single-node, from the Go module proxy, in a folder named by its version.
VICTORIA_METRICS_BIN="$CACHE/victoria-metrics-$VICTORIA_METRICS_VERSION/victoria-metrics"
provision_victoria_metrics() {
  [ -x "$VICTORIA_METRICS_BIN" ] && return 0
  command -v go >/dev/null || die "Go is needed to build VictoriaMetrics"
  log "building VictoriaMetrics $VICTORIA_METRICS_VERSION (once: a minute or two)"
  local tmp="$CACHE/.victoria-metrics.tmp.$$"
  (cd /tmp && GOBIN="$tmp" go install \
    "github.com/VictoriaMetrics/VictoriaMetrics/app/victoria-metrics@$VICTORIA_METRICS_VERSION") ||
    { rm -rf "$tmp"; die "building VictoriaMetrics failed"; }
  mv -T "$tmp" "$(dirname "$VICTORIA_METRICS_BIN")" 2>/dev/null || rm -rf "$tmp"
}

# Zipkin's executable server jar (UI included) from Maven Central, through Maven like Kafka's jars.
ZIPKIN_JAR="$CACHE/zipkin-$ZIPKIN_VERSION/zipkin-server-$ZIPKIN_VERSION-exec.jar"
provision_zipkin() {
  [ -f "$ZIPKIN_JAR" ] && return 0
  command -v java >/dev/null || die "Java 17 is needed to run Zipkin"
  log "fetching Zipkin $ZIPKIN_VERSION's server jar from Maven Central"
  local tmp="$CACHE/.zipkin.tmp.$$"
  mvn -q -B dependency:copy -Dartifact="io.zipkin:zipkin-server:$ZIPKIN_VERSION:jar:exec" \
    -DoutputDirectory="$tmp" >/dev/null || { rm -rf "$tmp"; die "fetching Zipkin failed"; }
  mv -T "$tmp" "$(dirname "$ZIPKIN_JAR")" 2>/dev/null || rm -rf "$tmp"
}

provision() {
  command -v go >/dev/null || die "Go is needed to build MinIO and stripe-mock"
  command -v java >/dev/null || die "Java 17 is needed to run Kafka and the local MongoDB-protocol server"
  if [ -z "${REDIS_URL:-}" ]; then provision_redis; fi
  if [ -z "${MONGO_URL:-}" ]; then provision_mongo; fi
  if [ -z "${STRIPE_API_BASE:-}" ]; then provision_stripe_mock; fi
  if [ -z "${KAFKA_BROKERS:-}" ]; then provision_kafka; fi
  if [ -z "${SMTP_URL:-}" ]; then provision_maildev; fi
  if [ -z "${S3_ENDPOINT:-}" ]; then provision_minio; fi
  [ "${SKIP_CHROMIUM:-}" = "1" ] || provision_chromium
  return 0
}

# ---------------------------------------------------------------- readiness probes (real requests)

ready_mongo() { node "$HERE/probe.js" mongo "mongodb://127.0.0.1:$PORT_MONGO/" >/dev/null 2>&1; }
ready_kafka() { node "$HERE/probe.js" kafka "127.0.0.1:$PORT_KAFKA" >/dev/null 2>&1; }
ready_redis() { [ "$(redis-cli -h 127.0.0.1 -p $PORT_REDIS ping 2>/dev/null)" = "PONG" ]; }
ready_stripe() { curl -sf -u sk_test_123: "http://127.0.0.1:$PORT_STRIPE/v1/customers" >/dev/null; }
ready_minio() { curl -sf "http://127.0.0.1:$PORT_MINIO/minio/health/ready" >/dev/null; }
ready_maildev() { curl -sf "http://127.0.0.1:$PORT_MAILDEV_WEB/email" >/dev/null; }
ready_victoria_metrics() { curl -sf "http://127.0.0.1:$PORT_VICTORIA_METRICS/health" >/dev/null; }
ready_zipkin() { curl -sf "http://127.0.0.1:$PORT_ZIPKIN/health" >/dev/null; }

wait_ready() { # name probe timeout_seconds
  local name=$1 probe=$2 limit=$3 waited=0
  until $probe; do
    if ! pid_alive "$name"; then
      log "$name exited while starting; last lines of $RUN/$name.log:"
      tail -n 20 "$RUN/$name.log" >&2 || true
      exit 1
    fi
    sleep 0.5
    waited=$((waited + 1))
    if [ $waited -ge $((limit * 2)) ]; then die "$name did not become ready within ${limit}s (see $RUN/$name.log)"; fi
  done
  return 0
}

# start NAME PORT PROBE TIMEOUT -- command...
start() {
  local name=$1 port=$2 probe=$3 limit=$4
  shift 5
  if pid_alive "$name"; then
    $probe && { log "$name already running (pid $(cat "$RUN/$name.pid"))"; return 0; }
    wait_ready "$name" "$probe" "$limit"
    return 0
  fi
  rm -f "$RUN/$name.pid"
  if port_open "$port"; then
    if $probe; then
      log "$name: port $port already serves a ready $name not started by this checkout; using it"
      return 0
    fi
    die "port $port (for $name) is taken by another process: $(who_has_port "$port"). Stop it or set the matching *_URL to use another server."
  fi
  log "starting $name on 127.0.0.1:$port"
  nohup "$@" >"$RUN/$name.log" 2>&1 &
  echo $! >"$RUN/$name.pid"
  # Recorded before the wait, so a caller cleaning up after a failed start stops this one too.
  if [ -n "$RECORD" ]; then echo "$name" >>"$RECORD"; fi
  wait_ready "$name" "$probe" "$limit"
  log "$name ready"
}

kafka_config() {
  local dir="$DATA/kafka"
  mkdir -p "$dir/logs"
  cat >"$dir/server.properties" <<EOF
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$PORT_KAFKA_CONTROLLER
listeners=PLAINTEXT://127.0.0.1:$PORT_KAFKA,CONTROLLER://127.0.0.1:$PORT_KAFKA_CONTROLLER
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT_KAFKA
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/logs
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
default.replication.factor=1
min.insync.replicas=1
group.initial.rebalance.delay.ms=0
# An idle single node: the controller's keep-alive record every 5 s rather than 500 ms.
metadata.max.idle.interval.ms=5000
# Two cores and a handful of clients: one network thread and two request handlers (defaults 3
# and 8), each of which wakes about three times a second while idle, whatever the load.
num.network.threads=1
num.io.threads=2
auto.create.topics.enable=true
log.retention.hours=168
EOF
  cat >"$dir/log4j.properties" <<EOF
log4j.rootLogger=WARN, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=WARN
EOF
  if [ ! -f "$dir/logs/meta.properties" ]; then
    java -cp "$KAFKA_LIBS/*" -Dlog4j.configuration="file:$dir/log4j.properties" kafka.tools.StorageTool \
      format -t "swapbooth-local-kafka1" -c "$dir/server.properties" --ignore-formatted >/dev/null
  fi
}

up() {
  provision
  if [ -z "${REDIS_URL:-}" ] && wanted redis; then
    start redis $PORT_REDIS ready_redis 20 -- \
    redis-server --bind 127.0.0.1 --port $PORT_REDIS --save '' --appendonly no --protected-mode yes
  fi
  if [ -z "${MONGO_URL:-}" ] && wanted mongo; then
    # By default the data lives in an H2 file and survives a restart (npm start's demo data, and the
    # fault suite, which restarts the server under load); SWAPBOOTH_MONGO_STORE=memory keeps it in
    # the process, as npm test asks for the servers it starts and throws away.
    local store="${SWAPBOOTH_MONGO_STORE:-file}"
    [ "$store" = file ] || [ "$store" = memory ] || die "SWAPBOOTH_MONGO_STORE must be file or memory"
    local store_arg=memory
    if [ "$store" = file ]; then
      mkdir -p "$DATA/mongo"
      # Named by its format: the launcher orders unique-index keys its own way (v2), so a file of
      # the earlier format (swapbooth.mv, left in place) is not read; npm start seeds the new one.
      store_arg="$DATA/mongo/swapbooth-v2.mv"
    fi
    start mongo $PORT_MONGO ready_mongo 60 -- java -Xms128m -Xmx${SWAPBOOTH_MONGO_HEAP:-2g} -XX:+UseSerialGC \
      -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
      -Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.backend.AbstractMongoDatabase=error \
      -Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire.MongoWireProtocolHandler=off \
      -cp "$MONGO_CLASSES:$MONGO_LIBS/*" LocalMongo --listen "127.0.0.1:$PORT_MONGO" --store "$store_arg"
  fi
  if [ -z "${KAFKA_BROKERS:-}" ] && wanted kafka; then
    kafka_config
    start kafka $PORT_KAFKA ready_kafka 90 -- java -Xms256m -Xmx512m -XX:+UseSerialGC \
      -Dlog4j.configuration="file:$DATA/kafka/log4j.properties" -cp "$KAFKA_LIBS/*" kafka.Kafka "$DATA/kafka/server.properties"
  fi
  if [ -z "${STRIPE_API_BASE:-}" ] && wanted stripe-mock; then
    start stripe-mock $PORT_STRIPE ready_stripe 30 -- \
    "$BIN/stripe-mock" -http-addr "127.0.0.1:$PORT_STRIPE" -https-addr "127.0.0.1:$PORT_STRIPE_HTTPS"
  fi
  if [ -z "${S3_ENDPOINT:-}" ] && wanted minio; then
    mkdir -p "$DATA/minio"
    start minio $PORT_MINIO ready_minio 60 -- \
      env MINIO_ROOT_USER="$MINIO_USER" MINIO_ROOT_PASSWORD="$MINIO_PASSWORD" MINIO_BROWSER=off "$BIN/minio" server "$DATA/minio" --address "127.0.0.1:$PORT_MINIO" --console-address "127.0.0.1:$PORT_MINIO_CONSOLE" --quiet
  fi
  if [ -z "${SMTP_URL:-}" ] && wanted maildev; then
    start maildev $PORT_MAILDEV_WEB ready_maildev 30 -- \
    node "$ROOT/node_modules/maildev/bin/maildev" --ip 127.0.0.1 --smtp $PORT_SMTP --web $PORT_MAILDEV_WEB --silent
  fi
  if named victoria-metrics; then
    provision_victoria_metrics
    victoria_metrics_config
    start victoria-metrics $PORT_VICTORIA_METRICS ready_victoria_metrics 60 -- \
      "$VICTORIA_METRICS_BIN" -httpListenAddr="127.0.0.1:$PORT_VICTORIA_METRICS" \
      -storageDataPath="$DATA/victoria-metrics" -retentionPeriod=7d -loggerLevel=WARN \
      -promscrape.config="$DATA/victoria-metrics/scrape.yml" -promscrape.fileSDCheckInterval=5s \
      -search.latencyOffset=5s
  fi
  if named zipkin; then
    provision_zipkin
    # The JIT's first tier only: a viewer for one machine's traces starts in half the time.
    start zipkin $PORT_ZIPKIN ready_zipkin 180 -- env QUERY_PORT=$PORT_ZIPKIN STORAGE_TYPE=mem \
      MEM_MAX_SPANS=200000 java -Xms64m -Xmx512m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar "$ZIPKIN_JAR" \
      --armeria.ports[0].ip=127.0.0.1 --armeria.ports[0].port=$PORT_ZIPKIN --logging.level.root=WARN
  fi
  env_lines >"$RUN/env"
  log "all servers ready (settings in $RUN/env)"
}

# VictoriaMetrics scrapes itself and every process listed in the target files (file_sd_configs, JSON)
# under .run/scrape-targets/: scripts/stack.js writes one when SCRAPE_TARGETS_FILE names it.
victoria_metrics_config() {
  mkdir -p "$DATA/victoria-metrics" "$RUN/scrape-targets"
  cat >"$DATA/victoria-metrics/scrape.yml" <<EOF
global:
  scrape_interval: 10s
scrape_configs:
  - job_name: swapbooth
    file_sd_configs:
      - files: ['$RUN/scrape-targets/*.json']
  - job_name: victoria-metrics
    static_configs:
      - targets: ['127.0.0.1:$PORT_VICTORIA_METRICS']
EOF
}

env_lines() {
  echo "export MONGO_URL=${MONGO_URL:-mongodb://127.0.0.1:$PORT_MONGO/}"
  echo "export KAFKA_BROKERS=${KAFKA_BROKERS:-127.0.0.1:$PORT_KAFKA}"
  echo "export REDIS_URL=${REDIS_URL:-redis://127.0.0.1:$PORT_REDIS}"
  echo "export STRIPE_API_BASE=${STRIPE_API_BASE:-http://127.0.0.1:$PORT_STRIPE}"
  echo "export S3_ENDPOINT=${S3_ENDPOINT:-http://127.0.0.1:$PORT_MINIO}"
  if [ -z "${S3_ENDPOINT:-}" ]; then
    echo "export S3_ACCESS_KEY_ID=$MINIO_USER"
    echo "export S3_SECRET_ACCESS_KEY=$MINIO_PASSWORD"
  fi
  echo "export SMTP_URL=${SMTP_URL:-smtp://127.0.0.1:$PORT_SMTP}"
  [ -z "${SMTP_URL:-}" ] && echo "export MAILDEV_URL=http://127.0.0.1:$PORT_MAILDEV_WEB"
  [ -n "${MEILI_URL:-}" ] && echo "export MEILI_URL=$MEILI_URL"
  # The observers, when running (the services are told nothing: npm run observe sets their OTEL_*).
  ready_victoria_metrics && echo "export SWAPBOOTH_METRICS_DB_URL=http://127.0.0.1:$PORT_VICTORIA_METRICS"
  ready_zipkin && echo "export SWAPBOOTH_ZIPKIN_URL=http://127.0.0.1:$PORT_ZIPKIN"
  return 0
}

stop_one() {
  local name=$1
  if pid_alive "$name"; then
    local pid
    pid=$(cat "$RUN/$name.pid")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 40); do kill -0 "$pid" 2>/dev/null || break; sleep 0.25; done
    kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
    log "stopped $name"
  fi
  rm -f "$RUN/$name.pid"
}

down() {
  local n i wanted=" ${*:-${ALL_SERVERS[*]}} "
  for n in "$@"; do
    [[ " ${ALL_SERVERS[*]} " == *" $n "* ]] || die "unknown server '$n' (one of: ${ALL_SERVERS[*]})"
  done
  for ((i = ${#ALL_SERVERS[@]} - 1; i >= 0; i--)); do
    n=${ALL_SERVERS[$i]}
    if [[ "$wanted" == *" $n "* ]]; then stop_one "$n"; fi
  done
}

status() {
  local all_ok=0
  for entry in "redis:ready_redis:REDIS_URL" "mongo:ready_mongo:MONGO_URL" "kafka:ready_kafka:KAFKA_BROKERS" \
    "stripe-mock:ready_stripe:STRIPE_API_BASE" "minio:ready_minio:S3_ENDPOINT" "maildev:ready_maildev:SMTP_URL"; do
    IFS=: read -r name probe var <<<"$entry"
    if [ -n "${!var:-}" ]; then printf '%-12s external (%s)\n' "$name" "${!var}"; continue; fi
    if $probe; then
      if pid_alive "$name"; then printf '%-12s ready (pid %s)\n' "$name" "$(cat "$RUN/$name.pid")"
      else printf '%-12s ready (not started by this checkout)\n' "$name"; fi
    else
      printf '%-12s down\n' "$name"
      all_ok=1
    fi
  done
  # The observers are optional: listed only when up.
  for entry in "victoria-metrics:ready_victoria_metrics" "zipkin:ready_zipkin"; do
    IFS=: read -r name probe <<<"$entry"
    if $probe; then printf '%-12s ready%s\n' "$name" "$(pid_alive "$name" && echo " (pid $(cat "$RUN/$name.pid"))")"; fi
  done
  return $all_ok
}

case "${1:-}" in
  provision) provision ;;
  up)
    shift
    if [ "${1:-}" = "--record" ]; then
      [ -n "${2:-}" ] || die "up --record needs a file"
      RECORD=$2
      touch "$RECORD"
      shift 2
    fi
    for n in "$@"; do
      [[ " ${ALL_SERVERS[*]} " == *" $n "* ]] || die "unknown server '$n' (one of: ${ALL_SERVERS[*]})"
    done
    WANTED="$*"
    up
    ;;
  down)
    shift
    down "$@"
    ;;
  status) status ;;
  env) env_lines ;;
  *) echo "usage: $0 provision|up [--record FILE] [NAME...]|down [NAME...]|status|env" >&2; exit 2 ;;
esac
