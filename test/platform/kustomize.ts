import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * The project's own kustomize (infra/tools/kustomize, built once into the cache by scripts/lib.sh
 * ensure_kustomize, which npm test runs first and which exports SWAPBOOTH_KUSTOMIZE), so rendering
 * the overlays needs no kubectl. Builds it when a test file runs alone on a machine without it.
 */

const root = path.resolve(__dirname, '../..');
let cached: string | undefined;

/** The path of the project's kustomize binary; throws with the build's output when it cannot be had. */
export function projectKustomize(): string {
  if (cached) return cached;
  if (process.env.SWAPBOOTH_KUSTOMIZE) return (cached = process.env.SWAPBOOTH_KUSTOMIZE);
  const found = spawnSync(
    'bash',
    [
      '-c',
      'source scripts/lib.sh >/dev/null 2>&1; ensure_kustomize >&2; echo "$SWAPBOOTH_KUSTOMIZE"',
    ],
    { cwd: root, encoding: 'utf8', timeout: 600_000 },
  );
  const bin = found.stdout.trim();
  if (found.status !== 0 || bin === '') {
    throw new Error(
      "The project's kustomize could not be built: run `source scripts/lib.sh && ensure_kustomize` " +
        `(it needs Go and the Go module proxy).\n${found.stderr}`,
    );
  }
  return (cached = bin);
}

/** Renders one kustomization (an overlay folder) as `kustomize build` does. */
export function kustomizeBuild(dir: string) {
  return spawnSync(projectKustomize(), ['build', dir], {
    encoding: 'utf8',
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
}
