import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { png, signUp, subscribe, unique, type Member } from './helpers';

/**
 * A dispute in the browser: two members trade; the one who receives an item reports "not as
 * described" with a photo; the other contests it; an admin who may only open the Disputes area
 * reads the dispute (with the exchange's chat) and resolves it for the reporter; both members see
 * the outcome and the admin's note on the proposal page. The admin is created with the operator's
 * CLI, like the other admin tests.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const root = path.resolve(__dirname, '..', '..');
const disputesAdmin = { email: `disputes-${id}@example.com`, password: `disputes-pw-${id}` };
const alice: Member = {
  email: `dispute-alice-${id}@example.com`,
  password: 'swap-it-e2e-7',
  firstName: 'Alice',
  lastName: 'Reporter',
  zip: '94110',
};
const bob: Member = {
  email: `dispute-bob-${id}@example.com`,
  password: 'swap-it-e2e-8',
  firstName: 'Bob',
  lastName: 'Sender',
  zip: '94103',
};
const note = `The photo shows a crack the listing did not mention (e2e ${id})`;
let alicePage: Page;
let bobPage: Page;
let proposalId = '';

async function member(browser: Browser, m: Member, street: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, m, { street, city: 'San Francisco', state: 'CA' });
  return page;
}

/** The signed-in member's id and a listing of theirs, made through the web app's own API. */
async function listItem(page: Page, title: string): Promise<{ userId: string; listingId: string }> {
  return page.evaluate(async (t) => {
    const token = localStorage.getItem('token')!;
    const sub = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub;
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const address = await (await fetch(`/api/default-address/${sub}`, { headers: auth })).json();
    const res = await fetch('/api/product', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: t,
        description: `${t}: in good order, ready for a swap.`,
        category: 'Electronics',
        subCategory: 'Phones',
        condition: 'good',
        type: 'item',
        tags: ['swap'],
        addressId: address.data.address_id,
      }),
    });
    const body = await res.json();
    return { userId: sub as string, listingId: body.data.product_id as string };
  }, title);
}

/**
 * The photo shows (it loaded, not a broken image) from a short-lived signed URL, and the same
 * object without the signature is refused by storage: dispute photos are never public.
 */
async function privatePhotoShows(img: Locator) {
  await expect(img).toBeVisible();
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  const src = (await img.getAttribute('src'))!;
  expect(src).toMatch(/X-Amz-Signature=/);
  const unsigned = src.split('?')[0]!;
  expect((await fetch(unsigned)).status).toBe(403);
}

async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(`/proposal/${proposalId}`);
    await check();
  }).toPass({ timeout: 60_000, intervals: [500, 1_000, 2_000] });
}

test.beforeAll(() => {
  execFileSync(
    process.execPath,
    [
      'services/admin/dist/cli/create-admin.js',
      '--email',
      disputesAdmin.email,
      '--role',
      'staff',
      '--permissions',
      'disputes',
      '--password',
      disputesAdmin.password,
    ],
    { cwd: root, env: process.env, stdio: 'pipe' },
  );
});

test('two members trade: Alice offers her vase for Bob’s lamp and Bob accepts', async ({
  browser,
}) => {
  alicePage = await member(browser, alice, '3200 24th St');
  bobPage = await member(browser, bob, '1 Mission St');
  const mine = await listItem(alicePage, `Vase ${id}`.slice(0, 20));
  const theirs = await listItem(bobPage, `Lamp ${id}`.slice(0, 20));
  // The exchange service hears of the listings through events: retried until it knows them.
  await expect(async () => {
    const made = await alicePage.evaluate(
      async ({ to, want, give }) => {
        const token = localStorage.getItem('token')!;
        const res = await fetch('/api/exchange/proposal', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            receiverId: to,
            requestedProductIds: [want],
            offeredProductIds: [give],
            message: 'My vase for your lamp?',
          }),
        });
        return { status: res.status, body: await res.json() };
      },
      { to: theirs.userId, want: theirs.listingId, give: mine.listingId },
    );
    expect(made.status).toBe(201);
    proposalId = made.body.data.proposal_id;
  }).toPass({ timeout: 60_000, intervals: [1_000, 2_000] });

  await subscribe(bobPage);
  await reloadUntil(bobPage, async () => {
    await expect(bobPage.getByRole('button', { name: 'Accept' })).toBeVisible({ timeout: 5_000 });
  });
  await bobPage.getByRole('button', { name: 'Accept' }).click();
  await expect(bobPage.getByRole('button', { name: 'Mark shipped' })).toBeVisible();
});

test('Alice reports the lamp is not as described, with a photo; Bob contests', async () => {
  await reloadUntil(alicePage, async () => {
    await expect(alicePage.getByRole('button', { name: 'I have a problem' })).toBeVisible({
      timeout: 5_000,
    });
  });
  await alicePage.getByRole('button', { name: 'I have a problem' }).click();
  const form = alicePage.getByRole('form', { name: 'Report a problem' });
  await form.getByLabel('What went wrong?').selectOption('not_as_described');
  await form.getByLabel('What happened').fill('The lamp has a crack across its base.');
  await form
    .getByLabel(/Photos/)
    .setInputFiles([
      { name: 'crack.png', mimeType: 'image/png', buffer: png(320, 240, [90, 90, 90]) },
    ]);
  await form.getByRole('button', { name: 'Report the problem' }).click();
  await expect(
    alicePage.getByRole('heading', { name: 'Problem reported', exact: true }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await privatePhotoShows(alicePage.getByRole('img', { name: 'Photo 1 of the problem' }));
  await expect(alicePage.getByText('Problem reported', { exact: true }).first()).toBeVisible();

  await reloadUntil(bobPage, async () => {
    await expect(bobPage.getByRole('button', { name: 'Contest' })).toBeVisible({ timeout: 5_000 });
  });
  await expect(bobPage.getByText('The lamp has a crack across its base.').first()).toBeVisible();
  await privatePhotoShows(bobPage.getByRole('img', { name: 'Photo 1 of the problem' }));
  await bobPage.getByLabel('Your message').fill('It left here in perfect shape.');
  await bobPage.getByRole('button', { name: 'Contest' }).click();
  await expect(bobPage.getByText('Swapbooth is looking into it').first()).toBeVisible();
});

test('an admin with only the disputes area reads the dispute and resolves it for Alice', async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(disputesAdmin.email);
  await page.getByLabel('Password').fill(disputesAdmin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/disputes$/);
  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  await expect(nav.getByRole('link')).toHaveText(['Disputes']);

  const row = page.getByRole('row').filter({ hasText: proposalId });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await row.getByRole('button', { name: /Open dispute/ }).click();
  const dispute = page.getByRole('region', { name: 'Dispute' });
  await expect(dispute.getByText('The lamp has a crack across its base.').first()).toBeVisible();
  await expect(dispute.getByText(/It left here in perfect shape/)).toBeVisible();
  await privatePhotoShows(dispute.getByRole('img', { name: 'Photo 1' }));
  await expect(dispute.getByRole('heading', { name: 'Chat', exact: true })).toBeVisible();

  await dispute.getByRole('radio', { name: /who reported/ }).check();
  await dispute.getByLabel('Note to both members').fill(note);
  await dispute.getByRole('button', { name: 'Resolve the dispute' }).click();
  await expect(dispute.getByText(/Exchange cancelled, listings released/)).toBeVisible();

  await page.goto('/admin/audit');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('both members see the outcome with the admin’s note', async () => {
  for (const page of [alicePage, bobPage]) {
    await reloadUntil(page, async () => {
      await expect(
        page.getByText(/The exchange is cancelled and the listings are released/).first(),
      ).toBeVisible({
        timeout: 5_000,
      });
    });
    await expect(page.getByText(`Note from Swapbooth: ${note}`).first()).toBeVisible();
    await expect(page.getByText('Cancelled').first()).toBeVisible();
  }
});
