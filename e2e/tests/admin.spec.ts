import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, unique, type Member } from './helpers';

/**
 * The admin console against the running stack: a staff admin who may only moderate listings sees
 * only Products, hides a member's listing and it leaves member search; the executive sees the
 * dashboard's charts and the audit log records the action. The admins are created with the same
 * CLI an operator uses (`npm run admin:create`), in the stack's own admin database.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const root = path.resolve(__dirname, '..', '..');
const admins = {
  executive: { email: `exec-${id}@example.com`, password: `exec-password-${id}` },
  staff: { email: `staff-${id}@example.com`, password: `staff-password-${id}` },
};
const seller: Member = {
  email: `admin-seller-${id}@example.com`,
  password: 'swap-it-e2e-3',
  firstName: 'Sam',
  lastName: 'Seller',
  zip: '94110',
};
const title = `Clock ${id}`.slice(0, 20);

function createAdmin(email: string, password: string, role: string, permissions: string) {
  execFileSync(
    process.execPath,
    [
      'services/admin/dist/cli/create-admin.js',
      '--email',
      email,
      '--role',
      role,
      '--permissions',
      permissions,
      '--password',
      password,
    ],
    { cwd: root, env: process.env, stdio: 'pipe' },
  );
}

async function adminSignIn(browser: Browser, who: { email: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/** Member search, reloaded until the listing's presence is as expected (search follows events). */
async function searchShows(page: Page, present: boolean) {
  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(title)}`);
    await expect(page.getByText('Searching...')).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole('link', { name: title })).toHaveCount(present ? 1 : 0, {
      timeout: 2_000,
    });
    if (!present) await expect(page.getByText('No results found')).toBeVisible();
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
}

let member: Page;

test.beforeAll(() => {
  createAdmin(admins.executive.email, admins.executive.password, 'executive', '');
  createAdmin(admins.staff.email, admins.staff.password, 'staff', 'products');
});

test('a member lists an item and it is found in search', async ({ browser }) => {
  member = await (await browser.newContext()).newPage();
  await signUp(member, seller, { street: '3200 24th St', city: 'San Francisco', state: 'CA' });
  // Listing through the API the web app uses, with the member's own session.
  const status = await member.evaluate(async (t) => {
    const token = localStorage.getItem('token')!;
    const sub = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub;
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const address = await (await fetch(`/api/default-address/${sub}`, { headers: auth })).json();
    const res = await fetch('/api/product', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: t,
        description: 'A brass mantel clock that keeps good time.',
        category: 'Electronics',
        subCategory: 'Phones',
        condition: 'good',
        type: 'item',
        tags: ['clock'],
        addressId: address.data.address_id,
      }),
    });
    return res.status;
  }, title);
  expect(status).toBe(201);
  await searchShows(member, true);
});

test('a staff admin with only products sees only Products and hides the listing', async ({
  browser,
}) => {
  const page = await adminSignIn(browser, admins.staff);
  await expect(page).toHaveURL(/\/admin\/products$/);
  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  await expect(nav.getByRole('link')).toHaveText(['Products']);
  await page.getByLabel('Search').fill(title);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(async () => {
    await page.getByLabel('Search').fill('');
    await page.getByLabel('Search').fill(title);
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await row.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide listing' });
  await dialog.getByLabel('Reason').fill(`Prohibited item (e2e ${id})`);
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Listing hidden')).toBeVisible();

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(
    page.getByText("You don't have permission to access this page.").first(),
  ).toBeVisible();
});

test('the hidden listing is gone from member search', async () => {
  await searchShows(member, false);
});

test('the executive sees the dashboard charts and the action in the audit log', async ({
  browser,
}) => {
  const page = await adminSignIn(browser, admins.executive);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('img', { name: /^Sign-ups: \d+ over 30 days$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^New listings: \d+ over 30 days$/ })).toBeVisible();
  await page.getByRole('link', { name: 'Audit log' }).click();
  const row = page.getByRole('row').filter({ hasText: `Prohibited item (e2e ${id})` });
  await expect(row).toContainText(admins.staff.email);
  await expect(row).toContainText('product.status-set');
});
