import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { serviceNames, serviceRegistry } from '@swapbooth/contracts';
import { kustomizeBuild, projectKustomize } from '../kustomize';

/**
 * What `kubectl apply -k` would send to a cluster, checked before any cluster sees it: every
 * overlay rendered by kustomize, every object validated against the Kubernetes API schemas
 * (kubernetes-validate, strict) and every custom resource against its operator's definition
 * (k8s/schemas, strict too), one checkov policy scan over all of it, and the platform's own rules
 * (probes, limits, non-root, read-only, autoscaling, disruption budgets, network policies, secrets
 * never committed, search on Meilisearch whenever it has replicas).
 *
 * Renders with the project's own kustomize (infra/tools/kustomize, which scripts/lib.sh
 * ensure_kustomize builds once; no kubectl needed) and needs the Python tools of
 * infra/tools/requirements.txt, which ensure_python_tools installs; a tool that cannot be had fails
 * the suite with a message.
 */

export const root = path.resolve(__dirname, '../../..');
export const k8s = path.join(root, 'k8s');
export const KUBERNETES_VERSION = '1.32';

export const SERVICES = serviceNames;
export const APPS = ['gateway', ...SERVICES] as const;
export const PORTS: Record<string, number> = Object.fromEntries([
  ['gateway', 8080],
  ...serviceRegistry.map((s) => [s.name, s.port] as const),
]);
/** Each app's metrics port (METRICS_PORT: its port + 1000). */
export const METRICS_PORTS: Record<string, number> = Object.fromEntries(
  Object.entries(PORTS).map(([app, port]) => [app, port + 1000]),
);
/** Services whose consumers read Kafka (every one but the gateway). */
export const CONSUMERS = SERVICES;
/** The services admin calls for moderation (services/admin/src/adapters/platform-client.ts). */
export const ADMIN_COMMANDS = ['auth', 'catalog', 'payment'];

/* eslint-disable @typescript-eslint/no-explicit-any -- rendered manifests are untyped YAML */
export type Obj = Record<string, any>;

export interface Rendered {
  name: string;
  file: string;
  objects: Obj[];
}

export function tool(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
) {
  return spawnSync(command, args, {
    encoding: 'utf8',
    timeout: 300_000,
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  });
}

export function pythonTools(): string {
  if (process.env.SWAPBOOTH_PYTOOLS) return process.env.SWAPBOOTH_PYTOOLS;
  const found = tool(
    'bash',
    [
      '-c',
      'source scripts/lib.sh >/dev/null 2>&1; ensure_python_tools >/dev/null 2>&1; echo $SWAPBOOTH_PYTOOLS',
    ],
    { cwd: root },
  );
  const dir = found.stdout.trim();
  if (found.status !== 0 || dir === '') {
    throw new Error(
      'The Python tools (kubernetes-validate, checkov) are missing and ensure_python_tools could ' +
        `not install them: run \`source scripts/lib.sh && ensure_python_tools\`.\n${found.stderr}`,
    );
  }
  return dir;
}

export const kinds = (r: Rendered, kind: string) => r.objects.filter((o) => o.kind === kind);
export const named = (r: Rendered, kind: string, name: string) =>
  r.objects.find((o) => o.kind === kind && o.metadata?.name === name);
export const containerOf = (d: Obj): Obj => d.spec.template.spec.containers[0];
export const envOf = (d: Obj, name: string): Obj | undefined =>
  (containerOf(d).env ?? []).find((e: Obj) => e.name === name);
export const configOf = (r: Rendered): Record<string, string> =>
  named(r, 'ConfigMap', 'swapbooth-config')?.data ?? {};
export const labelsMatch = (
  selector: Record<string, string> | undefined,
  labels: Record<string, string>,
) => Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);

/** Whether a NetworkPolicy peer's podSelector picks pods with these labels (same namespace). */
export function peerSelects(peer: Obj, labels: Record<string, string>): boolean {
  if (peer.namespaceSelector || peer.ipBlock || !peer.podSelector) return false;
  const { matchLabels, matchExpressions } = peer.podSelector;
  if (!labelsMatch(matchLabels, labels)) return false;
  return (matchExpressions ?? []).every(
    (e: Obj) => e.operator === 'In' && (e.values as string[]).includes(labels[e.key] ?? ''),
  );
}

/** The ports one app's pods may reach on pods labelled `labels`, by every policy selecting them. */
export function egressPorts(
  r: Rendered,
  from: Record<string, string>,
  to: Record<string, string>,
): number[] {
  return kinds(r, 'NetworkPolicy')
    .filter((p) => labelsMatch(p.spec.podSelector.matchLabels, from))
    .flatMap((p) => p.spec.egress ?? [])
    .filter((rule: Obj) => (rule.to ?? []).some((peer: Obj) => peerSelects(peer, to)))
    .flatMap((rule: Obj) => (rule.ports ?? []).map((port: Obj) => Number(port.port)));
}

/**
 * The apps whose pods may open connections to `app`'s pods, by its own ingress rules (those that
 * admit `port`, when one is named).
 */
export function ingressFrom(r: Rendered, app: string, port?: number): string[] {
  const labels = { 'app.kubernetes.io/name': app, 'app.kubernetes.io/part-of': 'swapbooth' };
  return kinds(r, 'NetworkPolicy')
    .filter((p) => labelsMatch(p.spec.podSelector.matchLabels, labels))
    .flatMap((p) => p.spec.ingress ?? [])
    .filter(
      (rule: Obj) =>
        port === undefined || (rule.ports ?? []).some((p: Obj) => Number(p.port) === port),
    )
    .flatMap((rule: Obj) => rule.from ?? [])
    .map(
      (peer: Obj) =>
        peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ??
        `namespace:${peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name']}`,
    );
}

export const appLabels = (app: string) => ({
  'app.kubernetes.io/name': app,
  'app.kubernetes.io/component': app === 'gateway' ? 'gateway' : 'service',
  'app.kubernetes.io/part-of': 'swapbooth',
});
export const store = (name: string) => ({ 'swapbooth.io/data-store': name });


/** Every overlay rendered into a temporary folder (one YAML file each) and parsed. */
function renderOverlays(): { work: string; rendered: Rendered[] } {
  projectKustomize();
  const work = mkdtempSync(path.join(tmpdir(), 'swapbooth-k8s-'));
  const overlays = readdirSync(path.join(k8s, 'overlays')).sort();
  expect(overlays).toEqual(['local', 'production', 'production-in-cluster']);
  const rendered = overlays.map((name) => {
    const out = kustomizeBuild(path.join(k8s, 'overlays', name));
    if (out.status !== 0) throw new Error(`kustomize build ${name} failed:\n${out.stderr}`);
    const file = path.join(work, `${name}.yaml`);
    writeFileSync(file, out.stdout);
    const objects = parseAllDocuments(out.stdout).map((d) => d.toJS() as Obj);
    return { name, file, objects };
  });
  return { work, rendered };
}

/**
 * Renders the overlays once before a test file's tests and removes them after; the file reads
 * `overlays.rendered` (and `overlays.work`, the folder) inside its tests.
 */
export function useRenderedOverlays(): { readonly work: string; readonly rendered: Rendered[] } {
  let out: { work: string; rendered: Rendered[] } | undefined;
  beforeAll(() => {
    out = renderOverlays();
  }, 720_000);
  afterAll(() => {
    if (out) rmSync(out.work, { recursive: true, force: true });
  });
  const current = () => {
    if (!out) throw new Error('the overlays are rendered in beforeAll; read them inside a test');
    return out;
  };
  return {
    get work() {
      return current().work;
    },
    get rendered() {
      return current().rendered;
    },
  };
}
