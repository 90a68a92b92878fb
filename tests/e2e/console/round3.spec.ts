import { expect, type Page, test } from '@playwright/test';
import { admin, expectAccessible, logInThroughForm, registerMember, snap } from '../support';
import { expectNothingCutAtWidths } from './layout';
import {
  bootstrapOperator,
  consoleSignInPage,
  nextSecondFactor,
  type Operator,
  snapWidths,
  uniqueOperatorEmail,
} from './support';

/**
 * Issue 38, the console's round 3 on the members' server: the overview first, "Add operator" with
 * an operator's email asks before a role changes, a banned member reads why and until when, every
 * time names its zone (a UTC/local switch this browser remembers), and the screens that cut their
 * content at 1280 or 375 px hold it.
 */

let chief: Operator;
test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  chief = await bootstrapOperator(null, api, uniqueOperatorEmail('round3'), 'admin');
  await api.dispose();
});

async function confirmWithReason(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

test('the console opens on today’s figures, each leading to its screen', async ({ page }) => {
  await consoleSignInPage(page, chief);
  await page.goto('/console');
  await expect(page).toHaveURL(/\/console\/overview$/);
  await expect(page).toHaveTitle(/Overview · Console/);
  const today = page.getByRole('list', { name: 'Today' });
  for (const name of [
    'Sign-ups today',
    'Active members today',
    'Reports waiting',
    'Scheduled announcements',
    'Raffles',
    'Instances',
  ]) {
    await expect(today.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(today.locator('[data-figure="Instances"]')).toContainText(/\d+ of \d+ ready/);
  await expect(today.locator('[data-figure="Sign-ups today"]')).toContainText(
    /New members since \d{4}-\d\d-\d\d 00:00 UTC/,
  );
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'overview');
  await snapWidths(page, 'console-overview');
  await today
    .locator('[data-figure="Reports waiting"]')
    .getByRole('link', { name: /Moderation/ })
    .click();
  await expect(page).toHaveURL(/\/console\/moderation$/);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/console\/overview$/);
});

test('“Add operator” with an operator’s email shows who they are and changes the role only when asked', async ({
  page,
  request,
}) => {
  const helper = await bootstrapOperator(null, request, uniqueOperatorEmail('helper'), 'moderator');
  await consoleSignInPage(page, chief);
  await page.goto('/console/operators');
  await page.getByRole('button', { name: 'Add operator' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add an operator' });
  await dialog.getByLabel('Email').fill(helper.email);
  await dialog.getByLabel('Role').selectOption('viewer');
  const existing = dialog.getByTestId('existing-operator');
  await expect(existing).toContainText(`${helper.email} is already an operator: moderator, two-factor enrolled.`);
  await expect(existing).toContainText('Adding them again changes nothing and mails nothing.');
  await expect(dialog.getByRole('button', { name: 'Add and mail the link' })).toBeDisabled();
  await expectAccessible(page);
  await snapWidths(page, 'console-operator-exists');

  await existing.getByRole('button', { name: 'Change their role from moderator to viewer…' }).click();
  const role = page.getByRole('dialog', { name: `Change the role of ${helper.email}` });
  await expect(role).toContainText(`${helper.email} is moderator now`);
  await expect(role.getByLabel('Role')).toHaveValue('viewer');
  await confirmWithReason(page, 'Change role', 'Moving to read-only');
  // A role change needs a fresh confirmation of the console session (issue 35).
  const confirmation = page.getByRole('dialog', { name: 'Confirm it’s you' });
  await confirmation.getByLabel('Your password').fill(chief.password);
  await confirmation.getByLabel('Code from your authenticator app').fill(nextSecondFactor(chief).code);
  await confirmation.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${helper.email}: moderator → viewer.` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: helper.email });
  await expect(row).toContainText('viewer');
  await expectNothingCutAtWidths(page, 'operators');
});

test('a banned member reads on /login why and until when', async ({ page, request }) => {
  const member = await registerMember(request);
  admin('members', 'member', 'ban', member.userName, '--reason', 'Cheating at Monster Breaker', '--for', '7d');
  await page.goto('/login');
  await logInThroughForm(page, member.email, member.password);
  const refusal = page.getByText(/^This account is suspended\./);
  await expect(refusal).toHaveText(
    /^This account is suspended\. Reason: Cheating at Monster Breaker\. The suspension ends on \d{1,2} \w+ \d{4} at \d\d:\d\d \S+\.$/,
  );
  await expectAccessible(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await snap(page, `login-banned-${width}`);
  }
});

test.describe('from Los Angeles', () => {
  test.use({ timezoneId: 'America/Los_Angeles' });

  test('every console time names its zone; the UTC/local switch is remembered by this browser', async ({ page }) => {
    await consoleSignInPage(page, chief);
    await page.goto('/console/audit');
    const times = page.getByRole('table').first().locator('time');
    await expect(times.first()).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    await expect(page.getByRole('columnheader', { name: /local/ })).toHaveCount(0);
    await page.getByRole('group', { name: 'Times in' }).getByLabel('Local · PST').check();
    await expect(times.first()).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d PST$/);
    await page.reload();
    await expect(page.getByRole('table').first().locator('time').first()).toHaveText(/ PST$/);
    await page.goto('/console/overview');
    await expect(page.locator('[data-figure="Sign-ups today"]')).toContainText(/since \d{4}-\d\d-\d\d \d\d:00 PST/);
    await expectAccessible(page);
    await snapWidths(page, 'console-overview-local');
    await page.getByRole('group', { name: 'Times in' }).getByLabel('UTC').check();
    await expect(page.locator('[data-figure="Sign-ups today"]')).toContainText(/since \d{4}-\d\d-\d\d 00:00 UTC/);
  });
});

test('chat limits, status, the audit log and a member’s tabs hold their content at 1280 and 375 px', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await registerMember(request);
  await consoleSignInPage(page, chief);

  await page.goto('/console/live/chat');
  await expect(page.getByRole('heading', { name: 'Slow mode and rate limits' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(4);
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'live chat');
  await snapWidths(page, 'console-live-chat');

  await page.goto('/console/status');
  await expect(page.getByRole('table', { name: /Instances/ })).toBeVisible();
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'status');
  await snapWidths(page, 'console-status');

  await page.goto('/console/audit');
  await expect(page.getByRole('table').first().locator('tbody tr').first()).toBeVisible();
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'audit');
  await snapWidths(page, 'console-audit');

  await page.goto(`/console/members?q=${encodeURIComponent(member.email)}`);
  await page.getByRole('link', { name: member.userName }).click();
  const trail = page.getByRole('tab', { name: 'Audit trail', exact: true });
  await trail.click();
  await expect(trail).toHaveAttribute('aria-selected', 'true');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const box = await trail.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
  await expectNothingCutAtWidths(page, 'member');
  await snapWidths(page, 'console-member-tabs');
});
