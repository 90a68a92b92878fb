import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { admin, closeRewardPopups, registerMember, signInPage, snap } from '../support';

/** axe on the header (the bell, its panel, the chat button): the rest of the page has its own tests. */
async function expectHeaderAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).include('header').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('a raffle win drawn from the CLI appears in the bell of the member on /home', async ({ page, request }) => {
  // Each operator command starts a process: slow on a busy machine.
  test.setTimeout(300_000);
  admin('operator', 'gamevars', 'set', 'iRaffleAutoWeekly', 'int', '0');
  for (const line of admin('operator', 'raffle', 'list').split('\n')) {
    const match = /^\s*(\d+)\s+(scheduled|open|closed)\b/.exec(line);
    if (match) admin('operator', 'raffle', 'cancel', match[1] as string);
  }
  const title = `Bell raffle ${Date.now().toString(36)}`;
  const member = await registerMember(request);
  await signInPage(page, member);
  await page.goto('/home');
  const bell = page.getByTestId('bell');
  await expect(bell).toHaveAccessibleName('Notifications');

  const created = admin(
    'operator',
    'raffle',
    'create',
    '--title',
    title,
    '--opens',
    '+1h',
    '--closes',
    '+2d',
    '--prize',
    'points=250',
  );
  const raffleId = /^Raffle (\d+) /.exec(created)?.[1] as string;
  admin('operator', 'raffle', 'open', raffleId);
  const entered = await request.post('/api/portal/enterRaffle', {
    headers: { authorization: `Bearer ${member.token}` },
    form: { iRaffleID: raffleId, iTickets: '1', sIdempotencyKey: `bell-${Date.now()}` },
  });
  expect((await entered.json()).iErrorCode).toBe(0);
  admin('operator', 'raffle', 'close', raffleId);
  expect(admin('operator', 'raffle', 'draw', raffleId)).toMatch(/\[drawn\]/);

  // One win, one entry (issue 42): the result, announced to the open page without a reload.
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
  // The spec's "You won" popup shows on the next visit; the bell keeps the result after it.
  await page.reload();
  await expect(bell).toBeVisible();
  expect((await closeRewardPopups(page, 30_000)).join(' ')).toContain('You won 250 points');
  await expect(bell).toHaveAccessibleName('Notifications: 1 unread');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const result = panel.getByRole('button', { name: new RegExp(`You won in ${title}!`) });
  await expect(result).toBeVisible();
  await expect(result).toContainText('raffle viewer');
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await snap(page, 'notifications-raffle-win-1280');
  await expectHeaderAccessible(page);
  await result.click();
  await expect(page).toHaveURL(new RegExp(`/raffleviewer\\?iRaffleID=${raffleId}$`));
  await expect(bell).toHaveAccessibleName('Notifications');
});
