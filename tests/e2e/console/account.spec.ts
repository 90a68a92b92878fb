import { expect, type Page, test } from '@playwright/test';
import { admin, expectAccessible, latestMail, snap } from '../support';
import { expectNothingCutAtWidths } from './layout';
import {
  bootstrapOperator,
  consoleAction,
  consoleSessionToken,
  consoleSignInPage,
  type Operator,
  snapWidths,
  uniqueOperatorEmail,
  welcomeLink,
} from './support';

const NEW_PASSWORD = 'a fresh operator pass phrase';

/** A second console session of `op`, signed in over HTTP with one of their backup codes (as from another browser). */
async function sessionWithBackupCode(page: Page, op: Operator, code: string): Promise<string> {
  const first = await page.request.post('/api/auth/sign-in/email', {
    data: { email: op.email, password: op.password },
  });
  const challenge = first.headers()['set-two-factor-token'] as string;
  const verified = await page.request.post('/api/auth/two-factor/verify-backup-code', {
    headers: {
      'x-two-factor-token': challenge,
      'x-console-sign-in': '1',
      'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0',
    },
    data: { code },
  });
  const token = verified.headers()['set-auth-token'];
  expect(token, await verified.text()).toBeTruthy();
  return token as string;
}

async function confirmItsYou(page: Page, op: Operator, code: string) {
  const confirmation = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await confirmation.getByLabel('Your password').fill(op.password);
  await confirmation.getByLabel('Code from your authenticator app').fill(code);
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
}

// Issue 38: an operator's own account. Parallel-safe on the members server (its own operators).
test('an operator ends another session of theirs, renews backup codes and changes the password, then signs in with it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const op = await bootstrapOperator(page, page.request, uniqueOperatorEmail('self'), 'viewer');
  await consoleSignInPage(page, op);
  const elsewhere = await sessionWithBackupCode(page, op, op.backupCodes[0] as string);

  // The operator's name in the header opens their account.
  await page.goto('/console/overview');
  await page.getByRole('link', { name: /Your account/ }).click();
  await expect(page).toHaveURL(/\/console\/account$/);
  await expect(page).toHaveTitle(/Your account · Console/);
  await expect(page.getByTestId('backup-codes-left')).toHaveText('9 of 10 backup codes left');
  const sessions = page.getByRole('table', { name: 'Your console sessions' });
  // Enrolment's session, this tab's and the other browser's (a header row first).
  await expect(sessions.getByRole('row')).toHaveCount(4);
  await expect(sessions.getByRole('row').filter({ hasText: '(this session)' })).toHaveCount(1);
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'account');
  await snapWidths(page, 'console-account');

  // End the other session: it no longer opens the console.
  await sessions.getByRole('button', { name: /End the session on Firefox/ }).click();
  await expect(page.getByText('The session on Firefox on Linux has ended.')).toBeVisible();
  await expect(sessions.getByRole('row')).toHaveCount(3);
  expect((await consoleAction(page.request, elsewhere, 'whoami')).iErrorCode).toBe(80);

  // New backup codes for the password: shown once, the count back at ten.
  await page.getByRole('button', { name: 'New backup codes' }).click();
  await page.getByLabel('Your password').fill('not my password');
  await page.getByRole('button', { name: 'Make new codes' }).click();
  await expect(page.getByText('That is not your current password.')).toBeVisible();
  await page.getByLabel('Your password').fill(op.password);
  await page.getByRole('button', { name: 'Make new codes' }).click();
  const fresh = page.getByRole('list', { name: 'New backup codes' }).getByRole('listitem');
  await expect(fresh).toHaveCount(10);
  const codes = (await fresh.allInnerTexts()).map((c) => c.trim());
  await expect(page.getByTestId('backup-codes-left')).toHaveText('10 of 10 backup codes left');
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'account with new codes');
  await snapWidths(page, 'console-account-codes');
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // The password: every field's problem at once, then the change.
  const card = page.getByRole('region', { name: 'Password' });
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText('Enter your current password.')).toBeVisible();
  await expect(card.getByText('Use at least 8 characters.')).toBeVisible();
  await card.getByLabel('Current password').fill(op.password);
  await card.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await card.getByLabel('New password again').fill(NEW_PASSWORD);
  await card.getByRole('button', { name: 'Change password' }).click();
  await expect(card.getByText(/Your password is changed\..*this one continues/)).toBeVisible();

  // Signed out, the new password and one of the new backup codes sign in.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/console\/sign-in$/);
  await page.getByLabel('Email').fill(op.email);
  await page.getByLabel('Password').fill(op.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('That email and password do not match.')).toBeVisible();
  await page.getByLabel('Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Use a backup code instead' }).click();
  await page.getByLabel('Backup code').fill(codes[0] as string);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/console\/overview$/);
  await page.goto('/console/account');
  await expect(page.getByTestId('backup-codes-left')).toHaveText('9 of 10 backup codes left');
});

test('an admin resends the welcome to an operator who never set a password; the new operator follows the mailed link', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const chief = await bootstrapOperator(page, request, uniqueOperatorEmail('chief'), 'admin');
  const hire = uniqueOperatorEmail('late');
  expect(admin('members', 'operator', 'add', hire, '--role', 'support')).toContain(`Created ${hire} as support`);
  const firstLink = await welcomeLink(request, hire);

  await consoleSignInPage(page, chief);
  await page.goto('/console/operators');
  const table = page.getByRole('table', { name: /^Operators/ });
  const row = table.getByRole('row').filter({ hasText: hire });
  await expect(row).toContainText('Never (no password yet)');
  await expect(table.getByRole('row').filter({ hasText: chief.email })).not.toContainText('Never');
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: chief.email })
      .getByRole('button', { name: /Resend/ }),
  ).toHaveCount(0);
  await expectNothingCutAtWidths(page, 'operators');
  await snapWidths(page, 'console-operators-last-sign-in');

  await row.getByRole('button', { name: `Resend welcome to ${hire}` }).click();
  const dialog = page.getByRole('dialog', { name: `Resend the welcome to ${hire}` });
  await dialog.getByLabel('Reason').fill('The first mail went to spam');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Mail a new link' }).click();
  // The chief's enrolment and sign-in spent two TOTP codes in this minute: a backup code confirms
  // (a third TOTP code is not always there until the next 30 s step).
  await confirmItsYou(page, chief, chief.backupCodes[9] as string);
  await expect(
    page.getByText(`A new link to set the password and enrol two-factor was mailed to ${hire}.`),
  ).toBeVisible();

  // The new link works (the first no longer does): the newcomer sets a password and reaches enrolment.
  const mail = await latestMail(request, hire, /operator console/i);
  const link = mail.links.find((l) => l.includes('/console/welcome')) as string;
  const url = new URL(link);
  expect(url.pathname + url.search).not.toBe(firstLink);
  const newcomer = await page.context().browser()?.newContext({ baseURL: test.info().project.use.baseURL });
  const tab = await (newcomer as NonNullable<typeof newcomer>).newPage();
  await tab.goto(url.pathname + url.search);
  await tab.getByLabel('Email').fill(hire);
  await tab.getByLabel('New password').fill(NEW_PASSWORD);
  await tab.getByLabel('Repeat the password').fill(NEW_PASSWORD);
  await tab.getByRole('button', { name: 'Set password' }).click();
  await expect(tab.getByRole('heading', { name: 'Set up your authenticator' })).toBeVisible();
  await newcomer?.close();

  // Signed in once, the welcome is not offered again.
  await page.reload();
  await expect(
    table
      .getByRole('row')
      .filter({ hasText: hire })
      .getByRole('button', { name: /Resend/ }),
  ).toHaveCount(0);
});

test('an admin revokes several invite codes at once, and the audit log shows the batch as one row', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const op = await bootstrapOperator(page, request, uniqueOperatorEmail('revoker'), 'admin');
  const token = await consoleSessionToken(request, op);
  const made = await consoleAction<{ aCodes: string[] }>(request, token, 'inviteCreate', {
    iCount: 3,
    iMaxUses: 1,
    sEmail: '',
    iExpiresAt: 0,
    sReason: 'Bulk revoke test',
  });
  expect(made.iErrorCode).toBe(0);
  const [a, b, c] = made.aCodes as [string, string, string];

  await consoleSignInPage(page, op);
  await page.goto('/console/live/invites');
  const table = page.getByRole('table', { name: 'Invite codes, newest first' });
  await table.getByRole('checkbox', { name: `Select ${a}` }).check();
  await table.getByRole('checkbox', { name: `Select ${b}` }).check();
  const bar = page.getByRole('region', { name: 'Selected invite codes' });
  await expect(bar).toContainText('2 codes selected');
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'invites with a selection');
  await snapWidths(page, 'console-invites-bulk');
  await bar.getByRole('button', { name: 'Revoke selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke 2 invite codes' });
  await dialog.getByLabel('Reason').fill('Leaked on a forum');
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: '2 revoked' })).toContainText(`${a}`);
  for (const code of [a, b]) await expect(table.getByRole('row').filter({ hasText: code })).toContainText('Revoked');
  await expect(table.getByRole('row').filter({ hasText: c })).toContainText('Usable');
  await expect(bar).toHaveCount(0);

  // The audit log: the batch is one row ("Bulk invite.revoke · 2 codes · reason") that opens to its entries.
  await page.goto('/console/audit?action=invite.revoke');
  const audit = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const batch = audit.getByRole('row').filter({ hasText: 'Leaked on a forum' });
  await expect(batch).toHaveCount(1);
  await expect(batch).toContainText('Bulk invite.revoke');
  const opener = batch.getByRole('button', { name: /2 codes/ });
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
  await opener.click();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(audit.getByRole('row').filter({ hasText: `code: ${a}` })).toHaveCount(1);
  await expect(audit.getByRole('row').filter({ hasText: `code: ${b}` })).toHaveCount(1);
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'audit with a batch');
  await snapWidths(page, 'console-audit-batch-grouped');

  // A batch cut by a page's edge is read whole through its link: the batch's id and its days.
  await batch.getByRole('link', { name: /Only this batch/ }).click();
  await expect(page).toHaveURL(/batch=[0-9a-f-]{36}/);
  await expect(page.getByText(/Showing one bulk batch/)).toBeVisible();
  await expect(page.getByText('2 entries', { exact: true })).toBeVisible();
  await expect(audit.getByRole('row').filter({ hasText: 'Leaked on a forum' })).toHaveCount(2);
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'audit of one batch');
  await snap(page, 'console-audit-one-batch-1280');
  await page.getByRole('link', { name: 'Show every entry' }).click();
  await expect(page).not.toHaveURL(/batch=/);
});
