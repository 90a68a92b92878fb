import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { bootstrapOperator, consoleSignInPage, snapWidths, uniqueOperatorEmail } from '../console/support';
import {
  expectAccessible,
  latestMail,
  type OutboxMail,
  popupAcknowledged,
  registerMember,
  rewardPopupsSettled,
  signInPage,
  snap,
} from '../support';

/** A `datetime-local` value with seconds, in the browser's (this machine's) local time. */
const localInput = (ms: number) => {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
};

/**
 * Issue 29: an admin sends an announcement from the console to a narrow segment (joined after a
 * second taken at the start of this test, and verified), so no other test's member can match. The
 * matching member sees it once as a popup and keeps it in the bell; the unverified one does not.
 */
test('an admin announces to a segment; only the matching member gets it, once', async ({ browser, page, request }) => {
  test.setTimeout(180_000);
  const op = await bootstrapOperator(null, request, uniqueOperatorEmail('announcer'), 'admin', 'operator');
  // Verified, but joined before the segment's time.
  const early = await registerMember(request);
  // The segment starts at the next whole second (the field's precision) after it; the others join after that.
  const since = Math.ceil(Date.now() / 1000) * 1000 + 1000;
  while (Date.now() <= since) await new Promise((r) => setTimeout(r, 100));
  const matching = await registerMember(request);
  // Joined after it, but unverified: the count below leaves them out.
  await registerMember(request, { verified: false });
  const title = `Tide report ${Date.now().toString(36)}`;

  await consoleSignInPage(page, op);
  await page.goto('/console/announcements');
  await expect(page.getByRole('heading', { name: 'Announcements', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Message (markdown)')
    .fill('The **tide** turns at midnight.\n\n- Bring a lantern\n- Mind the deep');
  await expect(page.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('tide');
  await page.getByLabel('Joined after').fill(localInput(since));
  await page.getByLabel('Verified email').check();
  await expect(page.getByTestId('segment-count')).toHaveText('Matches 1 member now.');
  await expectAccessible(page);
  await snapWidths(page, 'console-announcements-compose');

  await page.getByRole('button', { name: 'Review and send' }).click();
  const confirm = page.getByRole('dialog', { name: `Send “${title}”` });
  await expect(confirm).toContainText('1 member now');
  await confirm.getByLabel('Reason').fill('Tide warning for new agents');
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(page.getByText(`“${title}” is on its way to 1 member.`)).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  const row = page.getByRole('row').filter({ hasText: title });
  // Issue 38: sent now, it never reads "Scheduled", and it reaches "Sent" without a reload.
  await expect(row).not.toContainText('Scheduled');
  await expect(row).toContainText('Sent to 1', { timeout: 20_000 });

  // A second one, scheduled for tomorrow to the same narrow segment, cancelled before it is due.
  const later = `${title} (later)`;
  await page.getByLabel('Title').fill(later);
  await page.getByLabel('Message (markdown)').fill('Never sent.');
  await page.getByLabel('Joined after').fill(localInput(since));
  await page.getByLabel('Verified email').check();
  await page.getByLabel('At a time').check();
  await page.getByLabel('Send at (UTC)').fill(localInput(Date.now() + 86_400_000).slice(0, 16));
  await page.getByRole('button', { name: 'Review and send' }).click();
  const schedule = page.getByRole('dialog', { name: `Send “${later}”` });
  await schedule.getByLabel('Reason').fill('Reminder');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(schedule).toBeHidden();
  // The dialog's closing animation ends before axe looks at the page.
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  const laterRow = page.getByRole('row').filter({ hasText: later });
  await expect(laterRow).toContainText('Scheduled');
  await expectAccessible(page);
  await snapWidths(page, 'console-announcements-list');
  await laterRow.getByRole('button', { name: `Cancel “${later}”` }).click();
  const cancel = page.getByRole('dialog', { name: `Stop “${later}”` });
  // Its two buttons say what they do: keep the announcement, or stop it.
  await expect(cancel.getByRole('button', { name: 'Keep it' })).toBeVisible();
  await expect(cancel.getByRole('button', { name: /cancel/i })).toHaveCount(0);
  await cancel.getByLabel('Reason').fill('Changed my mind');
  await cancel.getByRole('button', { name: 'Stop sending' }).click();
  await expect(cancel).toBeHidden();
  await expect(laterRow).toContainText('Cancelled');

  // The matching member: the popup once, then the bell keeps it.
  const origin = new URL(page.url()).origin;
  const memberContext = await browser.newContext({ baseURL: origin });
  const member = await memberContext.newPage();
  await signInPage(member, matching);
  await member.goto('/home');
  const popup = member.getByRole('dialog', { name: title });
  await expect(popup).toBeVisible({ timeout: 20_000 });
  await expect(popup.locator('strong')).toHaveText('tide');
  await expect(popup.getByRole('listitem')).toHaveText(['Bring a lantern', 'Mind the deep']);
  await expectAccessible(member);
  await snap(member, 'announcement-popup-1280');
  await member.setViewportSize({ width: 375, height: 800 });
  await snap(member, 'announcement-popup-375');
  await member.setViewportSize({ width: 1280, height: 800 });
  const acked = popupAcknowledged(member);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await acked;
  await expect(popup).toBeHidden();
  await member.reload();
  const bell = member.getByTestId('bell');
  await expect(bell).toBeVisible();
  await bell.click();
  const panel = member.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: new RegExp(title) })).toBeVisible();
  await expect(panel).toContainText('The tide turns at midnight.');
  await rewardPopupsSettled(member);
  await expect(member.getByRole('dialog', { name: title })).toHaveCount(0);
  await memberContext.close();

  // The member who joined before the segment's time: nothing, neither popup nor entry.
  const otherContext = await browser.newContext({ baseURL: origin });
  const other = await otherContext.newPage();
  await signInPage(other, early);
  await other.goto('/home');
  await expect(other.getByTestId('bell')).toBeVisible();
  await other.getByTestId('bell').click();
  const otherPanel = other.getByRole('dialog', { name: 'Notifications' });
  await expect(otherPanel).toBeVisible();
  await expect(otherPanel).not.toContainText('Loading…');
  await expect(otherPanel).not.toContainText(title);
  await rewardPopupsSettled(other);
  await expect(other.getByRole('dialog', { name: title })).toHaveCount(0);
  await otherContext.close();
});

/**
 * An announcement's mail that the mail server kept deferring until its tries ran out: the operator
 * sends it again from the list, and it arrives. The dev outbox never defers, so the failure is
 * written into the operator server’s database, as the mail rounds leave it (decision 0257).
 */
test('an admin sends an announcement’s failed mail again, and it arrives', async ({ browser, page, request }) => {
  test.setTimeout(120_000);
  const op = await bootstrapOperator(null, request, uniqueOperatorEmail('remailer'), 'admin', 'operator');
  const since = Math.ceil(Date.now() / 1000) * 1000 + 1000;
  while (Date.now() <= since) await new Promise((r) => setTimeout(r, 100));
  const reader = await registerMember(request, { subscribe: true });
  const title = `Deep mail ${Date.now().toString(36)}`;

  await consoleSignInPage(page, op);
  await page.goto('/console/announcements');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Message (markdown)').fill('The lighthouse keeper **writes**.');
  await page.getByLabel('Joined after').fill(localInput(since));
  await page.getByLabel('Verified email').check();
  await page.getByLabel('Also by email (to members who asked for news by email)').check();
  await expect(page.getByTestId('segment-count')).toHaveText('Matches 1 member now.');
  await page.getByRole('button', { name: 'Review and send' }).click();
  const confirm = page.getByRole('dialog', { name: `Send “${title}”` });
  await confirm.getByLabel('Reason').fill('News by mail');
  await confirm.getByRole('button', { name: 'Send now' }).click();
  await expect(confirm).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Sent to 1', { timeout: 20_000 });
  const first = await latestMail(request, reader.email, new RegExp(title));

  // As the rounds leave a mail the server deferred five times: failed, out of tries, not counted as emailed.
  const db = new Database(process.env.E2E_OPERATOR_DB as string);
  try {
    const { id } = db.prepare('select id from announcement where title = ?').get(title) as { id: number };
    db.prepare("update announcement_delivery set email = 'failed', mail_attempts = 5 where announcement_id = ?").run(
      id,
    );
    db.prepare('update announcement set emailed = 0, mail_failed = 1 where id = ?').run(id);
  } finally {
    db.close();
  }
  await page.reload();
  await expect(row).toContainText('1 failed');
  await expectAccessible(page);
  await snapWidths(page, 'console-announcements-mail-failed');

  await row.getByRole('button', { name: `Send the failed mail of “${title}” again` }).click();
  const again = page.getByRole('dialog', { name: `Send the failed mail of “${title}” again` });
  await expect(again).toContainText('1 mail failed.');
  await snap(page, 'console-announcements-mail-again-1280');
  await again.getByLabel('Reason').fill('The mail server is back');
  await again.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText(`1 mail of “${title}” will be sent again.`)).toBeVisible();
  await expect(again).toBeHidden();
  await expect(row).not.toContainText('failed');
  await expect(row.getByRole('button', { name: /Send the failed mail/ })).toHaveCount(0);

  // The next mail round sends it: a second mail in the member's inbox, whose link opens the portal.
  let second: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        second = await latestMail(request, reader.email, new RegExp(title));
        return second.id !== first.id;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const link = (second as OutboxMail).links.find((l) => new URL(l).pathname === '/home');
  expect(link).toBeTruthy();
  const memberContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const member = await memberContext.newPage();
  await signInPage(member, reader);
  await member.goto(new URL(link as string).pathname);
  await expect(member.getByRole('dialog', { name: title })).toBeVisible({ timeout: 20_000 });
  await memberContext.close();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: title })).not.toContainText('failed');
});
