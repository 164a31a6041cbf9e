import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './helpers';

test('home page: top bar, hero, footer links and copyright', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home | Swapbooth');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const footer = page.locator('footer');
  for (const name of [
    'About Us',
    'Terms of Service',
    'Prohibited Items Policy',
    'Privacy Policy',
    'Fee Schedule',
  ]) {
    await expect(footer.getByRole('link', { name })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: 'Fee Schedule' })).toHaveAttribute(
    'href',
    '/fee-schedule',
  );
  await expect(footer.getByText('© 2025 Swapbooth. All rights reserved.')).toBeVisible();
  await snap(page, 'home');
  await expectAccessible(page, 'home');
});

test('sign-in page, and the protected-page redirect with redirectUrl', async ({ page }) => {
  await page.goto('/my-account?from=e2e#notifications');
  await expect(page).toHaveURL(/\/authenticate$/);
  expect(await page.evaluate(() => localStorage.getItem('redirectUrl'))).toBe(
    '/my-account?from=e2e#notifications',
  );
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await snap(page, 'authenticate');
  await expectAccessible(page, 'authenticate');
});

test('search without criteria fetches nothing and explains what to do', async ({ page }) => {
  const searches: string[] = [];
  page.on('request', (r) => r.url().includes('/api/search') && searches.push(r.url()));
  await page.goto('/search');
  await expect(page.getByRole('heading', { name: 'Browse Results' })).toBeVisible();
  await expect(page.getByText('No results found')).toBeVisible();
  expect(searches).toEqual([]);
  await expect(page.locator('footer')).toHaveCount(0);
});

for (const [path, heading] of [
  ['/about-us', 'About Us'],
  ['/terms-of-service', 'Terms of Service'],
  ['/prohibited-items', 'Prohibited Items Policy'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/fee-schedule', 'Fee Schedule'],
  ['/fee-Schedule', 'Fee Schedule'],
] as const) {
  test(`static page ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page).toHaveTitle(`${heading} | Swapbooth`);
    if (path === '/fee-schedule') {
      await snap(page, 'fee-schedule');
      await expectAccessible(page, 'fee-schedule');
    }
  });
}

test('the loading screen shows while the session is checked', async ({ page }) => {
  await page.route('**/api/auth/refresh', async (route) => {
    await new Promise((r) => setTimeout(r, 4000));
    await route.fulfill({ status: 401, body: '{}' });
  });
  await page.goto('/liked-products');
  await expect(page.locator('.loading-screen')).toBeVisible();
  await expect(page.locator('.loading-screen path')).toHaveCount(6);
  await snap(page, 'loading');
  await expect(page).toHaveURL(/\/authenticate$/);
});

test('the app’s files come compressed, and hashed ones are cached for good', async ({ page }) => {
  const scripts: { url: string; encoding?: string; caching?: string }[] = [];
  page.on('response', (r) => {
    if (new URL(r.url()).pathname.startsWith('/assets/') && r.url().endsWith('.js')) {
      const headers = r.headers();
      scripts.push({
        url: r.url(),
        encoding: headers['content-encoding'],
        caching: headers['cache-control'],
      });
    }
  });
  const document = await page.goto('/search?q=lamp');
  expect(document!.headers()['cache-control']).toBe('no-cache');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) {
    expect(script.encoding, script.url).toBe('br');
    expect(script.caching, script.url).toBe('public, max-age=31536000, immutable');
  }
});
