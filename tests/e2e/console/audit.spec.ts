import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { admin, expectAccessible, registerMember } from '../support';
import {
  bootstrapOperator,
  confirmedConsoleSessionToken,
  consoleAction,
  consoleSignInPage,
  snapWidths,
  uniqueOperatorEmail,
} from './support';

test('the audit log lists console and CLI actions with who, what and why; filters are a link; CSV export', async ({
  page,
  request,
}) => {
  const op = await bootstrapOperator(page, request, uniqueOperatorEmail('auditor'), 'admin');
  const hire = uniqueOperatorEmail('hire');
  // A console action by this admin…
  const token = await confirmedConsoleSessionToken(request, op);
  const added = await consoleAction(request, token, 'operatorAdd', {
    sEmail: hire,
    sRole: 'support',
    sReason: 'New support hire for the weekend shift',
  });
  expect(added.iErrorCode).toBe(0);
  // …and a CLI one on a member.
  const member = await registerMember(request);
  const note = `Asked about a missing reward ${Date.now().toString(36)}`;
  expect(admin('members', 'member', 'note', member.email, note)).toContain('Note added');

  await consoleSignInPage(page, op);
  await page.goto('/console/audit');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Audit log · Console/);
  const table = page.getByRole('table', { name: /Audit log entries/ });
  const hireRow = table.getByRole('row').filter({ hasText: hire });
  await expect(hireRow.getByRole('cell').nth(1)).toHaveText(`console:${op.email}`);
  await expect(hireRow.getByRole('cell').nth(2)).toHaveText('operator.add');
  await expect(hireRow.getByRole('cell').nth(4)).toHaveText('New support hire for the weekend shift');
  const noteRow = table.getByRole('row').filter({ hasText: note });
  await expect(noteRow.getByRole('cell').nth(1)).toHaveText(/^cli:/);
  await expect(noteRow.getByRole('cell').nth(2)).toHaveText('member.note');
  // The member by name, linked to their page.
  await expect(noteRow.getByRole('cell').nth(3).getByRole('link')).toHaveText(member.userName);
  await expectAccessible(page);
  await snapWidths(page, 'console-audit');

  // By operator: this admin's actions and own identity events, not the CLI's note.
  await page.getByLabel('Operator').fill(op.email);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`operator=${encodeURIComponent(op.email)}`));
  await expect(hireRow).toHaveCount(1);
  await expect(noteRow).toHaveCount(0);
  await expect(table.getByRole('cell', { name: /^self:/ }).first()).toBeVisible();
  for (const actor of await table.locator('tbody tr td:nth-child(2)').allInnerTexts()) {
    expect([`console:${op.email}`, `self:${op.email}`]).toContain(actor);
  }

  // By action (and member), from a shared link: the form shows the filters it opened with.
  const shared = `/console/audit?action=member.note&member=${encodeURIComponent(member.email)}`;
  await page.goto(shared);
  await expect(page.getByLabel('Action')).toHaveValue('member.note');
  await expect(page.getByLabel('Member')).toHaveValue(member.email);
  await expect(noteRow).toHaveCount(1);
  await expect(page.getByText('1 entry', { exact: true })).toBeVisible();
  for (const action of await table.locator('tbody tr td:nth-child(3)').allInnerTexts())
    expect(action).toBe('member.note');

  // The CSV holds the filtered rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv).toContain('member.note');
  expect(csv).toContain(note);
  expect(csv).not.toContain('operator.add');
  await expect(page.getByText('Exported 1 entry as CSV.')).toBeVisible();

  // Nothing matches: said plainly.
  await page.getByLabel('Action').fill('no.such.action');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No entries match these filters.')).toBeVisible();
});
