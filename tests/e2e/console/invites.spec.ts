import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, PASSWORD, uniqueEmail, uniqueUserName } from '../support';
import { bootstrapOperator, consoleSignInPage, snapWidths, uniqueOperatorEmail } from './support';

async function dialogConfirm(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Follows an invite link (/?sCode=) and registers through /register like a person; answers the username. */
async function registerWithCode(page: Page, code: string, email: string): Promise<string> {
  await page.goto(`/?sCode=${code}`);
  await expect(page).toHaveURL(new RegExp(`/register\\?sCode=${code}`));
  await expect(page.getByText(`Invite code ${code}`)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  const userName = uniqueUserName('inv');
  await page.getByLabel('Username').fill(userName);
  await expect(page.getByText('This name is free.')).toBeVisible();
  await page.getByRole('button', { name: 'Register' }).click();
  return userName;
}

// Issue 29. Creates its own codes and never switches invite-only: parallel-safe on the members server.
test('an admin creates a batch of invites, exports them, one registers a member, a revoked one is refused', async ({
  page,
  request,
  browser,
}) => {
  const op = await bootstrapOperator(page, request, uniqueOperatorEmail('invites'), 'admin');
  await consoleSignInPage(page, op);
  await page.goto('/console/live/invites');
  await expect(page).toHaveTitle(/Invites · Console/);
  await expect(page.getByText(/Invite-only is (on|off)/)).toBeVisible();

  // A batch of three codes, two uses each, expiring in a week.
  await page.getByRole('button', { name: 'Create invites' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create invite codes' });
  await dialog.getByLabel('Number of codes').fill('3');
  await dialog.getByLabel('Uses per code').fill('2');
  const inAWeek = new Date(Date.now() + 7 * 86_400_000 - new Date().getTimezoneOffset() * 60_000);
  await dialog.getByLabel('Expires').fill(inAWeek.toISOString().slice(0, 16));
  await expectAccessible(page);
  await snapWidths(page, 'console-invites-create');
  await dialogConfirm(page, 'Create', 'Launch party guests');
  const fresh = page.getByRole('list', { name: 'New invite codes' }).getByRole('listitem');
  await expect(fresh).toHaveCount(3);
  const codes = await fresh.allTextContents();
  const table = page.getByRole('table', { name: 'Invite codes, newest first' });
  for (const code of codes) await expect(table.getByRole('row').filter({ hasText: code })).toContainText('0 of 2');

  // The CSV export holds the batch.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^invites-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.split('\n')[0]).toBe('code,uses,max_uses,state,email,expires_at,used_by,created_at,created_by');
  for (const code of codes) expect(csv).toMatch(new RegExp(`^${code},0,2,usable,,`, 'm'));

  // Revoke the second code.
  const [first, second] = codes as [string, string];
  await page.getByRole('button', { name: `Revoke ${second}` }).click();
  await dialogConfirm(page, 'Revoke', 'Posted publicly');
  await expect(page.getByText(`Invite ${second} is revoked`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: second })).toContainText('Revoked');

  // A visitor registers with the first code; the revoked one is refused.
  const visitor = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const member = await visitor.newPage();
  const userName = await registerWithCode(member, first, uniqueEmail('invited'));
  await expect(member).toHaveURL(/\/verify$/);
  // The revoked code's link is not an invitation any more: it goes to /login, as an unknown code does.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const stranger = await other.newPage();
  await stranger.goto(`/?sCode=${second}`);
  await expect(stranger).toHaveURL(new RegExp(`/login\\?sCode=${second}$`));
  await visitor.close();
  await other.close();

  // The console shows who used the code.
  await page.reload();
  const used = table.getByRole('row').filter({ hasText: first });
  await expect(used).toContainText('1 of 2 (1 left)');
  await expect(used).toContainText(userName);
  await expectAccessible(page);
  await snapWidths(page, 'console-invites');
});
