/**
 * Whether something answers at url within 2 s: any HTTP answer, or with `ok` only a 2xx one (a
 * service that is up but not ready answers its /readyz with a 503).
 */
export async function answers(
  url: string,
  { ok = false }: { ok?: boolean } = {},
): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return !ok || res.ok;
  } catch {
    return false;
  }
}
