import { expect, type Locator, test } from '@playwright/test';
import { expectAccessible, registerMember } from '../support';
import {
  bootstrapOperator,
  consoleAction,
  consoleSessionToken,
  consoleSignInPage,
  snapWidths,
  uniqueOperatorEmail,
} from './support';

/** "12 in all; busiest …" → 12 (a series' total in its card's summary). */
async function totalIn(card: Locator): Promise<number> {
  const text = (await card.locator('p').innerText()).replace(/,/g, '');
  const match = /^(\d+) in all/.exec(text);
  return match ? Number(match[1]) : 0;
}

test('an operator opens Status: this instance with its figures, the pulse over 24 h / 7 d / 30 d, the jobs', async ({
  page,
  request,
}) => {
  // Issue 29: every role reads the status page; a viewer it is.
  const op = await bootstrapOperator(page, request, uniqueOperatorEmail('status'), 'viewer');
  const token = await consoleSessionToken(request, op);
  const before = await consoleAction<{ aSeries: Array<{ sKey: string; aValues: number[] }> }>(
    request,
    token,
    'statusPulse',
    { sRange: '24h' },
  );
  expect(before.iErrorCode).toBe(0);
  const signUpsBefore = (before.aSeries.find((s) => s.sKey === 'signUps')?.aValues ?? []).reduce((a, b) => a + b, 0);
  await registerMember(request, { verified: false });
  await registerMember(request, { verified: false });

  await consoleSignInPage(page, op);
  await page.goto('/console/status');
  await expect(page.getByRole('heading', { name: 'Status', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Status · Console/);

  const instances = page.getByRole('table', { name: 'Instances' });
  const self = instances.getByRole('row').filter({ hasText: 'this one' });
  await expect(self).toHaveCount(1);
  await expect(self.getByRole('cell').nth(3)).toHaveText('Ready');
  await expect(self.getByRole('cell').nth(9)).toHaveText('SQLite');
  // Over Redis when the servers have one (CI sets REDIS_URL), else through the database.
  await expect(page.getByText(/Gathered (over Redis|through the database)/)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /instances?, all ready/ })).toBeAttached();

  const jobs = page.getByRole('table', { name: 'Jobs' });
  for (const name of ['mail.retry', 'mint', 'raffle', 'status'])
    await expect(jobs.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) })).toHaveCount(1);
  await expect(jobs.getByRole('row').filter({ hasText: /^mint/ }).getByRole('cell').nth(2)).toContainText('leader');
  await expect(page.getByText(/Mint queue: \d+ items? waits?/)).toBeVisible();
  // In development every mail lands in the outbox at once: none waits to be sent again.
  await expect(page.getByText(/Mail queue: 0 mails wait to be sent again/)).toBeVisible();

  const signUps = page.getByRole('figure', { name: 'Sign-ups' });
  await expect(signUps.locator('canvas').first()).toBeAttached();
  await expect.poll(() => totalIn(signUps)).toBeGreaterThanOrEqual(signUpsBefore + 2);
  await expect(page.getByRole('figure')).toHaveCount(9);
  await expectAccessible(page);
  await snapWidths(page, 'console-status');

  // On a phone each job is a card of its cells, each under its column's name, and still a table's
  // row and cells to assistive technology; nothing is wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  const mailJob = jobs.getByRole('row').filter({ has: page.getByRole('cell', { name: 'mail.retry' }) });
  await expect(mailJob).toHaveCount(1);
  await expect(mailJob.getByRole('cell')).toHaveCount(7);
  const card = await mailJob.boundingBox();
  expect(card?.width).toBeLessThanOrEqual(375);
  expect(card?.height).toBeGreaterThan(100);
  expect(
    await mailJob
      .getByRole('cell')
      .nth(1)
      .evaluate((cell) => getComputedStyle(cell, '::before').content),
  ).toBe('"Every"');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });

  for (const [range, days] of [
    ['7 d', 7],
    ['30 d', 30],
  ] as const) {
    await page.getByRole('button', { name: range }).click();
    await expect(page.getByRole('button', { name: range })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Per day' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(new RegExp(`^Last ${range}, per day`))).toBeVisible();
    await expect.poll(() => totalIn(signUps)).toBeGreaterThanOrEqual(signUpsBefore + 2);
    await page.getByText('Every figure as a table').click();
    const table = page.getByRole('table', { name: new RegExp(`pulse, last ${range}, per day`) });
    await expect(table.locator('tbody tr')).toHaveCount(days);
    await page.getByText('Every figure as a table').click();
  }
  await expect(page).toHaveURL(/range=30d&bucket=day/);
  await page.getByRole('button', { name: '24 h' }).click();
  await expect(page.getByText(/^Last 24 h, per hour/)).toBeVisible();
});
