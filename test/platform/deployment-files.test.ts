import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { serviceNames, serviceRegistry, type ServiceName } from '@swapbooth/contracts';
import { kustomizeBuild } from './kustomize';
import { loadAuthConfig } from '../../services/auth/src/config';
import { loadCatalogConfig } from '../../services/catalog/src/config';
import { loadSearchConfig } from '../../services/search/src/config';
import { loadExchangeConfig } from '../../services/exchange/src/config';
import { loadChatConfig } from '../../services/chat/src/config';
import { loadNotificationConfig } from '../../services/notification/src/config';
import { loadPaymentConfig } from '../../services/payment/src/config';
import { loadAdminConfig } from '../../services/admin/src/config';
import { loadGatewayConfig } from '../../gateway/src/config';

/**
 * The deployment descriptions (docker-compose.yml, the Dockerfiles, k8s/) are only exercised for
 * real on a machine with Docker or a cluster; these checks catch the mistakes that would otherwise
 * surface there first: a service without its infrastructure, a Dockerfile that drifted from the
 * shared recipe, a pod without probes or limits, a kustomization naming a missing file.
 */

const root = path.resolve(__dirname, '../..');
const read = (rel: string) => readFileSync(path.join(root, rel), 'utf8');

const SERVICES = serviceNames;
const APPS = [...SERVICES, 'gateway'] as const;
type App = ServiceName | 'gateway';
const appDir = (app: App) => (app === 'gateway' ? 'gateway' : `services/${app}`);

const INFRASTRUCTURE = [
  'mongo',
  'kafka',
  'redis',
  'meilisearch',
  'minio',
  'stripe-mock',
  'maildev',
] as const;
const CORE = ['mongo', 'kafka', 'redis'];
const NEEDS: Record<App, string[]> = {
  auth: CORE,
  catalog: [...CORE, 'minio'],
  search: [...CORE, 'meilisearch'],
  exchange: CORE,
  chat: CORE,
  notification: [...CORE, 'maildev'],
  payment: [...CORE, 'stripe-mock'],
  admin: CORE,
  gateway: ['redis'],
};
const URL_VARIABLES = Object.fromEntries(
  serviceRegistry.map((s) => [s.name, s.urlSetting]),
) as Record<ServiceName, string>;

// ------------------------------------------------------------------ docker-compose.yml

type Scalar = string | number | boolean | null;
interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  environment?: Record<string, Scalar> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  ports?: (string | number | { target?: number | string; host_ip?: string })[];
  volumes?: (string | { source?: string; target?: string; read_only?: boolean })[];
}

// Compose files lean on YAML anchors and << merge keys, which YAML 1.2 leaves off by default.
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const service = (name: string): ComposeService => {
  const found = compose.services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
};

function environment(name: string): Record<string, string> {
  const env = service(name).environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((line) => {
        const at = line.indexOf('=');
        return at < 0 ? [line, ''] : [line.slice(0, at), line.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

function dependencies(name: string): Record<string, string> {
  const deps = service(name).depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((d) => [d, 'service_started']));
  return Object.fromEntries(
    Object.entries(deps).map(([d, spec]) => [d, spec.condition ?? 'service_started']),
  );
}

function mounts(name: string): { source: string; target: string; readOnly: boolean }[] {
  return (service(name).volumes ?? []).map((v) => {
    if (typeof v !== 'string') {
      return { source: v.source ?? '', target: v.target ?? '', readOnly: v.read_only === true };
    }
    const [source = '', target = '', mode = ''] = v.split(':');
    return { source, target, readOnly: mode.split(',').includes('ro') };
  });
}

const mountFor = (name: string, file: string) =>
  mounts(name).find((m) => m.target !== '' && file.startsWith(`${m.target}/`));

const hostOf = (url: string) => new URL(url).hostname;

function publishedTargets(name: string): string[] {
  return (service(name).ports ?? []).map((p) => {
    if (typeof p === 'object') return String(p.target);
    const parts = String(p).split(':');
    return (parts[parts.length - 1] ?? '').split('/')[0] ?? '';
  });
}

/** The host address a `ports` entry binds (an empty string: every interface). */
function publishedHost(p: string | number | { target?: number | string; host_ip?: string }) {
  if (typeof p === 'object') return p.host_ip ?? '';
  // host_ip:published:target, published:target or target, where published may be ${VAR:-n}.
  const parts = String(p)
    .replace(/\$\{[^}]*\}/g, 'N')
    .split(':');
  return parts.length === 3 ? (parts[0] ?? '') : '';
}

/** A service's compose environment as compose would pass it with no variable set: the defaults. */
const withComposeDefaults = (env: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(env).map(([k, v]) => [k, v.replace(/\$\{\w+:-([^}]*)\}/g, '$1')]),
  );

const LOADERS: Record<App, (env: Record<string, string | undefined>) => unknown> = {
  auth: loadAuthConfig,
  catalog: loadCatalogConfig,
  search: loadSearchConfig,
  exchange: loadExchangeConfig,
  chat: loadChatConfig,
  notification: loadNotificationConfig,
  payment: loadPaymentConfig,
  admin: loadAdminConfig,
  gateway: loadGatewayConfig,
};

const hasHealthcheck = (name: string) => {
  const check = service(name).healthcheck;
  return check !== undefined && check.disable !== true && check.test !== undefined;
};

describe('docker-compose.yml', () => {
  it('builds every service and the gateway from its own Dockerfile in the repository context', () => {
    for (const app of APPS) {
      const { build, image } = service(app);
      expect(build ?? image).toBeDefined();
      if (build === undefined) continue;
      const spec = typeof build === 'string' ? { context: build } : build;
      expect(spec.context).toBe('.');
      const dockerfile = spec.dockerfile ?? 'Dockerfile';
      expect(dockerfile).toBe(`${appDir(app)}/Dockerfile`);
      expect(existsSync(path.join(root, spec.context ?? '.', dockerfile))).toBe(true);
    }
  });

  it('wires every service to the infrastructure it needs', () => {
    for (const app of APPS) {
      const env = environment(app);
      if (app !== 'gateway') {
        expect(hostOf(env.MONGO_URL ?? '')).toBe('mongo');
        expect(env.MONGO_URL).toMatch(/[?&](replicaSet=rs0|directConnection=true)/);
        expect((env.KAFKA_BROKERS ?? '').split(',').map((b) => b.split(':')[0])).toEqual(['kafka']);
      }
      expect(hostOf(env.REDIS_URL ?? '')).toBe('redis');
      expect(env.JWT_PUBLIC_KEY_FILE ?? env.JWT_PUBLIC_KEY).toBeTruthy();
      expect(env.HOST).toBe('0.0.0.0');
      expect(env.PORT).toMatch(/^\d+$/);
      expect([app, env.LOG_FORMAT]).toEqual([app, '${LOG_FORMAT:-json}']);
    }
    expect(hostOf(environment('search').MEILI_URL ?? '')).toBe('meilisearch');
    expect(environment('search').MEILI_API_KEY).toBeTruthy();
    expect(hostOf(environment('catalog').S3_ENDPOINT ?? '')).toBe('minio');
    expect(environment('catalog').S3_BUCKET).toBeTruthy();
    expect(hostOf(environment('notification').SMTP_URL ?? '')).toBe('maildev');
    expect(hostOf(environment('payment').STRIPE_API_BASE ?? '')).toBe('stripe-mock');
    expect(environment('payment').STRIPE_SECRET_KEY).toMatch(/^sk_test_/);
    expect(environment('gateway').FRONTEND_DIST).toBeTruthy();
  });

  it('starts a service only once its infrastructure is healthy and the signing keys exist', () => {
    for (const app of APPS) {
      const deps = dependencies(app);
      for (const needed of NEEDS[app])
        expect([app, needed, deps[needed]]).toEqual([app, needed, 'service_healthy']);
      expect(deps.keys).toBe('service_completed_successfully');
      expect(hasHealthcheck(app)).toBe(true);
    }
  });

  it('points the gateway and the admin health page at the port each service listens on', () => {
    for (const consumer of ['gateway', 'admin']) {
      const env = environment(consumer);
      for (const target of SERVICES) {
        const url = new URL(env[URL_VARIABLES[target]] ?? '');
        expect([consumer, target, url.hostname, url.port]).toEqual([
          consumer,
          target,
          target,
          environment(target).PORT,
        ]);
      }
    }
  });

  it('mounts the public key everywhere and the private key only into auth and admin (its sessions)', () => {
    for (const app of APPS) {
      const file = environment(app).JWT_PUBLIC_KEY_FILE ?? '';
      const mount = mountFor(app, file);
      expect([app, mount?.readOnly]).toEqual([app, true]);
      const privateMount = mounts(app).find((m) => m.source === 'jwt-private');
      if (app === 'auth' || app === 'admin') {
        const privateFile = environment(app).JWT_PRIVATE_KEY_FILE ?? '';
        expect([app, mountFor(app, privateFile)?.source]).toEqual([app, 'jwt-private']);
      } else {
        expect([app, privateMount]).toEqual([app, undefined]);
      }
    }
    const keyVolumes = mounts('keys').map((m) => m.source);
    expect(keyVolumes).toEqual(expect.arrayContaining(['jwt-public', 'jwt-private']));
  });

  it('health-checks every infrastructure server and runs Kafka 3.9.1 in KRaft mode', () => {
    for (const name of INFRASTRUCTURE) {
      expect([name, hasHealthcheck(name)]).toEqual([name, true]);
    }
    expect(service('kafka').image).toBe('apache/kafka:3.9.1');
    expect(environment('kafka').KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(environment('kafka').KAFKA_ADVERTISED_LISTENERS).toContain('kafka:9092');
    expect(service('mongo').image).toMatch(/^mongo:7/);
    expect(JSON.stringify(service('mongo'))).toContain('rs0');
  });

  it('publishes the gateway on 8080 and the MailDev inbox on 1080', () => {
    expect(publishedTargets('gateway')).toContain('8080');
    expect(publishedTargets('maildev')).toContain('1080');
    for (const app of SERVICES) expect([app, publishedTargets(app)]).toEqual([app, []]);
  });

  it('publishes only the gateway beyond this machine: MailDev and MinIO answer on loopback', () => {
    // MailDev shows every reset link and sign-in code; MinIO's API is for this machine's browser.
    const published = Object.entries(compose.services).flatMap(([name, s]) =>
      (s.ports ?? []).map((p) => [name, publishedHost(p)] as const),
    );
    expect(published.map(([name]) => name).sort()).toEqual(['gateway', 'maildev', 'minio']);
    for (const [name, host] of published) {
      if (name !== 'gateway') expect([name, host]).toEqual([name, '127.0.0.1']);
    }
  });

  it('gives each service settings its own configuration accepts in production, demo seeding and the payment sandbox left out', () => {
    const refused: string[] = [];
    for (const app of APPS) {
      const env = withComposeDefaults(environment(app));
      expect([app, env.NODE_ENV]).toEqual([app, 'production']);
      try {
        LOADERS[app](env);
      } catch (err) {
        refused.push(`${app}: ${(err as Error).message}`);
      }
      for (const demoOnly of ['ADMIN_SEED_ACCOUNTS', 'PAYMENT_SANDBOX', 'SEED_PASSWORD']) {
        expect([app, env[demoOnly]]).toEqual([app, undefined]);
      }
    }
    expect(refused).toEqual([]);
    // And the rules do bite: without its web origin, the gateway would not start.
    const { CORS_ORIGIN: _origin, ...gateway } = withComposeDefaults(environment('gateway'));
    expect(() => LOADERS.gateway(gateway)).toThrow(/CORS_ORIGIN/);
  });

  it('is accepted by docker compose config when the compose plugin is installed', () => {
    const version = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' });
    if (version.status !== 0) {
      console.log('skipped `docker compose config -q`: the docker compose plugin is not installed');
      return;
    }
    const check = spawnSync('docker', ['compose', '-f', 'docker-compose.yml', 'config', '-q'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect({ status: check.status, stderr: check.stderr }).toMatchObject({ status: 0 });
  });
});

// ------------------------------------------------------------------ Node version

// .nvmrc pins the exact release the scripts fetch when a machine's node is older; everything else
// names its major.
const NODE_PINNED = read('.nvmrc').trim();
const NODE_MAJOR = NODE_PINNED.split('.')[0] ?? '';

describe('the Node version', () => {
  const manifest = (rel: string) =>
    JSON.parse(read(rel)) as {
      engines?: { node?: string };
      devDependencies?: Record<string, string>;
      workspaces?: string[];
    };
  const rootManifest = manifest('package.json');

  it('is pinned once, as an exact release, in .nvmrc', () => {
    expect(NODE_PINNED).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is the major every manifest requires and the Node types describe', () => {
    expect(rootManifest.engines?.node).toBe(`>=${NODE_MAJOR}`);
    const workspaces = (rootManifest.workspaces ?? []).flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(root, pattern.slice(0, -2))).map(
            (d) => `${pattern.slice(0, -2)}/${d}`,
          )
        : [pattern],
    );
    for (const dir of workspaces) {
      if (!existsSync(path.join(root, dir, 'package.json'))) continue;
      const engines = manifest(`${dir}/package.json`).engines?.node;
      if (engines !== undefined) expect([dir, engines]).toEqual([dir, `>=${NODE_MAJOR}`]);
    }
    expect(rootManifest.devDependencies?.['@types/node']).toMatch(
      new RegExp(`^\\^${NODE_MAJOR}\\.`),
    );
  });

  it('is the major of every Node image the Dockerfiles and the compose file build on', () => {
    const dockerfiles = [
      'docker/Dockerfile.service',
      'docker/Dockerfile.frontend',
      'frontend/Dockerfile',
      ...APPS.map((app) => `${appDir(app)}/Dockerfile`),
    ];
    for (const file of dockerfiles) {
      expect([file, argDefault(read(file), 'NODE_IMAGE')]).toEqual([
        file,
        `node:${NODE_MAJOR}-bookworm-slim`,
      ]);
    }
    const nodeImages = Object.entries(compose.services).flatMap(([name, s]) =>
      s.image?.startsWith('node:') ? [[name, s.image]] : [],
    );
    expect(nodeImages.length).toBeGreaterThan(0);
    for (const [name, image] of nodeImages) {
      expect([name, image]).toEqual([name, `node:${NODE_MAJOR}-bookworm-slim`]);
    }
  });
});

// ------------------------------------------------------------------ Dockerfiles

const withoutComments = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .join('\n');
const argDefault = (text: string, name: string) =>
  new RegExp(`^ARG ${name}=(.*)$`, 'm').exec(text)?.[1];
const PER_APP_ARGS = /^ARG (SERVICE|PORT|FRONTEND)=.*$/gm;

describe('Dockerfiles', () => {
  const shared = read('docker/Dockerfile.service');

  it('keeps each per-service Dockerfile identical to docker/Dockerfile.service but for its defaults', () => {
    const normalisedShared = withoutComments(shared).replace(PER_APP_ARGS, 'ARG $1');
    for (const app of APPS) {
      const own = read(`${appDir(app)}/Dockerfile`);
      expect([app, withoutComments(own).replace(PER_APP_ARGS, 'ARG $1')]).toEqual([
        app,
        normalisedShared,
      ]);
      expect([app, argDefault(own, 'SERVICE')]).toEqual([app, appDir(app)]);
      expect([app, argDefault(own, 'PORT')]).toEqual([app, environment(app).PORT]);
      expect([app, argDefault(own, 'FRONTEND')]).toEqual([
        app,
        app === 'gateway' ? 'build' : 'none',
      ]);
    }
    expect(argDefault(shared, 'SERVICE')).toBe('');
  });

  it('builds on the Node slim image and runs compiled output as a non-root user with a health check', () => {
    expect(argDefault(shared, 'NODE_IMAGE')).toBe(`node:${NODE_MAJOR}-bookworm-slim`);
    expect(shared).toMatch(/npm ci --workspace "\$SERVICE" --include-workspace-root/);
    expect(shared).toMatch(/npx tsc -b "\$SERVICE"/);
    expect(shared).toMatch(/npm ci --workspace "\$SERVICE" --omit=dev/);
    const runtime = withoutComments(shared.slice(shared.lastIndexOf('\nFROM ')));
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/LOG_FORMAT=json/);
    expect(runtime).toMatch(/^USER 10001:10001$/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m);
    expect(runtime).not.toMatch(/curl|wget/);
    expect(runtime).toMatch(/^CMD \["node", "dist\/main\.js"\]$/m);
  });

  it('serves the web client from unprivileged nginx on 8080 with a single-page fallback', () => {
    const frontend = read('docker/Dockerfile.frontend');
    expect(withoutComments(read('frontend/Dockerfile'))).toBe(withoutComments(frontend));
    expect(frontend).toMatch(/^FROM nginxinc\/nginx-unprivileged:\S+/m);
    expect(frontend).toMatch(/npm run build --workspace frontend/);
    expect(frontend).toMatch(/listen 8080;/);
    expect(frontend).toMatch(/try_files \$uri \$uri\/ \/index\.html;/);
    expect(frontend).toMatch(/^HEALTHCHECK /m);
  });

  it('keeps host node_modules, build output and build info out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const pattern of ['**/node_modules', '**/dist', '**/*.tsbuildinfo', '.git']) {
      expect(ignored).toContain(pattern);
    }
  });
});

// ------------------------------------------------------------------ Kubernetes

interface Probe {
  httpGet?: { path?: string; port?: string | number };
}
interface SecurityContext {
  runAsNonRoot?: boolean;
  readOnlyRootFilesystem?: boolean;
  allowPrivilegeEscalation?: boolean;
  capabilities?: { drop?: string[] };
}
interface Container {
  name: string;
  image?: string;
  ports?: { name?: string; containerPort: number }[];
  env?: { name: string; value?: string }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: {
    requests?: { cpu?: string; memory?: string };
    limits?: { cpu?: string; memory?: string };
  };
  securityContext?: SecurityContext;
  volumeMounts?: { name: string; mountPath: string }[];
}
interface Manifest {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; labels?: Record<string, string> };
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> } & Record<string, string>;
    template?: {
      metadata?: { labels?: Record<string, string> };
      spec?: {
        securityContext?: SecurityContext;
        containers?: Container[];
        volumes?: { name: string; emptyDir?: object }[];
      };
    };
    rules?: {
      http?: { paths?: { backend?: { service?: { name?: string } } }[] };
    }[];
  };
}
interface Kustomization {
  resources?: string[];
  components?: string[];
  patches?: { path?: string }[];
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return yamlFiles(full);
    return /\.ya?ml$/.test(entry) ? [full] : [];
  });
}

function parseManifests(text: string, source: string): Manifest[] {
  return parseAllDocuments(text).flatMap((doc) => {
    if (doc.errors.length > 0) {
      throw new Error(`${source}: ${doc.errors.map((e) => e.message).join('; ')}`);
    }
    const value = doc.toJS() as Manifest | null;
    return value ? [value] : [];
  });
}

/** Everything a pod of ours must declare, as a list of problems (empty when it is fine). */
function deploymentProblems(d: Manifest): string[] {
  const name = d.metadata?.name ?? '(unnamed)';
  const pod = d.spec?.template?.spec;
  const problems: string[] = [];
  const containers = pod?.containers ?? [];
  if (containers.length === 0) problems.push('no containers');
  const tmpVolumes = new Set(
    (pod?.volumes ?? []).filter((v) => v.emptyDir !== undefined).map((v) => v.name),
  );
  for (const c of containers) {
    const where = `${name}/${c.name}`;
    if (c.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${where}: readiness probe`);
    if (c.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${where}: liveness probe`);
    const nonRoot = c.securityContext?.runAsNonRoot ?? pod?.securityContext?.runAsNonRoot;
    if (nonRoot !== true) problems.push(`${where}: runAsNonRoot`);
    if (c.securityContext?.readOnlyRootFilesystem !== true) {
      problems.push(`${where}: readOnlyRootFilesystem`);
    }
    if (c.securityContext?.allowPrivilegeEscalation !== false) {
      problems.push(`${where}: allowPrivilegeEscalation`);
    }
    const { limits, requests } = c.resources ?? {};
    if (!limits?.cpu || !limits.memory) problems.push(`${where}: resource limits`);
    if (!requests?.cpu || !requests.memory) problems.push(`${where}: resource requests`);
    const tmp = c.volumeMounts?.find((m) => m.mountPath === '/tmp');
    if (!tmp || !tmpVolumes.has(tmp.name)) problems.push(`${where}: emptyDir at /tmp`);
  }
  return problems;
}

describe('Kubernetes manifests', () => {
  const k8s = path.join(root, 'k8s');
  const files = yamlFiles(k8s);
  const base = files
    .filter((f) => f.startsWith(path.join(k8s, 'base') + path.sep))
    .flatMap((f) => parseManifests(readFileSync(f, 'utf8'), f));

  it('parses every manifest without YAML errors', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      expect(() => parseManifests(readFileSync(file, 'utf8'), file)).not.toThrow();
    }
  });

  it('names only existing files and folders in every kustomization', () => {
    const kustomizations = files.filter((f) => path.basename(f) === 'kustomization.yaml');
    expect(kustomizations.map((f) => path.relative(k8s, f)).sort()).toEqual(
      expect.arrayContaining([
        path.join('base', 'kustomization.yaml'),
        path.join('overlays', 'local', 'kustomization.yaml'),
        path.join('overlays', 'production', 'kustomization.yaml'),
      ]),
    );
    for (const file of kustomizations) {
      const k = parse(readFileSync(file, 'utf8')) as Kustomization;
      const listed = [
        ...(k.resources ?? []),
        ...(k.components ?? []),
        ...(k.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])),
      ];
      for (const entry of listed) {
        const target = path.resolve(path.dirname(file), entry);
        const ok =
          existsSync(target) &&
          (statSync(target).isFile() || existsSync(path.join(target, 'kustomization.yaml')));
        expect([path.relative(root, file), entry, ok]).toEqual([
          path.relative(root, file),
          entry,
          true,
        ]);
      }
    }
  });

  it('gives each Deployment both probes, resource limits and a non-root, read-only container', () => {
    const deployments = base.filter((m) => m.kind === 'Deployment');
    expect(deployments.length).toBe(APPS.length);
    for (const d of deployments)
      expect([d.metadata?.name, deploymentProblems(d)]).toEqual([d.metadata?.name, []]);
  });

  it('runs two labelled replicas and a Service per service and the gateway, on the compose ports', () => {
    const ofKind = (kind: string, name: string) =>
      base.find((m) => m.kind === kind && m.metadata?.name === name);
    for (const app of APPS) {
      const d = ofKind('Deployment', app);
      const s = ofKind('Service', app);
      expect([app, d !== undefined, s !== undefined]).toEqual([app, true, true]);
      expect(d?.spec?.replicas).toBeGreaterThanOrEqual(2);
      for (const labels of [d?.metadata?.labels, d?.spec?.template?.metadata?.labels]) {
        expect(labels).toMatchObject({
          'app.kubernetes.io/name': app,
          'app.kubernetes.io/part-of': 'swapbooth',
        });
      }
      const podLabels = d?.spec?.template?.metadata?.labels ?? {};
      expect(podLabels).toMatchObject(d?.spec?.selector?.matchLabels ?? { missing: 'selector' });
      const { selector } = s?.spec ?? {};
      expect(podLabels).toMatchObject(selector ?? { missing: 'selector' });
      const container = d?.spec?.template?.spec?.containers?.[0];
      const port = String(container?.ports?.[0]?.containerPort);
      expect([app, port]).toEqual([app, environment(app).PORT]);
      expect(container?.env?.find((e) => e.name === 'PORT')?.value).toBe(port);
    }
    const ingress = base.find((m) => m.kind === 'Ingress');
    const backends = (ingress?.spec?.rules ?? []).flatMap((r) =>
      (r.http?.paths ?? []).map((p) => p.backend?.service?.name),
    );
    expect(backends.length).toBeGreaterThan(0);
    expect(new Set(backends)).toEqual(new Set(['gateway']));
  });

  it('has every pod log JSON lines for the log collector', () => {
    const config = base.find(
      (m) => m.kind === 'ConfigMap' && m.metadata?.name === 'swapbooth-config',
    );
    expect((config as { data?: Record<string, string> } | undefined)?.data?.LOG_FORMAT).toBe(
      'json',
    );
  });

  it("renders every overlay with the project's kustomize", () => {
    for (const overlay of readdirSync(path.join(k8s, 'overlays'))) {
      const dir = path.join(k8s, 'overlays', overlay);
      const rendered = kustomizeBuild(dir);
      expect({ overlay, status: rendered.status, stderr: rendered.stderr }).toMatchObject({
        overlay,
        status: 0,
      });
      const manifests = parseManifests(rendered.stdout, `k8s/overlays/${overlay}`);
      const deployments = manifests.filter((m) => m.kind === 'Deployment');
      expect(deployments.map((d) => d.metadata?.name).sort()).toEqual([...APPS].sort());
      for (const d of deployments) {
        expect([overlay, d.metadata?.name, deploymentProblems(d)]).toEqual([
          overlay,
          d.metadata?.name,
          [],
        ]);
        for (const c of d.spec?.template?.spec?.containers ?? []) {
          expect(c.image).toMatch(/:[\w.-]+$/);
          expect(c.image).not.toMatch(/:latest$/);
        }
      }
      if (overlay === 'production') {
        expect(manifests.filter((m) => m.kind === 'Secret')).toEqual([]);
      }
    }
    // The first run on a machine builds the project's kustomize (about a minute and a half).
  }, 720_000);
});
