import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp, snap, unique, type Member } from './helpers';

/**
 * A saved search's alert, live in two browsers: Ann saves a search for a kayak near her ZIP from
 * the results page; Ben, a few miles away, publishes a matching kayak; Ann's bell counts the alert
 * without a reload, names the listing, and opens it.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const word = `kayak${id}`;
const ann: Member = {
  email: `ann-saved-${id}@example.com`,
  password: 'swap-saved-e2e-1',
  firstName: 'Ann',
  lastName: 'Saver',
  zip: '94110',
};
const ben: Member = {
  email: `ben-saved-${id}@example.com`,
  password: 'swap-saved-e2e-2',
  firstName: 'Ben',
  lastName: 'Lister',
  zip: '94103',
};
const title = `Touring ${word}`.slice(0, 40);
let annPage: Page;
let benPage: Page;

async function member(browser: Browser, m: Member, street: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, m, { street, city: 'San Francisco', state: 'CA' });
  return page;
}

/** Lists an item through the API the web app uses, with the member's own session. */
async function publish(page: Page, listingTitle: string): Promise<string> {
  const made = await page.evaluate(async (t) => {
    const token = localStorage.getItem('token')!;
    const sub = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))).sub;
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const address = await (await fetch(`/api/default-address/${sub}`, { headers: auth })).json();
    const res = await fetch('/api/product', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        title: t,
        description: `${t}: sea kayak with paddle, ready for a swap.`,
        category: 'Electronics',
        subCategory: 'Phones',
        condition: 'good',
        type: 'item',
        tags: ['outdoors'],
        addressId: address.data.address_id,
      }),
    });
    const body = await res.json();
    return { status: res.status, slug: body.data?.slug as string };
  }, listingTitle);
  expect(made.status).toBe(201);
  return made.slug;
}

test.beforeAll(async ({ browser }) => {
  annPage = await member(browser, ann, '3200 24th St');
  benPage = await member(browser, ben, '1 Mission St');
});

test('Ann saves a search near her ZIP from the results page', async () => {
  await annPage.goto(`/search?q=${word}&searchZip=94110&radius=10`);
  await expect(
    annPage.getByRole('heading', { name: `Search Results for "${word}"` }),
  ).toBeVisible();
  await annPage.getByRole('button', { name: 'Save this search' }).click();
  const form = annPage.getByRole('form', { name: 'Save this search' });
  await form.getByLabel('Name').fill('Kayaks near home');
  await form.getByRole('button', { name: 'Save search' }).click();
  await expect(annPage.getByText('Search saved.')).toBeVisible();
  await annPage.goto('/my-account#saved-searches');
  await expect(annPage.getByTestId('saved-search')).toContainText('Kayaks near home');
  await expect(annPage.getByTestId('saved-search')).toContainText(`within 10 mi of 94110`);
});

test('Ben publishes a matching kayak: Ann’s bell shows the alert live, and it opens the listing', async () => {
  await annPage.goto('/');
  const bell = annPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const slug = await publish(benPage, title);

  // Well within the 10 s poll: the live stream brings it.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 8_000 });
  await bell.click();
  const alert = annPage.getByText(
    new RegExp(`"${title}".*matches your saved search "Kayaks near home"`),
  );
  await expect(alert).toBeVisible();
  await snap(annPage, 'saved-search-alert');
  await alert.click();
  await expect(annPage).toHaveURL(new RegExp(`/listings/${slug}$`));
  await expect(annPage.getByRole('heading', { name: title })).toBeVisible();

  // The saved search counts the match until Ann opens it.
  await annPage.goto('/my-account#saved-searches');
  const row = annPage.getByTestId('saved-search');
  await expect(row).toContainText('1 new match');
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(
    annPage.getByRole('heading', { name: `Search Results for "${word}"` }),
  ).toBeVisible();
  await expect(annPage.getByText(title.slice(0, 20)).first()).toBeVisible();
  await annPage.goto('/my-account#saved-searches');
  await expect(annPage.getByTestId('saved-search')).not.toContainText('new match');
});
