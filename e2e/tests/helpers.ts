import { deflateSync } from 'node:zlib';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const MAILDEV_URL = process.env.MAILDEV_URL ?? 'http://127.0.0.1:1080';
export const SCREENSHOTS = path.resolve(__dirname, '..', 'screenshots');

/** A short unique suffix so every run makes its own members, stores and listings. */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

interface MailDevEmail {
  subject?: string;
  text?: string;
  html?: string;
  to?: { address: string }[];
  date?: string;
}

/** The newest 6-digit code MailDev received for an address. */
export async function readOtp(email: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(`${MAILDEV_URL}/email`);
    const mails = (await res.json()) as MailDevEmail[];
    const mine = mails
      .filter((m) => m.to?.some((t) => t.address.toLowerCase() === email.toLowerCase()))
      .sort((a, b) => String(b.date).localeCompare(String(a.date)));
    for (const m of mine) {
      const code = /\b(\d{6})\b/.exec(`${m.subject ?? ''} ${m.text ?? ''} ${m.html ?? ''}`)?.[1];
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no verification code for ${email} in MailDev`);
}

export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  zip: string;
}

/** Sign up, read the code in MailDev, verify, and create the profile with an address. */
export async function signUp(
  page: Page,
  m: Member,
  address: { street: string; city: string; state: string },
) {
  await page.goto('/authenticate?mode=signup');
  await page.getByLabel('E-mail').fill(m.email);
  await page.getByLabel('Password', { exact: true }).fill(m.password);
  await page.getByLabel('Confirm password').fill(m.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/otp-verification/);
  const code = await readOtp(m.email);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/create-profile/);
  await page.getByLabel('First name').fill(m.firstName);
  await page.getByLabel('Last name').fill(m.lastName);
  await page.getByLabel('Street address').fill(address.street);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('State').fill(address.state);
  await page.getByLabel('ZIP code').fill(m.zip);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page).toHaveURL(/\/$/);
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A real PNG (solid colour with a stripe) so the server's image checks and resizing accept it. */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const stripe = Math.abs(x - y) < width / 10;
      row.set(stripe ? [255, 255, 255] : rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Desktop (1280) and mobile (375) screenshots of the page as it is now. */
export async function snap(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-mobile.png`), fullPage: true });
  await page.setViewportSize(original);
}

/** No serious or critical axe violations on the page. */
export async function expectAccessible(page: Page, name: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${name}: ${v.id} (${v.impact}) ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
  expect(bad, bad.join('\n')).toEqual([]);
}

/** Subscribes the signed-in member to the monthly plan through the local payment sandbox. */
export async function subscribe(page: Page) {
  await page.goto('/subscription');
  await page
    .getByRole('article', { name: 'Monthly plan' })
    .getByRole('button', { name: 'Subscribe' })
    .click();
  await expect(page.getByText('Sandbox — no real payment')).toBeVisible();
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await expect(page.getByRole('heading', { name: 'You are subscribed' })).toBeVisible({
    timeout: 30_000,
  });
}

/** Opens a member's store from the create-store page, under a free name and username. */
export async function openStore(page: Page, name: string, username: string) {
  await page.goto('/create-store');
  await page.getByLabel('Store name').fill(name);
  await page.getByLabel('Username').fill(username);
  await expect(page.getByText('Available')).toHaveCount(2);
  await page.getByRole('button', { name: 'Create store' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-store/${username}$`));
}

/** Lists an item from My Store and answers its slug. */
export async function listItem(page: Page, title: string, colour: [number, number, number]) {
  await page.getByRole('button', { name: 'New listing' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description').fill(`${title}: in good order, ready for a swap.`);
  const category = page.getByLabel('Category');
  await expect(category.locator('option')).not.toHaveCount(1);
  await category.selectOption({ index: 1 });
  await page.getByLabel('Condition').selectOption('good');
  await page
    .getByTestId('listing-images')
    .setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: png(320, 240, colour) }]);
  await expect(page.getByText('Uploading…')).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Publish' }).click();
  // The toast of the listing before may still show beside this one's.
  await expect(page.getByText('Your listing is live').last()).toBeVisible();
  const row = page.locator('.owner-row', { hasText: title });
  await expect(row).toContainText('Published');
  return decodeURIComponent(
    (await row.getByRole('link').first().getAttribute('href'))!.replace('/listings/', ''),
  );
}
