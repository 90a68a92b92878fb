import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support';
import {
  bootstrapOperator,
  consoleAction,
  consoleSessionToken,
  consoleSignInPage,
  dialogSettled,
  snapWidths,
  uniqueOperatorEmail,
} from './support';

/**
 * Issue 35, the operators' trust model in the browser: a moderator opens an admin's page (admin
 * ids are visible to every role) and tries to ban them; the console refuses it in the dialog with
 * a sentence, and the admin's console keeps working.
 */

test("a moderator's ban of an admin is refused with a sentence, and the admin's console keeps working", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const chief = await bootstrapOperator(null, request, uniqueOperatorEmail('chief'), 'admin');
  const moderator = await bootstrapOperator(null, request, uniqueOperatorEmail('mod'), 'moderator');

  // The admin signs in to the console.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await consoleSignInPage(adminPage, chief);
  await adminPage.goto('/console/members');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  const adminId = (
    await consoleAction<{ sUserId: string }>(request, await consoleSessionToken(request, chief), 'whoami')
  ).sUserId;

  // The moderator opens the admin's page and tries to ban them.
  const modContext = await browser.newContext();
  const page = await modContext.newPage();
  await consoleSignInPage(page, moderator);
  await page.goto(`/console/members/${adminId}`);
  await page.getByRole('button', { name: 'Ban', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Ban / });
  await dialog.getByLabel('Reason').fill('Locking the admins out');
  await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
  const refusal = dialog.getByText('That account belongs to an operator of your rank or higher', { exact: false });
  await expect(refusal).toBeVisible();
  await dialogSettled(dialog);
  await expectAccessible(page);
  await snapWidths(page, 'console-ban-admin-refused');

  // Nothing happened to the admin: their console still answers, and the page says not banned.
  await adminPage.reload();
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(adminPage).toHaveURL(/\/console\/members/);
  await adminPage.goto(`/console/members/${adminId}`);
  await expect(adminPage.getByRole('list', { name: 'Status' })).not.toContainText('Banned');
  await adminContext.close();
  await modContext.close();
});
