import { expect, type Page, test } from '@playwright/test';
import { bootstrapOperator, consoleSignInPage, snapWidths, uniqueOperatorEmail } from '../console/support';
import {
  admin,
  expectAccessible,
  popupAcknowledged,
  registerMember,
  rewardPopupsSettled,
  signInPage,
} from '../support';

/** Nothing open or scheduled, and no weekly raffle created behind the test's back (the CLI, as raffle.spec.ts). */
function clearRaffles(): void {
  admin('operator', 'gamevars', 'set', 'iRaffleAutoWeekly', 'int', '0');
  for (const line of admin('operator', 'raffle', 'list').split('\n')) {
    const match = /^\s*(\d+)\s+(scheduled|open|closed)\b/.exec(line);
    if (match) admin('operator', 'raffle', 'cancel', match[1] as string);
  }
}

async function step(page: Page, label: string, confirm: string, raffleId: string, reason: string) {
  await page.getByRole('button', { name: `${label} raffle ${raffleId}`, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`${label} raffle ${raffleId}`);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

// Issue 29. Drawing changes shared state: the operator server.
test('an admin schedules, opens, closes and draws a raffle in the console; the member who entered sees "You won" once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  clearRaffles();
  const op = await bootstrapOperator(page, request, uniqueOperatorEmail('raffles'), 'admin', 'operator');
  const member = await registerMember(request);
  const title = `Console raffle ${Date.now().toString(36)}`;

  await consoleSignInPage(page, op);
  await page.goto('/console/live/raffles');
  await expect(page).toHaveTitle(/Raffles · Console/);
  await expect(page.getByText('Off: no raffle is scheduled automatically.')).toBeVisible();

  // Schedule: opens in an hour (opened by hand below), a collectible picked from the templates and points.
  await page.getByRole('button', { name: 'Schedule a raffle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule a raffle' });
  await dialog.getByLabel('Title').fill(title);
  const inAnHour = new Date(Date.now() + 3_600_000 - new Date().getTimezoneOffset() * 60_000);
  await dialog.getByLabel('Opens').fill(inAnHour.toISOString().slice(0, 16));
  await dialog.getByLabel('Collectible').selectOption({ label: "The Lamplighter of R'lyeh" });
  await dialog.getByLabel('Points each').fill('250');
  await expectAccessible(page);
  await snapWidths(page, 'console-raffle-create');
  await dialog.getByLabel('Reason').fill('Summer event');
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(dialog).toBeHidden();
  const scheduled = page.getByText(/^Raffle \d+ ".*" is scheduled\.$/);
  await expect(scheduled).toBeVisible();
  const raffleId = /^Raffle (\d+) /.exec((await scheduled.textContent()) ?? '')?.[1] as string;
  const row = page.getByRole('table', { name: 'Raffles, newest first' }).getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Scheduled');
  await expect(row).toContainText("The Lamplighter of R'lyeh ×1, 250 points ×1");

  // Open it; the member enters (the member API, as the raffle page does).
  await step(page, 'Open', 'Open now', raffleId, 'Start now');
  await expect(row).toContainText('Open');
  const entered = await request.post('/api/portal/enterRaffle', {
    headers: { authorization: `Bearer ${member.token}` },
    form: { iRaffleID: raffleId, iTickets: '1', sIdempotencyKey: `console-${Date.now()}` },
  });
  expect((await entered.json()).iErrorCode).toBe(0);

  // Close and draw.
  await step(page, 'Close', 'Close entries', raffleId, 'Entries are in');
  await expect(row).toContainText('1 member, 1 ticket');
  await step(page, 'Draw', 'Draw the winners', raffleId, 'Weekly draw');
  await expect(page.getByText(`Raffle ${raffleId} is drawn`)).toBeVisible();
  await expect(row).toContainText('Drawn');

  // The draw as members see it: the seed, the winner, the entries, and the link to the member's verify page.
  const detail = page.getByRole('region', { name: new RegExp(`^Raffle ${raffleId}: `) });
  await expect(detail.getByRole('table', { name: 'Winners, in draw order' })).toContainText(member.userName);
  await expect(detail.getByRole('table', { name: 'Entries' })).toContainText(member.userName);
  await expect(detail.getByText(/^[0-9a-f]{64}$/).first()).toBeVisible();
  await expect(detail.getByRole('link', { name: 'Replay and verify the draw as members see it' })).toHaveAttribute(
    'href',
    `/raffleviewer?iRaffleID=${raffleId}`,
  );
  await expectAccessible(page);
  await snapWidths(page, 'console-raffles');

  // The member sees the "You won" popup once.
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const memberPage = await context.newPage();
  await signInPage(memberPage, member);
  await memberPage.goto('/raffle');
  const popup = memberPage.getByRole('dialog', { name: /^You won / });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(title);
  const acked = popupAcknowledged(memberPage);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await acked;
  await expect(popup).toBeHidden();
  await memberPage.reload();
  await expect(memberPage.getByRole('heading', { name: 'Past raffles' })).toBeVisible();
  await rewardPopupsSettled(memberPage);
  await expect(memberPage.getByRole('dialog', { name: /^You won / })).toHaveCount(0);
  await context.close();
});
