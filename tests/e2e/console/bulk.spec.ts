import { expect, test } from '@playwright/test';
import { expectAccessible, registerMember, snap } from '../support';
import { bootstrapOperator, consoleSignInPage } from './support';

/**
 * Issue 38: bulk levers on the members list. A moderator selects two members and an admin found by
 * one search, mutes them with one reason: the two members are muted, the admin is refused with the
 * reason why (listed, not silently), and the audit log shows one entry per member in one batch.
 */
test('a moderator mutes several members at once; the one who outranks them is listed as refused', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const stamp = `bulk${Date.now().toString(36)}`;
  const a = await registerMember(request, { email: `${stamp}-a@example.com` });
  const b = await registerMember(request, { email: `${stamp}-b@example.com` });
  await bootstrapOperator(null, request, `${stamp}-boss@example.com`, 'admin');
  const moderator = await bootstrapOperator(null, request, `mod-${stamp}@example.com`, 'moderator');

  await consoleSignInPage(page, moderator);
  await page.goto(`/console/members?q=${stamp}`);
  const table = page.getByRole('region', { name: `Members matching “${stamp}”` });
  await expect(table.getByRole('row')).toHaveCount(4);
  await table.getByRole('checkbox', { name: `Select ${a.userName}` }).check();
  await table.getByRole('checkbox', { name: `Select ${b.userName}` }).check();
  await table.getByRole('checkbox', { name: /^Select bulk/ }).check();
  const bar = page.getByRole('region', { name: 'Selected members' });
  await expect(bar).toContainText('3 selected');
  await snap(page, 'console-members-bulk-1280');
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'console-members-bulk-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await bar.getByRole('button', { name: 'Mute' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mute: 3 members' });
  await dialog.getByLabel('1 hour').check();
  await dialog.getByLabel('Reason').fill('Raid on #general');
  await dialog.getByRole('button', { name: 'Mute' }).click();
  await expect(dialog).toBeHidden();
  const outcome = page.getByRole('status').filter({ hasText: '2 muted' });
  await expect(outcome).toContainText(a.userName);
  await expect(outcome).toContainText(b.userName);
  await expect(outcome.getByRole('list', { name: 'Refused' })).toContainText(/outranks|rank/i);
  await expect(bar).toHaveCount(0);

  // The audit log: one entry per member (and the refusal), each with the same batch, shown as one
  // row that opens to them.
  await page.goto('/console/audit');
  await expect(page.getByRole('heading', { level: 1, name: /Audit/ })).toBeVisible();
  const batch = page.getByRole('row').filter({ hasText: 'Raid on #general' });
  await expect(batch).toHaveCount(1);
  await expect(batch).toContainText('Bulk chat.mute');
  await batch.getByRole('button', { name: '3 members, 1 refused' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Raid on #general' })).toHaveCount(3);
  await snap(page, 'console-audit-batch-1280');
  // The action filter offers the log's action names (a list, not free text only).
  await expect(page.locator('#audit-actions option[value="chat.mute"]')).toHaveCount(1);
  await expect(page.locator('#audit-actions option[value="chat."]')).toHaveCount(1);
  await page.getByLabel('Action').fill('chat.mute');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/action=chat\.mute/);
});
