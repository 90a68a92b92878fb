import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  bootstrapOperator,
  consoleSignInPage,
  type Operator,
  snapWidths,
  uniqueOperatorEmail,
} from '../console/support';
import { admin, expectAccessible, registerMember, signInPage } from '../support';

/**
 * Issue 29, live operations in the console: maintenance and flags with what members will see,
 * game vars refused with the CLI's sentence, the curse-breaker, and a viewer who sees it all and
 * changes nothing. These flip global settings: the operator server, one after another, each put
 * back after its test.
 */
test.describe.configure({ mode: 'serial' });

let chief: Operator;
let watcher: Operator;

test.beforeAll(async ({ playwright }, info) => {
  const api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
  chief = await bootstrapOperator(null, api, uniqueOperatorEmail('liveadmin'), 'admin', 'operator');
  watcher = await bootstrapOperator(null, api, uniqueOperatorEmail('liveviewer'), 'viewer', 'operator');
  await api.dispose();
});

/** What a test changed, put back after it (each CLI run takes seconds: only what was touched). */
const putBack: string[][] = [];
test.afterEach(() => {
  for (const args of putBack.splice(0)) {
    try {
      admin('operator', ...args);
    } catch {
      // Already as it was (cursebreaker clear with nothing set).
    }
  }
});

/** A member signed in on /home in a browser context of their own (another person's tab). */
async function memberTab(browser: Browser, baseURL: string | undefined, request: Parameters<typeof registerMember>[0]) {
  const member = await registerMember(request);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInPage(page, member);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${member.userName}`);
  return { member, page, close: () => context.close() };
}

async function confirmWithReason(page: Page, button: string, reason: string) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: button }).click();
}

/** What `gamevars set` prints when it refuses (its first line; the usage follows). */
function cliRefusal(...args: string[]): string {
  try {
    admin('operator', ...args);
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '').split('\n')[0] ?? '';
  }
  throw new Error('the CLI accepted it');
}

test('an admin previews maintenance, applies it, and an open member tab goes to /maintenance', async ({
  page,
  browser,
  request,
}, info) => {
  putBack.push(['maintenance', 'off', '--message', '']);
  const member = await memberTab(browser, info.project.use.baseURL, request);
  await consoleSignInPage(page, chief);
  await page.goto('/console/live/settings');
  await expect(page).toHaveTitle(/Maintenance & flags · Console/);
  const preview = page.getByRole('region', { name: /What members (see now|will see)/ });
  await expect(preview).toContainText('The portal is open and members see no alert.');

  // A message while open: the alert members will get.
  await page.getByLabel('Message').fill('Down at 18:00 UTC for the ritual.');
  await expect(preview.getByRole('heading')).toHaveText('What members will see');
  await expect(preview).toContainText('Server Maintenance Alert');
  await expect(preview).toContainText('Down at 18:00 UTC for the ritual.');

  // In maintenance: the /maintenance page members will read, before anything is applied.
  await page.getByLabel('In maintenance').check();
  await page.getByLabel('Message').fill('The stars are being realigned.');
  await expect(preview).toContainText('The portal sleeps');
  await expect(preview).toContainText('The stars are being realigned.');
  await expect(page.getByTestId('maintenance-status')).toContainText('Maintenance is off');
  await expectAccessible(page);
  await snapWidths(page, 'console-live-settings-preview');

  await page.getByRole('button', { name: 'Review and apply…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Members notice this at once');
  await expect(dialog).toContainText('The stars are being realigned.');
  await confirmWithReason(page, 'Apply now', 'Database upgrade');
  await expect(page.getByText('Maintenance is ON: The stars are being realigned.')).toBeVisible();
  await expect(page.getByTestId('maintenance-status')).toContainText('Maintenance is on');

  // The member did nothing: their open tab goes to /maintenance with the message.
  await expect(member.page).toHaveURL(/\/maintenance$/, { timeout: 15_000 });
  await expect(member.page.getByText('The stars are being realigned.')).toBeVisible();
  await member.close();

  // The audit log says who, as the CLI would but for the actor.
  const audit = admin('operator', 'audit', '--action', 'maintenance.on');
  expect(audit).toContain(`console:${chief.email}`);
  expect(audit).toContain('Database upgrade');
});

test('an admin switches bRewardStore off and the member’s /rewardstore shows the preview', async ({
  page,
  browser,
  request,
}, info) => {
  putBack.push(['flags', 'set', 'bRewardStore', 'on']);
  const member = await memberTab(browser, info.project.use.baseURL, request);
  await consoleSignInPage(page, chief);
  await page.goto('/console/live/settings');
  const flag = page.locator('[data-flag="bRewardStore"]');
  await expect(flag).toContainText('On');
  await expect(flag).toContainText('/rewardstore shows the Reward Store Preview');
  await page.getByRole('button', { name: 'Switch bRewardStore off' }).click();
  await expect(page.getByRole('dialog')).toContainText(
    'Members notice this at once: /rewardstore shows the Reward Store Preview',
  );
  await confirmWithReason(page, 'Switch off', 'Restocking');
  await expect(flag).toContainText('Off');
  await expect(page.getByRole('button', { name: 'Switch bRewardStore on' })).toBeVisible();

  await member.page.goto('/rewardstore');
  await expect(member.page.getByRole('heading', { level: 1 })).toHaveText('Reward Store Preview');
  await member.close();
});

test('an admin sets a game var out of range and is refused with the CLI’s sentence', async ({ page }) => {
  const sentence = cliRefusal('gamevars', 'set', 'iChatBurst', 'int', '101');
  expect(sentence).toBe('iChatBurst must be 1…100.');
  await consoleSignInPage(page, chief);
  await page.goto('/console/live/game-vars');
  await expect(page).toHaveTitle(/Game vars · Console/);
  const row = page.getByRole('row').filter({ hasText: 'iChatBurst' });
  await expect(row).toContainText('int');
  await expect(row).toContainText('1…100');
  await expect(row).toContainText('chat');
  await expectAccessible(page);
  await snapWidths(page, 'console-live-gamevars');

  await page.getByRole('button', { name: 'Edit iChatBurst' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New value').fill('101');
  await expect(dialog.getByTestId('gamevar-diff')).toContainText('− 5');
  await expect(dialog.getByTestId('gamevar-diff')).toContainText('+ 101');
  await confirmWithReason(page, 'Save', 'Busier chat');
  await expect(dialog.getByText(sentence)).toBeVisible();
  await expectAccessible(page);
  await snapWidths(page, 'console-live-gamevar-refused');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toContainText('5');
});

test('an admin sets this week’s curse and clears it; its solves are listed', async ({ page }) => {
  putBack.push(['cursebreaker', 'clear']);
  await consoleSignInPage(page, chief);
  await page.goto('/console/live/curse');
  await expect(page).toHaveTitle(/Curse-breaker · Console/);
  await expect(page.getByText('Generated from the week’s name')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Broken by \d+ members?$/ })).toBeVisible();

  await page.getByRole('button', { name: 'Set the curse…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Answer', { exact: true }).fill('LAMPLIGHTER');
  await dialog.getByLabel('Title').fill('The Lamplighter’s Riddle');
  await confirmWithReason(page, 'Set curse', 'Event week');
  await expect(page.getByText('Set by an operator')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'The Lamplighter’s Riddle' })).toBeVisible();
  await expect(page.getByText('ODPSOLJKWHU')).toBeVisible();
  // Axe after the dialog's closing fade, not during it (its half-faded text fails contrast).
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectAccessible(page);
  await snapWidths(page, 'console-live-curse');

  await page.getByRole('button', { name: 'Back to the generated curse…' }).click();
  await confirmWithReason(page, 'Clear', 'Event over');
  await expect(page.getByText('Generated from the week’s name')).toBeVisible();
});

test('a viewer sees every live screen and no lever', async ({ page }) => {
  await consoleSignInPage(page, watcher);
  await page.goto('/console/live/settings');
  await expect(page.getByTestId('maintenance-status')).toContainText('Maintenance is off');
  await expect(page.locator('[data-flag="bChat"]')).toContainText('On');
  await expect(page.getByRole('region', { name: 'What members see now' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Switch|Review and apply/ })).toHaveCount(0);
  await expect(page.getByLabel('Message')).toHaveCount(0);
  await expectAccessible(page);
  await snapWidths(page, 'console-live-settings-viewer');

  await page.getByRole('link', { name: 'Game vars' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'iChatBurst' })).toContainText('1…100');
  await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);

  await page.getByRole('link', { name: 'Curse-breaker' }).click();
  await expect(page.getByText('Members read')).toBeVisible();
  await expect(page.getByRole('button', { name: /Set the curse|Back to the generated/ })).toHaveCount(0);
});
