import { expect, type Page, test } from '@playwright/test';
import {
  expectAccessible,
  logInThroughForm,
  popupAcknowledged,
  registerMember,
  rewardPopupsSettled,
  signInPage,
  snap,
  uniqueEmail,
} from '../support';
import { bootstrapOperator, consoleSignInPage, dialogSettled } from './support';

/**
 * The console's member side (issue 27), clicked through like an operator: find a member by a
 * prefix of their email, grant points with a reason and see it in the member's own tab, ban a
 * member whose chat is open (signed out, socket closed), unban, and read it all in the audit tab.
 */

const dialogNamed = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

test('an operator finds a member, grants points, bans and unbans them; the audit tab tells who, what and why', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const member = await registerMember(request);
  const memberContext = await browser.newContext();
  const home = await memberContext.newPage();
  await signInPage(home, member);
  await home.goto('/home');
  await expect(home.getByRole('heading', { level: 1, name: `Welcome, ${member.userName}` })).toBeVisible();
  const pointsCard = home.getByText('Points', { exact: true }).locator('..');
  const before = Number((await pointsCard.locator('span').last().textContent()) ?? 'NaN');
  expect(before).toBeGreaterThanOrEqual(0);

  const op = await bootstrapOperator(null, request, uniqueEmail('admin-op'), 'admin');
  const consoleContext = await browser.newContext();
  const page = await consoleContext.newPage();
  await consoleSignInPage(page, op);
  await page.goto('/console/members');
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expectAccessible(page);

  // `/` focuses the search; Enter searches a prefix of the member's email.
  await page.locator('body').click();
  await page.keyboard.press('/');
  const box = page.getByRole('searchbox', { name: 'Find a member' });
  await expect(box).toBeFocused();
  const prefix = member.email.slice(0, member.email.indexOf('@') - 2);
  await page.keyboard.type(prefix);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(prefix)}`));
  const row = page.getByRole('row').filter({ hasText: member.email });
  await expect(row).toContainText(member.userName);
  await expect(row).toContainText('Yes');
  await snap(page, 'console-members-1280');
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'console-members-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('link', { name: member.userName }).click();
  await expect(page.getByRole('heading', { level: 1, name: member.userName })).toBeVisible();
  await expect(page.getByText(member.email).first()).toBeVisible();
  await expect(page.getByTestId('member-points')).toHaveText(before.toLocaleString('en'));
  await snap(page, 'console-member-profile-1280');
  await expectAccessible(page);

  // Tabs follow the arrow keys.
  await page.getByRole('tab', { name: 'Profile' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Referred' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'Referred' })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Sessions' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Sessions' }).getByRole('row')).toHaveCount(2);
  await snap(page, 'console-member-sessions-1280');
  await expectAccessible(page);

  // Grant 100 points: a double click on Grant grants once (one key per opening of the dialog).
  const grantButton = page.getByRole('button', { name: 'Grant or take back' });
  await grantButton.click();
  const grant = dialogNamed(page, `Grant or take back: ${member.userName}`);
  await grant.getByLabel('How many points to grant').fill('100');
  await grant.getByLabel('Reason').fill('Compensation for the outage');
  await snap(page, 'console-dialog-grant-1280');
  await expectAccessible(page);
  await grant.getByRole('button', { name: 'Grant', exact: true }).dblclick();
  await expect(page.getByRole('status').filter({ hasText: `+100 points for ${member.userName}` })).toBeVisible();
  await expect(grant).toBeHidden();
  await expect(grantButton).toBeFocused();
  await expect(page.getByTestId('member-points')).toHaveText((before + 100).toLocaleString('en'));
  await openTab(page, 'Statement');
  const statement = page.getByRole('table', { name: 'Statement' });
  await expect(statement.getByRole('row').nth(1)).toContainText('Compensation for the outage');
  await expect(statement.getByRole('row').nth(1)).toContainText('+100 points');
  await expect(statement.getByRole('row').filter({ hasText: 'Compensation for the outage' })).toHaveCount(1);
  await snap(page, 'console-member-statement-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'console-member-statement-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The member's open tab hears of the gift at once: its popup with the reason, and the new balance.
  const gift = home.getByRole('dialog', { name: 'A gift from the team' });
  await expect(gift).toBeVisible({ timeout: 20_000 });
  await expect(gift).toContainText('You received 100 points: Compensation for the outage');
  const acked = popupAcknowledged(home);
  await gift.getByRole('button').first().click();
  await acked;
  await expect(gift).toBeHidden();
  await expect(home.getByText('Points', { exact: true }).locator('..')).toContainText(String(before + 100));
  // Once: a reload shows no popup again.
  await home.reload();
  await expect(home.getByRole('heading', { level: 1, name: `Welcome, ${member.userName}` })).toBeVisible();
  await rewardPopupsSettled(home);
  await expect(gift).toHaveCount(0);
  await home.goto('/rewardstore?tab=history');
  const history = home.locator('tbody tr').first();
  await expect(history).toContainText('Compensation for the outage');
  await expect(history).toContainText('+100 points');

  // Ban the member while their chat is open: the tab is signed out and its socket closes.
  let socketClosed = false;
  home.on('websocket', (socket) => {
    if (socket.url().includes('/api/chat')) socket.on('close', () => (socketClosed = true));
  });
  await home.goto('/chat');
  await expect(home.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const banButton = page.getByRole('button', { name: 'Ban', exact: true });
  await banButton.click();
  const ban = dialogNamed(page, `Ban ${member.userName}`);
  await ban.getByLabel('1 day').check();
  await ban.getByLabel('Reason').fill('Cheating at Monster Breaker');
  await snap(page, 'console-dialog-ban-1280');
  await expectAccessible(page);
  await ban.getByRole('button', { name: 'Ban', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `${member.userName} is banned for 1 day` })).toBeVisible();
  await expect.poll(() => socketClosed).toBe(true);
  await expect(home).toHaveURL(/\/login/);
  await expect(page.getByRole('list', { name: 'Status' })).toContainText('Banned until');

  // Unban: the member signs in again.
  await page.getByRole('button', { name: 'Unban' }).click();
  const unban = dialogNamed(page, `Unban ${member.userName}`);
  await expect(unban).toContainText('Cheating at Monster Breaker');
  await unban.getByLabel('Reason').fill('Appeal accepted');
  await snap(page, 'console-dialog-unban-1280');
  await unban.getByRole('button', { name: 'Unban' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${member.userName} is no longer banned` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ban', exact: true })).toBeVisible();
  await logInThroughForm(home, member.email, member.password);
  await expect(home).not.toHaveURL(/\/login/);
  await home.goto('/home');
  await expect(home.getByRole('heading', { level: 1, name: `Welcome, ${member.userName}` })).toBeVisible();

  // A note, for the notes tab.
  await page.getByRole('button', { name: 'Add note' }).click();
  const note = dialogNamed(page, `Add a note about ${member.userName}`);
  await note.getByLabel('Note').fill('Appealed by email; promised to play fair.');
  await snap(page, 'console-dialog-note-1280');
  await note.getByRole('button', { name: 'Add note' }).click();
  await openTab(page, 'Notes');
  await expect(page.getByRole('table', { name: 'Notes' })).toContainText('Appealed by email; promised to play fair.');
  await expect(page.getByRole('table', { name: 'Notes' })).toContainText(`console:${op.email}`);

  // Export: a .json file of the member's data.
  await page.getByRole('button', { name: 'Export JSON' }).click();
  const exporting = dialogNamed(page, `Export ${member.userName}'s data`);
  await exporting.getByLabel('Reason').fill('Data request from the member');
  const download = page.waitForEvent('download');
  await exporting.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`member-${member.userName}.json`);
  const exported = JSON.parse(
    await new Promise<string>((resolve, reject) => {
      file.createReadStream().then((stream) => {
        let text = '';
        stream.on('data', (chunk) => (text += chunk));
        stream.on('end', () => resolve(text));
        stream.on('error', reject);
      }, reject);
    }),
  );
  expect(JSON.stringify(exported)).toContain(member.email);

  // The audit trail of this member: who, what, why.
  await openTab(page, 'Audit trail');
  const audit = page.getByRole('table', { name: /^Audit trail/ });
  const actor = `console:${op.email}`;
  for (const [action, why] of [
    ['grant.points', 'Compensation for the outage'],
    ['member.ban', 'Cheating at Monster Breaker'],
    ['member.unban', 'Appeal accepted'],
    ['member.export', 'Data request from the member'],
  ]) {
    const entry = audit.getByRole('row').filter({ hasText: action }).filter({ hasText: why });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(actor);
  }
  await snap(page, 'console-member-audit-1280');
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'console-member-audit-375');
  await openTab(page, 'Profile');
  await snap(page, 'console-member-profile-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Every other lever's dialog: Escape closes it and focus returns to its button.
  const levers: Array<[string, string]> = [
    ['Mute in chat', `Mute ${member.userName} in chat`],
    ['Revoke sessions', `Revoke every session of ${member.userName}`],
    ['Force password reset', `Force a password reset for ${member.userName}`],
    ['Grant or take back', `Grant or take back: ${member.userName}`],
    ['Add note', `Add a note about ${member.userName}`],
    ['Export JSON', `Export ${member.userName}'s data`],
  ];
  // Issue 38: this member is verified, so "Resend verification" is not offered (the levers above are shown).
  await expect(page.getByRole('button', { name: 'Mute in chat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification' })).toHaveCount(0);
  for (const [label, title] of levers) {
    const button = page.getByRole('button', { name: label });
    await button.click();
    const dialog = dialogNamed(page, title);
    await expect(dialog).toBeVisible();
    await dialogSettled(dialog);
    const slug = label.toLowerCase().replace(/\W+/g, '-');
    await snap(page, `console-dialog-${slug}-1280`);
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, `console-dialog-${slug}-375`);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  }

  // A reason is required: the dialog says so and stays open.
  await page.getByRole('button', { name: 'Mute in chat' }).click();
  const mute = dialogNamed(page, `Mute ${member.userName} in chat`);
  await mute.getByRole('button', { name: 'Mute' }).click();
  await expect(mute.getByText('Give a reason: the audit log keeps it.')).toBeVisible();
  await mute.getByLabel('1 hour').check();
  await mute.getByLabel('Reason').fill('Spamming the lobby');
  await mute.getByRole('button', { name: 'Mute' }).click();
  await expect(page.getByRole('list', { name: 'Status' })).toContainText('Muted in chat');

  await memberContext.close();
  await consoleContext.close();
});

test('a collectible is taken back from the collectibles tab, and a viewer sees no levers', async ({
  browser,
  request,
}) => {
  const member = await registerMember(request);
  const admin = await bootstrapOperator(null, request, uniqueEmail('admin-op'), 'admin');
  const context = await browser.newContext();
  const page = await context.newPage();
  await consoleSignInPage(page, admin);
  await page.goto('/console/members');
  await page.getByRole('searchbox', { name: 'Find a member' }).fill(member.userName);
  await page.keyboard.press('Enter');
  await page.getByRole('link', { name: member.userName }).click();
  await openTab(page, 'Collectibles');
  const table = page.getByRole('table', { name: 'Collectibles' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  const rowsBefore = await table.getByRole('row').count();
  const itemId = (await first.getByRole('cell').nth(4).textContent()) ?? '';
  await first.getByRole('button', { name: /^Take back / }).click();
  const dialog = dialogNamed(page, `Grant or take back: ${member.userName}`);
  await expect(dialog.getByLabel('Item id')).toHaveValue(itemId);
  await expect(dialog.getByLabel('Take back')).toBeChecked();
  await dialog.getByLabel('Reason').fill('Granted twice by mistake');
  await snap(page, 'console-dialog-take-back-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'console-dialog-take-back-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Take back' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Took back / })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(rowsBefore - 1);
  await expect(table).not.toContainText(itemId);
  // The dialog's closing animation (600 ms) fades its text: axe reads the page once it is gone.
  await expect(dialog).toBeHidden();
  await snap(page, 'console-member-collectibles-1280');
  await expectAccessible(page);
  await context.close();

  const viewer = await bootstrapOperator(null, request, uniqueEmail('viewer-op'), 'viewer');
  const viewing = await browser.newContext();
  const seen = await viewing.newPage();
  await consoleSignInPage(seen, viewer);
  await seen.goto(`/console/members?q=${encodeURIComponent(member.userName)}`);
  await seen.getByRole('link', { name: member.userName }).click();
  await expect(seen.getByRole('heading', { level: 1, name: member.userName })).toBeVisible();
  await expect(seen.getByRole('tab', { name: 'Statement' })).toBeVisible();
  await expect(seen.getByRole('button', { name: /Grant|Ban|Mute|Export|Add note/ })).toHaveCount(0);
  await viewing.close();
});
