import { expect, test } from '@playwright/test';
import { admin, expectAccessible, grantPoints, registerMember, signInPage, snap } from '../support';

/** bRewardStore is global: these run one after another on the operator server. */
test.describe.configure({ mode: 'serial' });

test.afterEach(() => {
  admin('operator', 'flags', 'set', 'bRewardStore', 'on');
});

test('bRewardStore switches /rewardstore between the store and a preview that never buys', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await grantPoints(request, 'operator', member, 1000);
  const buyCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/portal/buyStoreItem')) buyCalls.push(r.url());
  });
  await signInPage(page, member);

  admin('operator', 'flags', 'set', 'bRewardStore', 'off');
  await page.goto('/rewardstore');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reward Store Preview');
  await expect(page.getByText('The Reward Store is closed for now.')).toBeVisible();
  // What is coming, as plates: no buttons to open, nothing to buy.
  await expect(page.getByText('Warden of the Black Tide')).toBeVisible();
  await expect(page.locator('[data-store-item]')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Buy/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Your balance: 1,005 points/ })).toBeVisible();
  await snap(page, 'store-preview-1280');
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'store-preview-375');
  await page.setViewportSize({ width: 1280, height: 800 });
  // What happened to the member's points stays readable while the store is closed.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.locator('tbody tr').first()).toContainText('Points from the portal team');
  await expect(page.locator('tbody tr').first()).toContainText('+1,000 points');
  await page.getByRole('tab', { name: 'Coming soon' }).click();
  await expect(page.getByText('Warden of the Black Tide')).toBeVisible();

  admin('operator', 'flags', 'set', 'bRewardStore', 'on');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reward Store');
  await page.locator('[data-store-item="ticket-bundle"]').click();
  await expect(page.getByRole('button', { name: 'Buy for 90 points' })).toBeEnabled();
  expect(buyCalls).toEqual([]);
});

test('a purchase confirmed after the store closed is refused in words', async ({ page, request }) => {
  const member = await registerMember(request);
  await grantPoints(request, 'operator', member, 1000);
  await signInPage(page, member);
  await page.goto('/rewardstore');
  await page.locator('[data-store-item="ticket-bundle"]').click();
  const dialog = page.locator('dialog[data-state="open"]');
  await dialog.getByRole('button', { name: 'Buy for 90 points' }).click();

  admin('operator', 'flags', 'set', 'bRewardStore', 'off');
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The Reward Store is closed right now. Your points are safe; please come back later.',
  );
  await expect(page.getByRole('link', { name: /^Your balance: 1,005 points/ })).toBeVisible();
});
