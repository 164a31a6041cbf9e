/**
 * Lighthouse's mobile profile (its default: a mid-range phone's screen, 4× slower CPU, slow 4G,
 * simulated throttling) against a page of the running stack, in Debian's Chromium started
 * through chrome-launcher with a fresh profile, so every run is a first visit with an empty cache.
 */
import { launchOptions } from './playwright.config';

export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes over the wire for the whole load, and for its scripts alone. */
  transferKb: number;
  scriptKb: number;
  requests: number;
  /** Lighthouse's measure of this machine's speed at the time (higher is faster). */
  benchmarkIndex: number;
  /** What the largest paint was, and the audits that fell short, for the log. */
  lcpElement: string;
  failing: string[];
  warnings: string[];
}

interface Audit {
  score: number | null;
  scoreDisplayMode?: string;
  numericValue?: number;
  displayValue?: string;
  title?: string;
  details?: { items?: Array<Record<string, unknown>> };
}
interface Result {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, Audit>;
  runWarnings: string[];
  runtimeError?: { code: string; message: string };
  environment?: { benchmarkIndex?: number };
}

// Lighthouse and chrome-launcher are ES modules only; this file is loaded as CommonJS.
const importEsm = new Function('id', 'return import(id)') as <T>(id: string) => Promise<T>;

const num = (audit: Audit | undefined) => audit?.numericValue ?? Number.NaN;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Flags from the browser tests' launch options, less the ones chrome-launcher sets itself. */
const CHROME_FLAGS = launchOptions.args.filter((a) => a !== '--disable-quic');

export async function lighthouseMobile(url: string): Promise<LighthouseRun> {
  const { default: lighthouse } = await importEsm<{
    default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Result } | undefined>;
  }>('lighthouse');
  const { launch } = await importEsm<{
    launch: (o: Record<string, unknown>) => Promise<{ port: number; kill(): void }>;
  }>('chrome-launcher');
  const chrome = await launch({
    chromePath: launchOptions.executablePath,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runWarnings, runtimeError, environment } = result.lhr;
    if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code} ${runtimeError.message}`);
    const summary = audits['resource-summary']?.details?.items ?? [];
    const scripts = summary.find((i) => i.resourceType === 'script');
    const total = summary.find((i) => i.resourceType === 'total');
    const lcpNode = audits['lcp-breakdown-insight']?.details?.items?.find(
      (i) => i.type === 'node',
    ) as { selector?: string; nodeLabel?: string } | undefined;
    return {
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(num(audits['first-contentful-paint'])),
      lcpMs: Math.round(num(audits['largest-contentful-paint'])),
      tbtMs: Math.round(num(audits['total-blocking-time'])),
      cls: Math.round(num(audits['cumulative-layout-shift']) * 1000) / 1000,
      speedIndexMs: Math.round(num(audits['speed-index'])),
      transferKb: kb(Number(total?.transferSize ?? num(audits['total-byte-weight']))),
      scriptKb: kb(Number(scripts?.transferSize ?? 0)),
      requests: Number(total?.requestCount ?? 0),
      benchmarkIndex: Math.round(environment?.benchmarkIndex ?? 0),
      lcpElement: lcpNode ? `${lcpNode.selector ?? '?'} "${lcpNode.nodeLabel ?? ''}"` : '?',
      failing: Object.entries(audits)
        .filter(
          ([, a]) =>
            a.score !== null &&
            a.score < 0.9 &&
            !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode ?? ''),
        )
        .map(([id, a]) => `${id}${a.displayValue ? ` (${a.displayValue})` : ''}`),
      warnings: runWarnings,
    };
  } finally {
    chrome.kill();
  }
}
