import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { admin, expectAccessible, registerMember } from '../support';
import {
  bootstrapOperator,
  consoleSignInPage,
  freshTotp,
  OPERATOR_PASSWORD,
  snapWidths,
  uniqueOperatorEmail,
  welcomeLink,
} from './support';

/** The console's sign-in form, like a person: email and password. */
async function passwordStep(page: Page, email: string, password = OPERATOR_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await expect(page.getByText('You signed out of the console.')).toBeVisible();
}

test('an admin bootstrapped from the CLI sets a password, enrols TOTP, and signs in with a code or a backup code', async ({
  page,
  request,
}) => {
  const email = uniqueOperatorEmail('admin');
  expect(admin('members', 'operator', 'add', email, '--role', 'admin')).toContain(`Created ${email} as admin`);
  const link = await welcomeLink(request, email);

  // The mailed link: choose a password (the form asks for the invited email).
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Welcome to the console' })).toBeVisible();
  await expect(page).toHaveTitle(/Welcome · Console/);
  await expectAccessible(page);
  await snapWidths(page, 'console-welcome');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Enter the email the invitation was sent to.')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('New password').fill(OPERATOR_PASSWORD);
  await page.getByLabel('Repeat the password').fill(`${OPERATOR_PASSWORD}!`);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('The two passwords differ.')).toBeVisible();
  await page.getByLabel('Repeat the password').fill(OPERATOR_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();

  // Enrolment: a QR code and its key; the first code from the "app" (computed here) confirms it.
  await expect(page.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expectAccessible(page);
  await snapWidths(page, 'console-enrol');
  await page.getByLabel('Code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await page.getByLabel('Code from the app').fill(freshTotp(secret));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();

  // The backup codes, once: downloaded as a text file.
  await expect(page.getByRole('heading', { name: 'Save your backup codes' })).toBeVisible();
  const codes = (await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()).map(
    (c) => c.trim(),
  );
  expect(codes).toHaveLength(10);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('console-backup-codes.txt');
  const saved = readFileSync((await download.path()) as string, 'utf8');
  for (const code of codes) expect(saved).toContain(code);
  await expectAccessible(page);
  await snapWidths(page, 'console-backup-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // In: the chrome names the operator and role; an admin sees Operators.
  await expect(page).toHaveURL(/\/console\/overview$/);
  const header = page.getByRole('banner');
  await expect(header.getByText(email)).toBeVisible();
  await expect(header.getByText('admin', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }),
  ).toBeVisible();
  await signOut(page);
  await expectAccessible(page);
  await snapWidths(page, 'console-sign-in');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('New password').fill('another pass phrase');
  await page.getByLabel('Repeat the password').fill('another pass phrase');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText(/This link has expired or was already used\. Ask an admin/)).toBeVisible();

  // Sign in: a wrong password, then the right one and a TOTP code.
  await page.goto('/console/sign-in');
  await passwordStep(page, email, 'not the password');
  await expect(page.getByText('That email and password do not match.')).toBeVisible();
  await passwordStep(page, email);
  await expect(page.getByLabel('Authenticator code')).toBeVisible();
  await expectAccessible(page);
  await snapWidths(page, 'console-sign-in-code');
  await page.getByLabel('Authenticator code').fill(freshTotp(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/console\/overview$/);
  await signOut(page);

  // A backup code works once.
  for (const attempt of ['first', 'second']) {
    await passwordStep(page, email);
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(codes[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    if (attempt === 'first') {
      await expect(page).toHaveURL(/\/console\/overview$/);
      await signOut(page);
    }
  }
  await expect(page.getByText(/That backup code is not right, or it was used already/)).toBeVisible();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
});

test("a member's account is refused by the console", async ({ page, request }) => {
  const member = await registerMember(request);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await passwordStep(page, member.email, member.password);
  await expect(page.getByText(/This account is not an operator/)).toBeVisible();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
});

test('a console session the server no longer knows sends the operator to sign in, with the reason', async ({
  page,
  request,
}) => {
  const op = await bootstrapOperator(page, request, uniqueOperatorEmail('viewer'), 'viewer');
  await consoleSignInPage(page, op);
  await page.goto('/console/audit');
  await expect(page.getByRole('banner').getByText(op.email)).toBeVisible();
  // A viewer holds no operator:manage: no Operators in the nav.
  await expect(
    page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' })).toHaveCount(
    0,
  );

  // The session ends on the server's side (timed out, ended elsewhere): the next call says so.
  await page.evaluate(() => window.sessionStorage.setItem('console.token', 'a-session-that-ended'));
  await page.reload();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await expect(page.getByText('Please sign in to the console as an operator.')).toBeVisible();

  // No token at all: straight to sign-in.
  await page.evaluate(() => window.sessionStorage.removeItem('console.token'));
  await page.goto('/console/operators');
  await expect(page).toHaveURL(/\/console\/sign-in$/);
});
