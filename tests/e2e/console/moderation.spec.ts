import { type Browser, expect, type Page, test } from '@playwright/test';
import { admin, expectAccessible, type Member, registerMember, signInPage, snap, uniqueEmail } from '../support';
import { bootstrapOperator, consoleSignInPage, dialogSettled } from './support';

/**
 * The console's moderation queue (issue 27): a member reports another's chat message, the report
 * appears in an operator's open queue without a reload, the operator mutes its author from the
 * queue (with a reason), the report leaves the queue, the author's composer says muted, and the
 * member's audit trail lists it.
 */

function freshChannel(label: string): { id: string; name: string } {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const id = `e2e-${label}-${stamp}`.slice(0, 32);
  const name = `${label} ${stamp}`;
  admin('members', 'chat', 'channel', 'add', id, name, '--topic', `Where the ${label} test talks`);
  return { id, name };
}

async function openChannel(browser: Browser, member: Member, channel: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInPage(page, member);
  await page.goto('/chat');
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const button = page
    .getByRole('navigation', { name: 'Channels' })
    .getByRole('button', { name: new RegExp(`^${channel}(?!\\w)`) });
  await expect(button).toBeVisible({ timeout: 15_000 });
  await button.click();
  await expect(page.getByRole('heading', { level: 2, name: `# ${channel}` })).toBeVisible();
  return page;
}

const composer = (page: Page) => page.getByRole('textbox', { name: /^Message #/ });

test('a report arrives live in the queue; muting its author closes it and tells the author', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const reporter = await registerMember(request);
  const author = await registerMember(request);
  const room = freshChannel('report');
  const moderator = await bootstrapOperator(null, request, uniqueEmail('mod-op'), 'moderator');

  const queue = await (await browser.newContext()).newPage();
  await consoleSignInPage(queue, moderator);
  await queue.goto('/console/moderation');
  await expect(queue.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(queue.getByText(/^Live: new reports appear here by themselves/)).toBeVisible();

  const a = await openChannel(browser, reporter, room.name);
  const b = await openChannel(browser, author, room.name);
  await composer(b).fill('First, a harmless hello.');
  await composer(b).press('Enter');
  await composer(b).fill('Here is the ending of the game: everyone dies.');
  await composer(b).press('Enter');
  await composer(b).fill('And a harmless goodbye.');
  await composer(b).press('Enter');
  const message = a.getByRole('log').getByRole('listitem').filter({ hasText: 'everyone dies' });
  await expect(message).toBeVisible();
  await expect(a.getByRole('log').getByText('And a harmless goodbye.')).toBeVisible();

  // A reports B's message from its menu.
  await message.getByRole('button', { name: `Actions for the message by ${author.userName}` }).click();
  await a.getByRole('menuitem', { name: 'Report' }).click();
  const reportDialog = a.getByRole('dialog', { name: `Report a message by ${author.userName}` });
  await reportDialog.getByLabel('Spoilers').check();
  await reportDialog.getByLabel(/Anything the operators should know/).fill('Spoils the ending');
  await reportDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(reportDialog.getByText('Thank you. The operators will look at it.')).toBeVisible();

  // The open queue shows it without a reload: the message among its neighbours, the reported one marked.
  const card = queue.getByRole('article').filter({ hasText: 'everyone dies' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(queue.getByRole('status').filter({ hasText: /new report/ })).toBeVisible();
  await expect(card).toContainText('Spoils the ending');
  await expect(card.getByRole('link', { name: reporter.userName })).toBeVisible();
  await expect(card.getByRole('link', { name: author.userName })).toBeVisible();
  const context = card.getByRole('list', { name: 'The reported message in its context' });
  await expect(context).toContainText('First, a harmless hello.');
  await expect(context).toContainText('And a harmless goodbye.');
  await expect(context.locator('[aria-current="true"]')).toContainText('everyone dies');
  await snap(queue, 'console-moderation-1280');
  await expectAccessible(queue);
  await queue.setViewportSize({ width: 375, height: 800 });
  await snap(queue, 'console-moderation-375');
  await queue.setViewportSize({ width: 1280, height: 800 });

  // Each resolution asks why first; Escape closes its dialog and focus goes back to its button.
  for (const [label, slug] of [
    ['Dismiss', 'dismiss'],
    ['Delete message', 'delete'],
    ['Ban author', 'ban'],
  ]) {
    const button = card.getByRole('button', { name: label as string });
    await button.click();
    const dialog = queue.getByRole('dialog', { name: new RegExp(`^${label}: report #\\d+$`) });
    await expect(dialog.getByLabel('Reason')).toBeVisible();
    await dialogSettled(dialog);
    await snap(queue, `console-dialog-report-${slug}-1280`);
    await expectAccessible(queue);
    await queue.setViewportSize({ width: 375, height: 800 });
    await snap(queue, `console-dialog-report-${slug}-375`);
    await queue.setViewportSize({ width: 1280, height: 800 });
    await queue.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  }
  await expect(card).toBeVisible();

  // Mute the author from the queue, with a reason.
  const muteButton = card.getByRole('button', { name: 'Mute author' });
  await muteButton.click();
  const mute = queue.getByRole('dialog', { name: /^Mute author: report #\d+$/ });
  await expect(mute).toContainText(`${author.userName} can read chat but not write`);
  await mute.getByLabel('1 hour').check();
  await mute.getByLabel('Reason').fill('Spoilers after a warning');
  await snap(queue, 'console-dialog-report-mute-1280');
  await expectAccessible(queue);
  await queue.setViewportSize({ width: 375, height: 800 });
  await snap(queue, 'console-dialog-report-mute-375');
  await queue.setViewportSize({ width: 1280, height: 800 });
  await mute.getByRole('button', { name: 'Mute author' }).click();
  await expect(queue.getByRole('status').filter({ hasText: /Report #\d+ closed: mute author/ })).toBeVisible();
  await expect(card).toHaveCount(0);

  // The author's composer gives way to the muted notice, with the reason.
  const notice = b.getByRole('status').filter({ hasText: 'You are muted' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice).toContainText('Spoilers after a warning');
  await expect(composer(b)).toHaveCount(0);

  // After a reload the report stays closed, and the author's audit trail lists the mute.
  await queue.reload();
  await expect(queue.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await expect(queue.getByRole('article').filter({ hasText: 'everyone dies' })).toHaveCount(0);
  await queue.goto(`/console/members?q=${encodeURIComponent(author.userName)}`);
  await queue.getByRole('link', { name: author.userName }).click();
  await expect(queue.getByRole('list', { name: 'Status' })).toContainText('Muted in chat');
  await queue.getByRole('tab', { name: 'Audit trail' }).click();
  const entry = queue
    .getByRole('table', { name: /^Audit trail/ })
    .getByRole('row')
    .filter({ hasText: 'chat.mute' });
  await expect(entry).toContainText('Spoilers after a warning');
  await expect(entry).toContainText(`console:${moderator.email}`);
  await queue.getByRole('tab', { name: 'Reports' }).click();
  await expect(queue.getByRole('table', { name: 'Reports' })).toContainText('muted');

  admin('members', 'chat', 'unmute', author.userName);
  await a.context().close();
  await b.context().close();
  await queue.context().close();
});

/** A member reports another's message from its menu in the open channel. */
async function reportFrom(page: Page, authorName: string, text: string) {
  const message = page.getByRole('log').getByRole('listitem').filter({ hasText: text });
  await expect(message).toBeVisible();
  await message.getByRole('button', { name: `Actions for the message by ${authorName}` }).click();
  await page.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = page.getByRole('dialog', { name: `Report a message by ${authorName}` });
  await dialog.getByLabel('Spoilers').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. The operators will look at it.')).toBeVisible();
  await page.keyboard.press('Escape');
}

test('keyboard triage: j/k move, d dismisses and m mutes with a reason; the resolved history lists both', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const reporter = await registerMember(request);
  const author = await registerMember(request);
  const room = freshChannel('triage');
  const moderator = await bootstrapOperator(null, request, uniqueEmail('triage-op'), 'moderator');
  const a = await openChannel(browser, reporter, room.name);
  const b = await openChannel(browser, author, room.name);
  for (const text of ['Triage one: rude words.', 'Triage two: worse words.']) {
    await composer(b).fill(text);
    await composer(b).press('Enter');
  }
  const queue = await (await browser.newContext()).newPage();
  await consoleSignInPage(queue, moderator);
  await queue.goto('/console/moderation');
  await expect(queue.getByText(/^Live: new reports appear here by themselves/)).toBeVisible();
  await reportFrom(a, author.userName, 'Triage one');
  await reportFrom(a, author.userName, 'Triage two');

  // A card by its reported message (the neighbours show in each other's context).
  const cardOf = (text: string) =>
    queue.getByRole('article').filter({ has: queue.locator('li[aria-current="true"]', { hasText: text }) });
  const one = cardOf('Triage one');
  const two = cardOf('Triage two');
  // Pushed: both arrive without a reload, well within the old poll's time.
  await expect(two).toBeVisible({ timeout: 5_000 });
  await expect(queue.getByText(/^Keys: j \/ k next and previous report/)).toBeVisible();
  // Other tests' open reports may come first: move to the first of these two with j.
  for (let i = 0; i < 50 && (await one.getAttribute('aria-current')) !== 'true'; i++) await queue.keyboard.press('j');
  await expect(one).toHaveAttribute('aria-current', 'true');
  await queue.keyboard.press('j');
  await expect(two).toBeFocused();
  await expect(two).toHaveAttribute('aria-current', 'true');
  await queue.keyboard.press('k');
  await expect(one).toBeFocused();
  await snap(queue, 'console-moderation-triage-1280');
  await expectAccessible(queue);

  await queue.keyboard.press('d');
  const dismiss = queue.getByRole('dialog', { name: /^Dismiss: report #\d+$/ });
  await dismiss.getByLabel('Reason').fill('Harsh but allowed');
  await dismiss.getByRole('button', { name: 'Dismiss' }).click();
  await expect(one).toHaveCount(0);
  // The focus stays in the list: the next report is now the focused one.
  await expect(two).toHaveAttribute('aria-current', 'true');
  await queue.keyboard.press('m');
  const mute = queue.getByRole('dialog', { name: /^Mute author: report #\d+$/ });
  await expect(mute).toContainText(`${author.userName} can read chat but not write`);
  await mute.getByLabel('1 hour').check();
  await mute.getByLabel('Reason').fill('Second warning');
  await mute.getByRole('button', { name: 'Mute author' }).click();
  await expect(two).toHaveCount(0);

  // The history: who resolved each, how and when; the author's name opens their console page.
  await queue.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Resolved' }).click();
  await expect(queue).toHaveURL(/view=resolved/);
  const table = queue.getByRole('region', { name: /Resolved reports/ });
  const muted = table.getByRole('row').filter({ hasText: 'Triage two' });
  await expect(muted).toContainText('muted');
  await expect(muted).toContainText(moderator.email);
  await expect(table.getByRole('row').filter({ hasText: 'Triage one' })).toContainText('dismissed');
  await snap(queue, 'console-moderation-history-1280');
  await expectAccessible(queue);
  await queue.setViewportSize({ width: 375, height: 800 });
  await snap(queue, 'console-moderation-history-375');
  await queue.setViewportSize({ width: 1280, height: 800 });
  await muted.getByRole('link', { name: author.userName }).click();
  await expect(queue).toHaveURL(/\/console\/members\/[\w-]+$/);
  await expect(queue.getByRole('heading', { level: 1 })).toContainText(author.userName);
});
