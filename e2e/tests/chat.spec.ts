import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  MAILDEV_URL,
  signUp,
  snap,
  subscribe,
  unique,
  type Member,
  listItem,
  openStore,
} from './helpers';

/**
 * Live in two browsers: Bob's bell moves the moment Alice's proposal arrives (no reload), and the
 * two chat about it on /messages, each seeing the other's message appear without reloading.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const alice: Member = {
  email: `alice-chat-${id}@example.com`,
  password: 'swap-it-e2e-6',
  firstName: 'Alice',
  lastName: 'Chatter',
  zip: '94110',
};
const bob: Member = {
  email: `bob-chat-${id}@example.com`,
  password: 'swap-it-e2e-7',
  firstName: 'Bob',
  lastName: 'Listener',
  zip: '94103',
};
const aliceItem = `Lamp ${id}`.slice(0, 20);
const bobItem = `Drum ${id}`.slice(0, 20);
let alicePage: Page;
let bobPage: Page;
let proposalId = '';

async function member(browser: Browser, m: Member, street: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, m, { street, city: 'San Francisco', state: 'CA' });
  return page;
}

let bobSlug = '';

test('two members sign up and list an item each', async ({ browser }) => {
  alicePage = await member(browser, alice, '3200 24th St');
  bobPage = await member(browser, bob, '1 Mission St');
  await openStore(alicePage, `Alice Lamps ${id}`, `alc_${id}`.slice(0, 30));
  await listItem(alicePage, aliceItem, [220, 180, 40]);
  await openStore(bobPage, `Bob Drums ${id}`, `boc_${id}`.slice(0, 30));
  bobSlug = await listItem(bobPage, bobItem, [40, 120, 200]);
});

test('Bob’s bell counts Alice’s proposal the moment it is sent, without a reload', async () => {
  await bobPage.goto('/');
  const bell = bobPage.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const page = alicePage;
  await page.goto(`/listings/${bobSlug}`);
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await expect(page.getByText('Added to your exchange bag')).toBeVisible();
  await page.goto('/exchange-bag');
  await page
    .getByRole('link', { name: /Make an Offer/ })
    .first()
    .click();
  await page.getByRole('checkbox', { name: new RegExp(aliceItem) }).check();
  await page.getByLabel('Message').fill('Would you swap your drum for my lamp?');
  await page.getByRole('button', { name: 'Review Your Offer' }).click();
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page.getByRole('heading', { name: 'Proposal Sent' })).toBeVisible();
  await page.getByRole('link', { name: 'View proposal' }).click();
  await expect(page).toHaveURL(/\/proposal\/[^/]+$/);
  proposalId = new URL(page.url()).pathname.split('/').pop()!;

  // Well within the 10 s poll: the live stream brings it.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 8_000 });
  await bell.click();
  // Bob has no subscription: the notification does not say who sent what (SPEC §6).
  await expect(
    bobPage.getByText('Someone sent a proposal for your listing/s. Subscribe to view details'),
  ).toBeVisible();
  await snap(bobPage, 'bell-live');

  // The proposal e-mail reaches Bob once, with the link to review it.
  const proposalMails = async () =>
    (
      (await (await fetch(`${MAILDEV_URL}/email`)).json()) as Array<{
        subject: string;
        text: string;
        to: { address: string }[];
      }>
    ).filter(
      (m) =>
        m.to.some((t) => t.address === bob.email) && m.subject.includes('New exchange proposal'),
    );
  await expect.poll(async () => (await proposalMails()).length, { timeout: 20_000 }).toBe(1);
  expect((await proposalMails())[0]!.text).toContain(`/proposal/${proposalId}/review/`);
});

test('the two chat on /messages and each sees the other’s message arrive', async () => {
  await alicePage.goto(`/messages?proposal=${proposalId}`);
  await bobPage.goto(`/messages?proposal=${proposalId}`);
  const aliceLog = alicePage.getByRole('log');
  await expect(aliceLog).toBeVisible();

  // Bob has no subscription yet: the conversation shows him neither Alice nor her words (SPEC §6).
  await alicePage.getByLabel('Message').fill('My number is 555-0100');
  await alicePage.getByRole('button', { name: 'Send' }).click();
  await expect(aliceLog.getByText('My number is 555-0100')).toBeVisible();
  await expect(bobPage.getByText('Chat with the sender opens with a subscription.')).toBeVisible();
  await bobPage.reload();
  await expect(bobPage.getByText('Chat with the sender opens with a subscription.')).toBeVisible();
  await expect(bobPage.getByText('My number is 555-0100')).toHaveCount(0);
  await expect(bobPage.getByText('Alice')).toHaveCount(0);
  await expect(bobPage.getByLabel('Message')).toHaveCount(0);

  // Subscribed, he reads the conversation and each sees the other's messages arrive live.
  await subscribe(bobPage);
  await bobPage.goto(`/messages?proposal=${proposalId}`);
  const bobLog = bobPage.getByRole('log');
  await expect(bobLog.getByText('My number is 555-0100')).toBeVisible({ timeout: 15_000 });

  await alicePage.getByLabel('Message').fill('Hi Bob! <b>Is the drum still available?</b>');
  await alicePage.getByRole('button', { name: 'Send' }).click();
  await expect(bobLog.getByText('Hi Bob! <b>Is the drum still available?</b>')).toBeVisible({
    timeout: 8_000,
  });

  await bobPage.getByLabel('Message').fill('It is. Tuesday works for me.');
  await bobPage.getByRole('button', { name: 'Send' }).click();
  await expect(aliceLog.getByText('It is. Tuesday works for me.')).toBeVisible({ timeout: 8_000 });
  await snap(alicePage, 'messages');

  // Each sees the conversation listed with the other member.
  await expect(
    alicePage.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: /Bob/ }),
  ).toBeVisible();
});
