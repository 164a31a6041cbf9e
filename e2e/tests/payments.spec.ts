import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, listItem, openStore, signUp, unique, type Member } from './helpers';

/**
 * Subscriptions and identity verification through the local payment sandbox (npm start runs it
 * when no Stripe key is set): the member pays on the sandbox's Checkout page and is subscribed once
 * the signed webhook confirmed it; they verify on its Identity page and the ID Verified badge
 * appears on their listing card.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const member: Member = {
  email: `payer-${id}@example.com`,
  password: 'swap-it-e2e-3',
  firstName: 'Petra',
  lastName: 'Payer',
  zip: '94110',
};
const title = `Kettle ${id}`.slice(0, 20);
const username = `pay_${id}`.slice(0, 30);
let page: Page;

test('a member subscribes on the sandbox Checkout page and is subscribed once it is confirmed', async ({
  browser,
}) => {
  page = await (await browser.newContext()).newPage();
  await signUp(page, member, { street: '3200 24th St', city: 'San Francisco', state: 'CA' });
  await page.goto('/subscription');
  await expect(page.getByText('Not subscribed')).toBeVisible();
  await expectAccessible(page, 'subscription');
  await page
    .getByRole('article', { name: 'Monthly plan' })
    .getByRole('button', { name: 'Subscribe' })
    .click();

  await expect(page).toHaveURL(/\/api\/stripe\/sandbox\/checkout\/cs_/);
  await expect(page.getByText('Sandbox — no real payment')).toBeVisible();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();

  await expect(page).toHaveURL(/\/subscription\/success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();

  await page.goto('/subscription');
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Your free trial ends on /)).toBeVisible();
});

test('the member cancels after confirming and keeps access until the period ends', async () => {
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(
    page.getByText(/^Cancelled: you keep access until .+\. It will not renew\.$/),
  ).toBeVisible();
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
});

test('the member lists an item', async () => {
  await openStore(page, `Pay Booth ${id}`, username);
  await listItem(page, title, [40, 90, 200]);
});

test('the member verifies their identity and the ID Verified badge appears on their card', async () => {
  await page.goto('/my-account#settings');
  await page.getByRole('button', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/api\/stripe\/sandbox\/identity\/vs_/);
  await expect(page.getByText('Sandbox — no real payment')).toBeVisible();
  await page.getByRole('button', { name: 'Submit document and selfie (verified)' }).click();

  await expect(page).toHaveURL(/\/verification-complete$/);
  await expect(page.getByText('Your identity is verified.')).toBeVisible();

  // Search hears of the verification through an event: look until the card has the badge.
  await expect(async () => {
    await page.goto(`/search?q=${encodeURIComponent(title)}`);
    const card = page.getByTestId('product-card').filter({ hasText: title });
    await expect(card).toBeVisible({ timeout: 5_000 });
    await expect(card.getByText('ID Verified')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
});
