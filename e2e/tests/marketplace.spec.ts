import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, png, signUp, snap, unique, type Member } from './helpers';

/**
 * The marketplace from end to end: a member signs up, opens a store and lists an item with two
 * images; the listing is found by text and by ZIP + radius; a second member likes it and bags it.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const seller: Member = {
  email: `seller-${id}@example.com`,
  password: 'swap-it-e2e-1',
  firstName: 'Sally',
  lastName: 'Seller',
  zip: '94110',
};
const buyer: Member = {
  email: `buyer-${id}@example.com`,
  password: 'swap-it-e2e-2',
  firstName: 'Bob',
  lastName: 'Buyer',
  zip: '94103',
};
const title = `Lamp ${id}`.slice(0, 20);
const username = `e2e_${id}`.slice(0, 30);
const storeName = `E2E Booth ${id}`;
let slug = '';
let sellerPage: Page;

/** Search results arrive through events: reload until the listing shows up. */
async function searchUntilFound(page: Page, url: string) {
  await expect(async () => {
    await page.goto(url);
    await expect(page.getByText('Searching...')).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000, intervals: [1_000, 2_000, 3_000] });
}

test('a member signs up, verifies the code from MailDev and creates a profile', async ({
  browser,
}) => {
  sellerPage = await (await browser.newContext()).newPage();
  await signUp(sellerPage, seller, { street: '3200 24th St', city: 'San Francisco', state: 'CA' });
  await expect(sellerPage.getByText('SAN FRANCISCO, CA, US')).toBeVisible();
});

test('the member opens a store with live availability checks', async () => {
  const page = sellerPage;
  await page.goto('/create-store');
  await page.getByLabel('Store name').fill(storeName);
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('Available')).toHaveCount(2);
  await page.getByLabel('Exchange interests').fill('Books');
  await page.keyboard.press('Enter');
  await page.getByLabel('Exchange interests').fill('Plants');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-store/${username}$`));
  await expect(page.getByRole('heading', { name: storeName })).toBeVisible();
});

test('the member lists an item with two images and picks the second as cover', async () => {
  const page = sellerPage;
  await page.getByRole('button', { name: 'New listing' }).click();
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Description')
    .fill('A warm brass desk lamp in good working order. Swap for books or plants.');
  const category = page.getByLabel('Category');
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel('Condition').selectOption('good');
  await page.getByTestId('listing-images').setInputFiles([
    { name: 'lamp-1.png', mimeType: 'image/png', buffer: png(320, 240, [196, 38, 80]) },
    { name: 'lamp-2.png', mimeType: 'image/png', buffer: png(320, 240, [255, 138, 61]) },
  ]);
  await expect(page.locator('.image-tile')).toHaveCount(2);
  await expect(page.getByText('Uploading…')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.image-tile__status--error')).toHaveCount(0);
  await page.getByRole('radio', { name: 'Cover' }).nth(1).check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Your listing is live')).toBeVisible();
  const row = page.locator('.owner-row', { hasText: title });
  await expect(row.getByText('Published')).toBeVisible();
  slug = decodeURIComponent(
    (await row.getByRole('link').getAttribute('href'))!.replace('/listings/', ''),
  );
  expect(slug).not.toBe('');
  await snap(page, 'my-store');
  await expectAccessible(page, 'my-store');
});

test('the listing page shows both images, with the chosen cover first', async () => {
  const page = sellerPage;
  await page.goto(`/listings/${slug}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByRole('button', { name: /Show image \d of 2/ })).toHaveCount(2);
  await expect(page.getByText(storeName).first()).toBeVisible();
});

test('the listing is found by text', async () => {
  const page = sellerPage;
  await searchUntilFound(page, `/search?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole('heading', { name: `Search Results for "${title}"` })).toBeVisible();
  await expect(
    page.getByText(/^Found \d+ results \(\d+ items, \d+ services\) - Page 1 of \d+$/),
  ).toBeVisible();
  await expect(page).toHaveTitle('Search Results | Swapbooth');
});

test('the listing is found by ZIP and radius, with its distance', async () => {
  const page = sellerPage;
  await searchUntilFound(page, `/search?q=${encodeURIComponent(title)}&searchZip=94103&radius=10`);
  await expect(page.getByText('Within 10 mi of 94103')).toBeVisible();
  const card = page.getByTestId('product-card').filter({ hasText: title });
  await expect(card.locator('.product-card__distance')).toHaveText(/^\d+(\.\d)? mi$/);
  await snap(page, 'search-results');
  await expectAccessible(page, 'search-results');
});

test('a second member likes the listing; it is in their wishlist and bag', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUp(page, buyer, { street: '1 Mission St', city: 'San Francisco', state: 'CA' });
  await page.goto(`/listings/${slug}`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const like = page.getByRole('button', { name: 'Add to wishlist' });
  await like.click();
  await expect(page.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByText('Added to your exchange bag')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Make an offer' })).toHaveAttribute(
    'href',
    /\/exchange-proposal\//,
  );
  await snap(page, 'listing-detail');
  await expectAccessible(page, 'listing-detail');

  await page.goto('/liked-products');
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await snap(page, 'wishlist');

  await page.getByRole('button', { name: /Exchange bag, 1 listings/ }).click();
  await expect(page.locator('.dropdown-card').getByText(title)).toBeVisible();
  await page.goto('/exchange-bag');
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.goto(`/store/${encodeURIComponent((await sellerId(page))!)}`);
  await expect(page.getByRole('heading', { name: storeName })).toBeVisible();
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await snap(page, 'store');

  await page.goto('/my-account#settings');
  await expect(page.getByRole('heading', { name: 'Addresses' })).toBeVisible();
  await snap(page, 'my-account');
  await expectAccessible(page, 'my-account');
  await context.close();
});

async function sellerId(page: Page): Promise<string | null> {
  await page.goto(`/listings/${slug}`);
  const href = await page.locator('.seller-block__name').getAttribute('href');
  return href ? decodeURIComponent(href.replace('/store/', '')) : null;
}
