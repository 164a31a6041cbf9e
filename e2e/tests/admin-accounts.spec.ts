import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { MAILDEV_URL, unique } from './helpers';

/**
 * An executive manages the admins: gives a staff admin another area, disables it (its open
 * session stops at once), enables it again and has a one-time password-reset link e-mailed, which
 * the staff admin follows to choose a new password. The admins are created with the operator's CLI.
 */
test.describe.configure({ mode: 'serial' });

const id = unique();
const root = path.resolve(__dirname, '..', '..');
const executive = { email: `exec-${id}@example.com`, password: `exec-password-${id}` };
const staff = { email: `staff-${id}@example.com`, password: `staff-password-${id}` };
const newPassword = `new-staff-password-${id}`;

function createAdmin(email: string, password: string, role: string, permissions: string) {
  execFileSync(
    process.execPath,
    [
      'services/admin/dist/cli/create-admin.js',
      ...['--email', email, '--role', role, '--permissions', permissions, '--password', password],
    ],
    { cwd: root, env: process.env, stdio: 'pipe' },
  );
}

async function adminSignIn(browser: Browser, who: { email: string; password: string }) {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/** The reset link MailDev received for an address (polled: the e-mail goes through Kafka). */
async function resetLink(email: string): Promise<string> {
  let link: string | undefined;
  await expect(async () => {
    const mails = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as Array<{
      subject?: string;
      text?: string;
      to?: { address: string }[];
    }>;
    const mail = mails.find(
      (m) =>
        m.to?.some((t) => t.address.toLowerCase() === email) &&
        /admin password/.test(m.subject ?? ''),
    );
    link = /https?:\/\/\S+\/admin\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
  }).toPass({ timeout: 60_000, intervals: [500, 1_000, 2_000] });
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

let exec: Page;
const staffRow = () => exec.getByRole('row').filter({ hasText: staff.email });

test.beforeAll(() => {
  createAdmin(executive.email, executive.password, 'executive', '');
  createAdmin(staff.email, staff.password, 'staff', 'products');
});

test('the executive opens Admins and gives the staff admin the Reports area', async ({
  browser,
}) => {
  exec = await adminSignIn(browser, executive);
  await exec
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Admins' })
    .click();
  await expect(exec.getByRole('heading', { name: 'Admins' })).toBeVisible();
  await expect(staffRow()).toContainText('Products');
  await staffRow()
    .getByRole('button', { name: `Change access of ${staff.email}` })
    .click();
  const dialog = exec.getByRole('dialog');
  await dialog.getByLabel('Reports').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(staffRow()).toContainText('Products, Reports');
});

test('a disabled admin’s open session stops at once; enabled again, it signs in', async ({
  browser,
}) => {
  const page = await adminSignIn(browser, staff);
  await expect(page).toHaveURL(/\/admin\/products$/);
  await expect(page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link')).toHaveText([
    'Products',
    'Reports',
  ]);

  await staffRow()
    .getByRole('button', { name: `Disable ${staff.email}` })
    .click();
  await exec.getByRole('dialog').getByLabel('Reason (optional)').fill(`left the team (e2e ${id})`);
  await exec.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(staffRow()).toContainText('disabled');

  // The staff admin's next call is refused: a background refresh may already have taken the page
  // to sign-in before this click, which then finds no link and gives up.
  await page
    .getByRole('navigation', { name: 'Admin areas' })
    .getByRole('link', { name: 'Reports' })
    .click({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password').fill(staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This admin account is disabled')).toBeVisible();

  await staffRow()
    .getByRole('button', { name: `Enable ${staff.email}` })
    .click();
  await exec.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
  await expect(staffRow()).toContainText('active');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/products$/);
});

test('a one-time reset link e-mailed by the executive sets a new password once', async ({
  browser,
}) => {
  await staffRow()
    .getByRole('button', { name: `Send a password-reset link to ${staff.email}` })
    .click();
  await exec.getByRole('dialog').getByRole('button', { name: 'Send link' }).click();
  await expect(exec.getByText(`A reset link was sent to ${staff.email}`).first()).toBeVisible();

  const link = await resetLink(staff.email);
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('New password again').fill(newPassword);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(
    page.getByText('Your admin password is changed. Sign in with the new one.'),
  ).toBeVisible();

  // The link works once.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-2`);
  await page.getByLabel('New password again').fill(`${newPassword}-2`);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(/invalid, expired or already used/)).toBeVisible();

  const signedIn = await adminSignIn(browser, { email: staff.email, password: newPassword });
  await expect(signedIn).toHaveURL(/\/admin\/products$/);

  // Every step is in the audit log under the executive who took it.
  await exec.getByRole('link', { name: 'Audit log' }).click();
  for (const action of ['admin.access-set', 'admin.status-set', 'admin.password-reset-requested']) {
    await expect(
      exec
        .getByRole('row')
        .filter({ hasText: action })
        .filter({ hasText: executive.email })
        .first(),
    ).toBeVisible();
  }
});
