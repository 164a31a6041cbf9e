// How many processes of each service npm start runs, and where each listens: one per service by
// default; REPLICAS_<NAME>=N (REPLICAS_EXCHANGE=2) runs N of that service, as an orchestrator
// runs replicas: the same database, consumer group and topics, each on a port of its own. The
// service's URL setting then lists every replica's URL (comma-separated), and the gateway spreads
// calls over them. Used by scripts/stack.js.

/** The most replicas of one service: replica k listens on the service's port + 10·(k−1). */
const MAX_REPLICAS = 9;
const PORT_STEP = 10;

/** The replica count of every service named in `registry` (1 unless REPLICAS_<NAME> says). */
function replicaCounts(registry, env = process.env) {
  const counts = {};
  for (const { name } of registry) {
    const setting = `REPLICAS_${name.toUpperCase()}`;
    const raw = env[setting];
    if (raw === undefined || raw === '') {
      counts[name] = 1;
      continue;
    }
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > MAX_REPLICAS) {
      throw new Error(`${setting} must be a whole number from 1 to ${MAX_REPLICAS}, not "${raw}"`);
    }
    counts[name] = n;
  }
  return counts;
}

/**
 * The processes to start for the given registry entries: `{ service, label, port }` each, the
 * first replica of a service on its own port (and labelled by its name, as with one replica),
 * the k-th on port + 10·(k−1) and labelled `<name>-k`.
 */
function replicaPlan(registry, env = process.env, portOffset = 0) {
  const counts = replicaCounts(registry, env);
  return registry.flatMap(({ name, port }) =>
    Array.from({ length: counts[name] }, (_, i) => ({
      service: name,
      label: i === 0 ? name : `${name}-${i + 1}`,
      port: port + portOffset + PORT_STEP * i,
    })),
  );
}

/** A service's URL setting for the plan: its replicas' URLs, comma-separated. */
function replicaUrls(plan, service) {
  return plan
    .filter((p) => p.service === service)
    .map((p) => `http://127.0.0.1:${p.port}`)
    .join(',');
}

module.exports = { replicaCounts, replicaPlan, replicaUrls, MAX_REPLICAS };
