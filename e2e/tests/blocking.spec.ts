import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, unique, type Member, listItem, openStore } from './helpers';

/**
 * Blocking a member: Alice blocks Bob from his store page; Bob's open proposal to her is cancelled,
 * and he can neither propose to her again nor write to her, meeting plain refusals that do not say
 * why; Alice unblocks him from My Account and he can propose again.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const alice: Member = {
  email: `alice-block-${id}@example.com`,
  password: 'swap-it-e2e-6',
  firstName: 'Alice',
  lastName: 'Blocker',
  zip: '94110',
};
const bob: Member = {
  email: `bob-block-${id}@example.com`,
  password: 'swap-it-e2e-7',
  firstName: 'Bob',
  lastName: 'Pest',
  zip: '94103',
};
const aliceStore = `Alice Books ${id}`;
const bobStore = `Bob Bikes ${id}`;
const aliceItem = `Atlas ${id}`.slice(0, 20);
const bobItem = `Bell ${id}`.slice(0, 20);
let alicePage: Page;
let bobPage: Page;
let aliceSlug = '';
let bobSlug = '';
let proposalPath = '';

async function member(browser: Browser, m: Member, street: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, m, { street, city: 'San Francisco', state: 'CA' });
  return page;
}

/** Bob starts an offer for Alice's listing (with a deposit) and reaches its review. */
async function reviewOffer(page: Page) {
  await page.goto(`/listings/${aliceSlug}`);
  await page.getByRole('link', { name: /Make an offer/i }).click();
  await expect(page).toHaveURL(/\/exchange-proposal\/[^/]+$/);
  const wanted = page.getByRole('checkbox', { name: new RegExp(aliceItem) });
  await wanted.check();
  await page.getByLabel('Deposit you add').fill('5');
  await page.getByRole('button', { name: 'Review Your Offer' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Offer' })).toBeVisible();
}

test('two members open a store with a listing each, and Bob proposes to Alice', async ({
  browser,
}) => {
  alicePage = await member(browser, alice, '3200 24th St');
  bobPage = await member(browser, bob, '1 Mission St');
  await openStore(alicePage, aliceStore, `alb_${id}`.slice(0, 30));
  aliceSlug = await listItem(alicePage, aliceItem, [200, 60, 60]);
  await openStore(bobPage, bobStore, `bob_${id}`.slice(0, 30));
  bobSlug = await listItem(bobPage, bobItem, [60, 60, 200]);

  await reviewOffer(bobPage);
  await bobPage.getByRole('button', { name: 'Send offer' }).click();
  await expect(bobPage.getByRole('heading', { name: 'Proposal Sent' })).toBeVisible();
  proposalPath = (await bobPage.getByRole('link', { name: 'View proposal' }).getAttribute('href'))!;
  expect(proposalPath).toMatch(/^\/proposal\/[^/]+$/);
});

test('Alice blocks Bob from his store page, and his open proposal is cancelled', async () => {
  await alicePage.goto(`/listings/${bobSlug}`);
  await alicePage.locator('.seller-block__name').click();
  await expect(alicePage).toHaveURL(/\/store\/[^/]+$/);
  await expect(alicePage.getByRole('heading', { name: bobStore })).toBeVisible();
  await alicePage.getByRole('button', { name: 'Block', exact: true }).click();
  const ask = alicePage.getByRole('dialog', { name: `Block ${bobStore}?` });
  await expect(ask).toContainText(`${bobStore} will not be told`);
  await ask.getByRole('button', { name: 'Block', exact: true }).click();
  await expect(alicePage.getByText(`You blocked ${bobStore}.`)).toBeVisible();
  await expect(alicePage.getByRole('button', { name: 'Unblock', exact: true })).toBeVisible();

  // The block ends the open proposal between them (exchange heard of the block).
  await expect(async () => {
    await bobPage.goto(proposalPath);
    await expect(bobPage.getByText('This proposal was cancelled.')).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
});

test('Bob can no longer propose to Alice nor write to her, and is not told why', async () => {
  await reviewOffer(bobPage);
  await bobPage.getByRole('button', { name: 'Send offer' }).click();
  await expect(
    bobPage
      .getByRole('alert')
      .filter({ hasText: 'You cannot send a proposal to this member' })
      .first(),
  ).toBeVisible();
  await expect(bobPage.getByRole('heading', { name: 'Proposal Sent' })).toHaveCount(0);

  const proposalId = proposalPath.split('/').pop()!;
  await bobPage.goto(`/messages?proposal=${proposalId}`);
  const log = bobPage.getByRole('log');
  await expect(log).toBeVisible();
  await bobPage.getByLabel('Message').fill('Why did you cancel?');
  await bobPage.getByRole('button', { name: 'Send' }).click();
  await expect(
    bobPage
      .getByRole('alert')
      .filter({ hasText: 'You cannot send messages in this conversation' })
      .first(),
  ).toBeVisible();
  await expect(log.getByText('Why did you cancel?')).toHaveCount(0);
  await expect(bobPage.getByText(/blocked/i)).toHaveCount(0);
});

test('Alice unblocks Bob from My Account, and he can propose again', async () => {
  await alicePage.goto('/my-account#settings');
  const section = alicePage.getByRole('region', { name: 'Blocked members' });
  const name = `${bob.firstName} ${bob.lastName}`;
  await expect(section.getByRole('link', { name })).toBeVisible();
  await section.getByRole('button', { name: 'Unblock' }).click();
  await expect(alicePage.getByText(`You unblocked ${name}.`)).toBeVisible();
  await expect(section.getByText('You have not blocked anyone.')).toBeVisible();

  // Once exchange hears of the unblock, his offer goes through.
  await reviewOffer(bobPage);
  await expect(async () => {
    await bobPage.getByRole('button', { name: 'Send offer' }).click();
    await expect(bobPage.getByRole('heading', { name: 'Proposal Sent' })).toBeVisible({
      timeout: 3_000,
    });
  }).toPass({ timeout: 30_000 });
});
