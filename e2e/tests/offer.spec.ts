import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, snap, unique, type Member, listItem } from './helpers';

/**
 * "Make an Offer" from each place a member starts one (a listing page, the seller's store page and
 * the exchange bag), for a seller who has a store, as every demo seller does: each offer names
 * the store, lists the seller's listings and reaches "Proposal Sent", and the seller can open it.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const seller: Member = {
  email: `sam-${id}@example.com`,
  password: 'swap-it-e2e-6',
  firstName: 'Sam',
  lastName: 'Seller',
  zip: '94110',
};
const buyer: Member = {
  email: `bea-${id}@example.com`,
  password: 'swap-it-e2e-7',
  firstName: 'Bea',
  lastName: 'Buyer',
  zip: '94103',
};
const storeName = `Sam Booth ${id}`;
const titles = ['Lamp', 'Chair', 'Radio'].map((t) => `${t} ${id}`.slice(0, 20));
const slugs: string[] = [];
let sellerPage: Page;
let buyerPage: Page;

async function member(browser: Browser, m: Member, street: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, m, { street, city: 'San Francisco', state: 'CA' });
  return page;
}

/**
 * On the offer page: it names the store and lists this listing of the seller's, already chosen or
 * chosen now; the buyer adds a deposit and sends. Answers the proposal's address.
 */
async function offerFor(page: Page, title: string, { preselected = false } = {}) {
  await expect(page).toHaveURL(/\/exchange-proposal\/[^/]+$/);
  await expect(page.getByRole('heading', { name: 'Make an Offer' })).toBeVisible();
  await expect(page.getByRole('link', { name: storeName })).toHaveAttribute(
    'href',
    /^\/store\/[^/]+$/,
  );
  for (const t of titles) {
    await expect(page.getByRole('checkbox', { name: new RegExp(t) })).toBeVisible();
  }
  const wanted = page.getByRole('checkbox', { name: new RegExp(title) });
  if (preselected) await expect(wanted).toBeChecked();
  else await wanted.check();
  await page.getByLabel('Deposit you add').fill('5');
  await page.getByRole('button', { name: 'Review Your Offer' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Offer' })).toBeVisible();
  await expect(page.getByText(storeName, { exact: true }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByRole('heading', { name: 'Proposal Sent' })).toBeVisible();
  return page.getByRole('link', { name: 'View proposal' }).getAttribute('href');
}

test('a seller opens a store and lists three items', async ({ browser }) => {
  sellerPage = await member(browser, seller, '3200 24th St');
  buyerPage = await member(browser, buyer, '1 Mission St');
  await sellerPage.goto('/create-store');
  await sellerPage.getByLabel('Store name').fill(storeName);
  await sellerPage.getByLabel('Username').fill(`sam_${id}`.slice(0, 30));
  await expect(sellerPage.getByText('Available')).toHaveCount(2);
  await sellerPage.getByRole('button', { name: 'Create store' }).click();
  await expect(sellerPage).toHaveURL(/\/my-store\//);
  const colours: [number, number, number][] = [
    [200, 60, 60],
    [60, 160, 60],
    [60, 60, 200],
  ];
  for (const [i, title] of titles.entries())
    slugs.push(await listItem(sellerPage, title, colours[i]!));
});

test('an offer started on a listing page reaches the seller', async () => {
  await buyerPage.goto(`/listings/${slugs[0]}`);
  await buyerPage.getByRole('link', { name: /Make an offer/i }).click();
  await snap(buyerPage, 'offer-from-listing');
  const proposal = await offerFor(buyerPage, titles[0]!);
  expect(proposal).toMatch(/^\/proposal\/[^/]+$/);

  // The seller is the receiver: the proposal opens for them with a receiver's answer.
  await sellerPage.goto(proposal!);
  await expect(sellerPage.getByRole('button', { name: 'Reject' })).toBeVisible();
});

test('an offer started on the seller’s store page reaches "Proposal Sent"', async () => {
  await buyerPage.goto(`/listings/${slugs[1]}`);
  await buyerPage.locator('.seller-block__name').click();
  await expect(buyerPage).toHaveURL(/\/store\/[^/]+$/);
  await expect(buyerPage.getByRole('heading', { name: storeName })).toBeVisible();
  await buyerPage.getByRole('link', { name: 'Make an Offer' }).click();
  await offerFor(buyerPage, titles[1]!);
});

test('an offer started from the bag reaches "Proposal Sent"', async () => {
  await buyerPage.goto(`/listings/${slugs[2]}`);
  await buyerPage.getByRole('button', { name: 'Add to bag' }).click();
  await expect(buyerPage.getByText('Added to your exchange bag')).toBeVisible();
  await buyerPage.goto('/exchange-bag');
  await buyerPage.getByRole('link', { name: `Make an Offer to ${storeName}` }).click();
  await offerFor(buyerPage, titles[2]!, { preselected: true });
});
