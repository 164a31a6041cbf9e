import { defineConfig } from '@playwright/test';

/** Debian's Chromium: Playwright cannot download its own browser here. */
export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: '.',
  outputDir: 'test-results',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  workers: 1,
  fullyParallel: false,
  // E2E_JSON (npm test sets it): also a machine-readable report there, for the run's summary.
  reporter: process.env.E2E_JSON
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]]
    : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:8080',
    launchOptions,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    // Diagnostics only: lets the flow run past a Content-Security-Policy that blocks the object
    // store (uploads and images). Off by default so such a policy fails the tests.
    bypassCSP: process.env.E2E_BYPASS_CSP === '1',
    trace: 'off',
  },
  projects: [
    { name: 'e2e', testMatch: /tests\/.*\.spec\.ts$/ },
    { name: 'bench', testMatch: /bench-web\.ts$/, timeout: 300_000 },
  ],
});
