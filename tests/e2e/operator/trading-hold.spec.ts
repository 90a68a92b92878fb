import { expect, test } from '@playwright/test';
import { admin, expectAccessible, grantPoints, inventoryItemIds, openAs, registerMember, snap } from '../support';

/**
 * Issue 39: A offers B an Agent for points; neither has two-factor, so B's accept holds the trade
 * 72 hours and both read why and how to avoid holds; B cancels during the hold and nothing moves.
 * The hold's game var is global: this runs on the operator server.
 */

test('a trade without two-factor is held with its explanation; cancelled during the hold, nothing moves', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  admin('operator', 'gamevars', 'set', 'iTradeMinAccountDays', 'int', '0');
  admin('operator', 'gamevars', 'set', 'iTradeHoldHours', 'int', '72');
  const alice = await registerMember(request);
  const bob = await registerMember(request);
  await grantPoints(request, 'operator', bob, 40);
  const [agent] = (await inventoryItemIds(request, alice)) as [string];

  const page = await openAs(browser, alice, `/trades/new?to=${bob.userName}&mine=${agent}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Offer a trade' })).toBeVisible();
  await page.getByLabel('Points you ask for').fill('25');
  await expect(page.getByLabel('Preview')).toContainText(`@${bob.userName} gives: 25 points`);
  await page.getByRole('button', { name: 'Send offer' }).click();
  await expect(page).toHaveURL(/\/trades\?box=outgoing&sent=1$/);

  const bobPage = await openAs(browser, bob, '/trades');
  const card = bobPage.getByRole('article', { name: `Offer from @${alice.userName}` });
  await card.getByRole('button', { name: 'Accept trade' }).click();
  await expect(card).toBeHidden();
  await bobPage.getByRole('tab', { name: 'On hold' }).click();
  const held = bobPage.getByRole('article', { name: `Offer from @${alice.userName}` });
  await expect(held).toContainText('On hold');
  await expect(held).toContainText(`Held for 72 hours because @${alice.userName} has no two-factor sign-in`);
  await expect(held).toContainText('To trade without holds, both sides turn on two-factor sign-in');
  await snap(bobPage, 'trading-held-1280');
  await expectAccessible(bobPage);
  expect(await inventoryItemIds(request, alice)).toContain(agent);

  await held.getByRole('button', { name: 'Cancel trade' }).click();
  await expect(held).toBeHidden();
  await bobPage.getByRole('tab', { name: 'History' }).click();
  await expect(bobPage.getByRole('article', { name: `Offer from @${alice.userName}` })).toContainText('Cancelled');
  expect(await inventoryItemIds(request, alice)).toContain(agent);
  expect(await inventoryItemIds(request, bob)).not.toContain(agent);
});
