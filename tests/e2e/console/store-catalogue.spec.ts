import { expect, test } from '@playwright/test';
import { expectAccessible, grantPoints, registerMember, signInPage, uniqueEmail } from '../support';
import { bootstrapOperator, consoleSignInPage, dialogSettled, snapWidths } from './support';

/**
 * Issue 29: an admin adds a store item in the console (art picked from a template, the markdown
 * description previewed as members will see it), restocks it, a member buys it on /rewardstore,
 * and the console shows the sale. The item is this test's own: seeded items stay as they are.
 */

test('an admin adds and restocks a store item in the console; a member buys it and the console shows the sale', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const id = `e2e-lantern-${stamp}`;
  const name = `Lantern pack ${stamp}`;
  const op = await bootstrapOperator(null, request, uniqueEmail('store-op'), 'admin');
  const member = await registerMember(request);
  await grantPoints(request, 'members', member, 100);

  await consoleSignInPage(page, op);
  await page.goto('/console/live/store');
  await expect(page.getByRole('heading', { level: 1, name: 'Store catalogue' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Items \(\d+/ })).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).click();

  const editor = page.getByRole('form', { name: 'Add an item' });
  // Issue 38: one submit shows every field's problem at once.
  await editor.getByLabel('Kind').selectOption({ label: 'Ticket bundle' });
  await editor.getByLabel('Price (points)').fill('forty');
  await editor.getByLabel('Tickets per unit').fill('0');
  await editor.getByLabel('Stock', { exact: true }).fill('');
  await editor.getByRole('button', { name: 'Add item' }).click();
  await expect(editor.getByText('Give the item a name.')).toBeVisible();
  await expect(editor.getByText(/An id is 1–64/)).toBeVisible();
  await expect(editor.getByText('Enter a whole number, at least 0.')).toHaveCount(2);
  await expect(editor.getByText('Enter a whole number, at least 1.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await editor.getByLabel('Item id').fill(id);
  await editor.getByLabel('Kind').selectOption({ label: 'Ticket bundle' });
  await editor.getByLabel('Name', { exact: true }).fill(name);
  await editor.getByLabel('Price (points)').fill('40');
  await editor.getByLabel('Tickets per unit').fill('3');
  await editor.getByLabel('Stock', { exact: true }).fill('1');
  // The art is picked from the templates, by their picture and name.
  const art = editor.getByRole('group', { name: 'Art' });
  await art.getByRole('radio', { name: "The Lamplighter of R'lyeh" }).check();
  await expect(art.getByRole('radio', { name: "The Lamplighter of R'lyeh" })).toBeChecked();
  await editor
    .getByLabel('Description (markdown)')
    .fill('A **bright** pack for long nights. [Read the lore](https://example.com/lore)');
  const preview = editor.getByRole('region', { name: 'Description preview' });
  await expect(preview.locator('strong', { hasText: 'bright' })).toBeVisible();
  await expect(preview.getByRole('link', { name: 'Read the lore' })).toHaveAttribute('rel', 'noopener noreferrer');
  await editor.getByLabel('Description (markdown)').blur();
  await snapWidths(page, 'console-store-editor');
  await expectAccessible(page);

  await editor.getByRole('button', { name: 'Add item' }).click();
  const addDialog = page.getByRole('dialog', { name: `Add ${name}` });
  await dialogSettled(addDialog);
  await addDialog.getByLabel('Reason').fill('A pack for the lantern festival');
  await addDialog.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${name} (${id}).` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toContainText('Ticket bundle');
  await expect(row.getByRole('cell').nth(3)).toHaveText('1');

  await row.getByRole('button', { name: `Restock ${name}` }).click();
  const restock = page.getByRole('dialog', { name: `Restock ${name}` });
  await dialogSettled(restock);
  await restock.getByLabel('Units to add').fill('2');
  await restock.getByLabel('Reason').fill('More lanterns arrived');
  await restock.getByRole('button', { name: 'Restock' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${name}: 3 in stock.` })).toBeVisible();
  await expect(row.getByRole('cell').nth(3)).toHaveText('3');

  // The member buys it on /rewardstore.
  const shopper = await (await browser.newContext()).newPage();
  await signInPage(shopper, member);
  await shopper.goto('/rewardstore');
  const card = shopper.locator(`[data-store-item="${id}"]`);
  await expect(card).toContainText(name);
  await expect(card).toContainText('3 left');
  await card.click();
  const dialog = shopper.locator('dialog[data-state="open"]');
  await expect(dialog.locator('strong', { hasText: 'bright' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Buy for 40 points' }).click();
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(dialog.getByRole('heading', { name: 'Purchase complete' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(card).toContainText('2 left');

  // The console shows the sale: one sold, 40 points taken, 2 left.
  await page.reload();
  const sold = page.getByRole('row').filter({ hasText: id });
  await expect(sold.getByRole('cell').nth(3)).toHaveText('2');
  await expect(sold.getByRole('cell').nth(4)).toHaveText('1');
  await expect(sold.getByRole('cell').nth(5)).toHaveText('40');
  await snapWidths(page, 'console-store-catalogue');
  await expectAccessible(page);
});
