import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectAccessible,
  signUp,
  snap,
  subscribe,
  unique,
  type Member,
  listItem,
  openStore,
} from './helpers';

/**
 * The trade loop in the browser: two members who never met find each other's listings, agree a
 * trade over two rounds (an offer and a counter), mark both parcels shipped and delivered, and rate
 * each other; a visitor then sees the new hearts on the rated member's other listing card.
 * Bob first sees Alice's proposal locked (he has no subscription); he subscribes in the payment
 * sandbox and the same proposal opens with its details.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const alice: Member = {
  email: `alice-${id}@example.com`,
  password: 'swap-it-e2e-4',
  firstName: 'Alice',
  lastName: 'Trader',
  zip: '94110',
};
const bob: Member = {
  email: `bob-${id}@example.com`,
  password: 'swap-it-e2e-5',
  firstName: 'Bob',
  lastName: 'Swapper',
  zip: '94103',
};
const aliceItem = `Teapot ${id}`.slice(0, 20);
const bobItem = `Tent ${id}`.slice(0, 20);
const bobOther = `Kayak ${id}`.slice(0, 20);
let alicePage: Page;
let bobPage: Page;
let proposalUrl = '';

async function member(browser: Browser, m: Member, street: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, m, { street, city: 'San Francisco', state: 'CA' });
  return page;
}

/** The other member's move arrives when the page is opened again. */
async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(proposalUrl);
    await check();
  }).toPass({ timeout: 60_000, intervals: [500, 1_000, 2_000] });
}

let bobSlug = '';

test('two members sign up and list items', async ({ browser }) => {
  alicePage = await member(browser, alice, '3200 24th St');
  bobPage = await member(browser, bob, '1 Mission St');
  await openStore(alicePage, `Alice Booth ${id}`, `al_${id}`.slice(0, 30));
  await listItem(alicePage, aliceItem, [200, 60, 60]);
  await openStore(bobPage, `Bob Booth ${id}`, `bo_${id}`.slice(0, 30));
  bobSlug = await listItem(bobPage, bobItem, [60, 160, 60]);
  await listItem(bobPage, bobOther, [60, 60, 200]);
});

test('Alice bags Bob’s tent and sends an offer of her teapot from the bag', async () => {
  const page = alicePage;
  await page.goto(`/listings/${bobSlug}`);
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByText('Added to your exchange bag')).toBeVisible();
  await page.goto('/exchange-bag');
  await page
    .getByRole('link', { name: /Make an Offer/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Make an Offer' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(bobItem) })).toBeChecked();
  await page.getByRole('checkbox', { name: new RegExp(aliceItem) }).check();
  await page.getByLabel('Message').fill('My teapot for your tent?');
  await snap(page, 'make-an-offer');
  await expectAccessible(page, 'make-an-offer');
  await page.getByRole('button', { name: 'Review Your Offer' }).click();
  await expect(page.getByRole('heading', { name: 'Review Your Offer' })).toBeVisible();
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByRole('heading', { name: 'Proposal Sent' })).toBeVisible();
  await page.getByRole('link', { name: 'View proposal' }).click();
  await expect(page).toHaveURL(/\/proposal\/[^/]+$/);
  proposalUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('button', { name: 'Cancel proposal' })).toBeVisible();
});

test('Bob sees the proposal locked until he subscribes in the sandbox', async () => {
  await bobPage.goto(proposalUrl);
  await expect(bobPage.getByRole('link', { name: 'Subscribe' })).toBeVisible();
  await expect(bobPage.getByRole('button', { name: 'Reject' })).toBeVisible();
  await expect(bobPage.getByRole('button', { name: 'Counter' })).toHaveCount(0);
  await expect(bobPage.getByText('My teapot for your tent?')).toHaveCount(0);
  await snap(bobPage, 'proposal-locked');
  await subscribe(bobPage);
  await reloadUntil(bobPage, async () => {
    await expect(bobPage.getByRole('button', { name: 'Counter' })).toBeVisible({ timeout: 5_000 });
  });
});

test('Bob counters asking for a deposit; Alice accepts the second round', async () => {
  await expect(
    bobPage.getByRole('region', { name: 'Current terms' }).getByText('My teapot for your tent?'),
  ).toBeVisible();
  await bobPage.getByRole('button', { name: 'Counter' }).click();
  await expect(bobPage.getByRole('heading', { name: 'Counter offer' })).toBeVisible();
  await bobPage.getByLabel('Deposit they add').fill('5');
  await bobPage.getByRole('button', { name: 'Send counter offer' }).click();
  await expect(bobPage.getByRole('button', { name: 'Cancel proposal' })).toBeVisible();

  await reloadUntil(alicePage, async () => {
    await expect(alicePage.getByRole('button', { name: 'Accept' })).toBeVisible({
      timeout: 5_000,
    });
  });
  await alicePage.getByRole('button', { name: 'Accept' }).click();
  await expect(alicePage.getByRole('button', { name: 'Mark shipped' })).toBeVisible();
  await snap(alicePage, 'proposal-accepted');
  await expectAccessible(alicePage, 'proposal-accepted');
});

test('both parcels are shipped and delivered, and the trade is completed', async () => {
  await alicePage.getByLabel('Tracking note (optional)').fill('Parcel post 123');
  await alicePage.getByRole('button', { name: 'Mark shipped' }).click();
  await reloadUntil(bobPage, async () => {
    await expect(bobPage.getByRole('button', { name: 'Mark shipped' })).toBeVisible({
      timeout: 5_000,
    });
  });
  await bobPage.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(bobPage.getByRole('button', { name: 'Confirm delivery' })).toBeVisible();
  await bobPage.getByRole('button', { name: 'Confirm delivery' }).click();

  await reloadUntil(alicePage, async () => {
    await expect(alicePage.getByRole('button', { name: 'Confirm delivery' })).toBeVisible({
      timeout: 5_000,
    });
  });
  await alicePage.getByRole('button', { name: 'Confirm delivery' }).click();
  await expect(alicePage.getByRole('heading', { name: /^Rate Bob/ })).toBeVisible();
});

test('each rates the other once, and a visitor sees Bob’s hearts on his other listing', async ({
  browser,
}) => {
  await alicePage.getByRole('radio', { name: '4.5 hearts', exact: true }).check();
  await alicePage.getByLabel('Comment').fill('Tent as described, quick to ship.');
  await alicePage.getByRole('button', { name: 'Submit rating' }).click();
  await expect(
    alicePage.getByRole('region', { name: 'Ratings of this trade' }).getByText(/quick to ship/),
  ).toBeVisible();
  await snap(alicePage, 'proposal-completed');

  await reloadUntil(bobPage, async () => {
    await expect(bobPage.getByRole('heading', { name: /^Rate Alice/ })).toBeVisible({
      timeout: 5_000,
    });
  });
  await bobPage.getByRole('radio', { name: '5 hearts', exact: true }).check();
  await bobPage.getByRole('button', { name: 'Submit rating' }).click();
  await expect(bobPage.getByRole('region', { name: 'Ratings of this trade' })).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await expect(async () => {
    await visitor.goto(`/search?q=${encodeURIComponent(bobOther)}`);
    const card = visitor.getByTestId('product-card').filter({ hasText: bobOther });
    await expect(card).toBeVisible({ timeout: 5_000 });
    await expect(card.getByRole('img', { name: 'Rated 4.5 out of 5 from 1 review' })).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });

  // The traded tent left search; My trades lists the trade as done.
  await alicePage.goto('/my-account#trades');
  await alicePage.getByRole('tab', { name: 'Done' }).click();
  await expect(alicePage.getByRole('link', { name: /View proposal with Bob/ })).toBeVisible();
});
