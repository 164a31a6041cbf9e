import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible, signUp, snap, unique, type Member } from './helpers';

/**
 * A trade circle in the browser: three members who never met each publish a listing and put
 * another's listing on their want list so the lists form a cycle (Ann wants Ben's, Ben wants
 * Cat's, Cat wants Ann's). Each is offered the same circle of three within seconds, sees only
 * what they give, what they receive and the circle's size, and accepts it; the circle then links
 * each of them to their two exchanges, three exchanges in all. Then a member with a booth asks to
 * organise math trades, an admin approves in the admin console, and the member solves a small
 * want-list file.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const root = path.resolve(__dirname, '..', '..');

interface Trader {
  member: Member;
  street: string;
  title: string;
  page?: Page;
  slug?: string;
  circleUrl?: string;
}

const trader = (name: string, street: string, thing: string, n: number): Trader => ({
  member: {
    email: `${name.toLowerCase()}-circle-${id}@example.com`,
    password: `swap-circle-e2e-${n}`,
    firstName: name,
    lastName: 'Circler',
    zip: '94110',
  },
  street,
  title: `${thing} ${id}`.slice(0, 20),
});

const ann = trader('Ann', '3200 24th St', 'Lantern', 1);
const ben = trader('Ben', '1 Mission St', 'Banjo', 2);
const cat = trader('Cat', '500 Castro St', 'Chess set', 3);
const traders = [ann, ben, cat];

/** Lists an item through the API the web app uses, with the member's own session; answers its slug. */
async function publish(page: Page, title: string): Promise<string> {
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
        description: `${t}: in good order, ready for a swap.`,
        category: 'Electronics',
        subCategory: 'Phones',
        condition: 'good',
        type: 'item',
        tags: ['circle'],
        addressId: address.data.address_id,
      }),
    });
    const body = await res.json();
    return {
      status: res.status,
      slug: body.data?.slug as string,
      productId: body.data?.product_id,
    };
  }, title);
  expect(made.status).toBe(201);
  return made.slug || made.productId;
}

/**
 * On the other member's listing page, adds it to the want list of my only listing. The exchange
 * service learns of new listings from events, so the first tries may be refused: try again.
 */
async function want(page: Page, slug: string, myTitle: string, theirTitle: string) {
  await expect(async () => {
    await page.goto(`/listings/${encodeURIComponent(slug)}`);
    const select = page.getByLabel('Add to my want list for');
    // It shows once my own listings are loaded, which a busy catalog may take seconds to answer.
    await expect(select).toBeVisible({ timeout: 20_000 });
    await select.selectOption({ label: myTitle });
    await page.getByRole('button', { name: 'Add to want list' }).click();
    // The page's own outcome line (a toast repeats it); a retry after a slow answer finds it there.
    const outcome = page.locator('.want-add__outcome');
    await expect(outcome).not.toBeEmpty({ timeout: 15_000 });
    expect([
      `Added ${theirTitle} to your want list for ${myTitle} (choice 1).`,
      `${theirTitle} is already on your want list for ${myTitle}.`,
    ]).toContain(await outcome.textContent());
  }).toPass({ timeout: 120_000, intervals: [1_000, 2_000, 3_000] });
}

async function member(browser: Browser, t: Trader): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, t.member, { street: t.street, city: 'San Francisco', state: 'CA' });
  return page;
}

test('three members sign up and each publishes a listing', async ({ browser }) => {
  for (const t of traders) {
    t.page = await member(browser, t);
    t.slug = await publish(t.page, t.title);
  }
});

test('their want lists form a cycle: Ann wants Ben’s, Ben wants Cat’s, Cat wants Ann’s', async () => {
  await want(ann.page!, ben.slug!, ann.title, ben.title);
  await want(ben.page!, cat.slug!, ben.title, cat.title);
  await want(cat.page!, ann.slug!, cat.title, ann.title);

  const page = ann.page!;
  await page.goto('/circles/wants');
  const list = page.getByRole('region', { name: new RegExp(`I would give my ${ann.title} for`) });
  await expect(list.getByRole('link', { name: ben.title })).toBeVisible();
  await snap(page, 'want-lists');
  await expectAccessible(page, 'want-lists');
});

test('each is offered the same circle of three within a minute, showing only their part', async () => {
  const ids = new Set<string>();
  for (const t of traders) {
    const page = t.page!;
    const link = page.getByRole('list', { name: 'My circles' }).getByRole('link').first();
    await expect(async () => {
      await page.goto('/circles');
      await expect(link).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
    await link.click();
    await expect(page).toHaveURL(/\/circles\/[^/]+$/);
    t.circleUrl = new URL(page.url()).pathname;
    ids.add(t.circleUrl);
    await expect(page.getByText('a circle of 3 members')).toBeVisible();
    await expect(page.locator('.circle-badge')).toContainText('Proposed');
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
    // Nobody else's identity: no member names or store links, only the two listings.
    await expect(page.locator('.circle-page')).not.toContainText('Circler');
    await expect(page.locator('.circle-page a[href^="/store/"]')).toHaveCount(0);
  }
  expect(ids.size).toBe(1);

  const [give, receive] = [
    ann.page!.getByRole('region', { name: 'You give' }),
    ann.page!.getByRole('region', { name: 'You receive' }),
  ];
  await expect(give.getByRole('link', { name: ann.title })).toBeVisible();
  await expect(receive.getByRole('link', { name: ben.title })).toBeVisible();
  await expect(
    ben.page!.getByRole('region', { name: 'You receive' }).getByRole('link', { name: cat.title }),
  ).toBeVisible();
  await expect(
    cat.page!.getByRole('region', { name: 'You receive' }).getByRole('link', { name: ann.title }),
  ).toBeVisible();
  await snap(ann.page!, 'circle-proposed');
  await expectAccessible(ann.page!, 'circle-proposed');
});

test('all three accept, and each sees the circle accepted with links to their two exchanges', async () => {
  for (const t of traders) {
    const page = t.page!;
    await page.goto(t.circleUrl!);
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  }

  const exchanges = new Set<string>();
  for (const t of traders) {
    const page = t.page!;
    await expect(async () => {
      await page.goto(t.circleUrl!);
      await expect(page.locator('.circle-badge')).toContainText('Accepted', { timeout: 3_000 });
      await expect(page.getByRole('link', { name: 'The exchange in which you give' })).toBeVisible({
        timeout: 3_000,
      });
    }).toPass({ timeout: 60_000, intervals: [1_000, 2_000, 3_000] });
    await expect(page.getByText('3 of 3 accepted.')).toBeVisible();
    const mine: string[] = [];
    for (const name of ['The exchange in which you give', 'The exchange in which you receive']) {
      const href = await page.getByRole('link', { name }).getAttribute('href');
      expect(href).toMatch(/^\/proposal\/[^/]+$/);
      mine.push(href!);
      exchanges.add(href!);
    }
    expect(new Set(mine).size).toBe(2);
    if (t === ann) {
      await snap(page, 'circle-accepted');
      await expectAccessible(page, 'circle-accepted');
    }
  }
  expect(exchanges.size).toBe(3);

  // A linked exchange says it is part of the circle and opens like any other trade.
  const page = ann.page!;
  await page.getByRole('link', { name: 'The exchange in which you give' }).click();
  await expect(page).toHaveURL(/\/proposal\/[^/]+$/);
  await expect(page.getByText('Part of a trade circle.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See the circle' })).toHaveAttribute(
    'href',
    ann.circleUrl!,
  );
});

test('a member with a booth asks to organise, an admin approves, and the member solves a file', async ({
  browser,
}) => {
  const admin = { email: `organisers-${id}@example.com`, password: `organisers-password-${id}` };
  execFileSync(
    process.execPath,
    [
      'services/admin/dist/cli/create-admin.js',
      ...['--email', admin.email, '--role', 'staff', '--permissions', 'users'],
      ...['--password', admin.password],
    ],
    { cwd: root, env: process.env, stdio: 'pipe' },
  );

  const page = ann.page!;
  const username = `ann_${id}`.slice(0, 30);
  await page.goto('/create-store');
  await page.getByLabel('Store name').fill(`Ann Games ${id}`);
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('Available')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-store/${username}$`));

  await page.goto('/circles/math-trades');
  await page.getByRole('button', { name: 'Ask to organise math trades' }).click();
  await expect(page.getByText(/An admin will review your request/)).toBeVisible();

  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/admin/login');
  await adminPage.getByLabel('Email').fill(admin.email);
  await adminPage.getByLabel('Password').fill(admin.password);
  await adminPage.getByRole('button', { name: 'Sign in' }).click();
  await adminPage
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Organisers' })
    .click();
  const row = adminPage.getByRole('row').filter({ hasText: `Ann Games ${id}` });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^Approve/ }).click();
  await expect(adminPage.getByText(/may now organise math trades/).first()).toBeVisible();
  await expectAccessible(adminPage, 'admin-organisers');

  await expect(async () => {
    await page.goto('/circles/math-trades');
    await expect(page.getByLabel('Want-list file')).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const file = [
    '#! REQUIRE-COLONS',
    '#! REQUIRE-USERNAMES',
    '(alice) 0001-LANTERN : 0002-BANJO 0003-CHESS',
    '(bob) 0002-BANJO : 0003-CHESS',
    '(carol) 0003-CHESS : 0001-LANTERN',
    '(dave) 0004-KITE : 0001-LANTERN',
    '',
  ].join('\n');
  await page.getByLabel('Name').fill(`Circle test ${id}`);
  await page
    .getByLabel('Want-list file')
    .setInputFiles({ name: 'wants.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Solve' }).click();
  const result = page.getByRole('region', { name: `Result: Circle test ${id}` });
  await expect(result.getByText('3 of 4 items trading (75.0%)').first()).toBeVisible();
  await expect(result.locator('pre')).toContainText('TRADE LOOPS');
  await snap(page, 'math-trade-result');
  await expectAccessible(page, 'math-trade-result');
});
