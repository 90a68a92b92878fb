import { type APIRequestContext, expect, test } from '@playwright/test';
import { admin, expectAccessible, grantPoints, type Member, registerMember, uniqueEmail } from '../support';
import { bootstrapOperator, consoleSignInPage, snapWidths } from './support';

/**
 * Issue 39: an admin finds a member's trade in /console/trades and reverses it with a reason; the
 * Agent goes back to its earlier holder and the points back through the ledger.
 */

const post = async (request: APIRequestContext, member: Member, action: string, form: Record<string, string>) =>
  (await request.post(`/api/portal/${action}`, { headers: { authorization: `Bearer ${member.token}` }, form })).json();

test('an admin reverses a completed trade from the console', async ({ page, request }) => {
  test.setTimeout(180_000);
  admin('members', 'gamevars', 'set', 'iTradeMinAccountDays', 'int', '0');
  admin('members', 'gamevars', 'set', 'iTradeHoldHours', 'int', '0');
  const op = await bootstrapOperator(null, request, uniqueEmail('trade-op'), 'admin');
  const alice = await registerMember(request);
  const bob = await registerMember(request);
  await grantPoints(request, 'members', bob, 50);
  const before = (await post(request, bob, 'getPointsStatement', {})).iPoints as number;
  const inventory = await post(request, alice, 'getInventory', {});
  const agent = inventory.aCollections[0].aItems[0] as { sItemID: string; publicMetadata: { name: string } };
  const sent = await post(request, alice, 'createTradeOffer', {
    sToUserName: bob.userName,
    sGiveItemIDs: agent.sItemID,
    iTakePoints: '20',
  });
  expect(sent.iErrorCode).toBe(0);
  const tradeId = sent.pTrade.sTradeID as string;
  const accepted = await post(request, bob, 'acceptTradeOffer', {
    sTradeID: tradeId,
    sIdempotencyKey: `e2e-${tradeId}`,
  });
  expect(accepted.pTrade.sState).toBe('completed');

  await consoleSignInPage(page, op);
  await page.goto(`/console/trades?member=${alice.userName}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Trades' })).toBeVisible();
  const table = page.getByRole('region', { name: `Trades of ${alice.userName}` });
  await expect(table).toContainText(tradeId);
  await expect(table).toContainText(agent.publicMetadata.name);
  await expectAccessible(page);
  await snapWidths(page, 'console-trades');

  await page.getByRole('button', { name: `Reverse trade ${tradeId}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Reason').fill('Account recovered after theft');
  await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Trade ${tradeId} is reversed: every item and point went back.`)).toBeVisible();
  await expect(table).toContainText('reversed');

  const back = await post(request, alice, 'getInventory', {});
  const ids = back.aCollections.flatMap((c: { aItems: Array<{ sItemID: string }> }) => c.aItems.map((i) => i.sItemID));
  expect(ids).toContain(agent.sItemID);
  const statement = await post(request, bob, 'getPointsStatement', {});
  expect(statement.iPoints).toBe(before);
  expect(statement.aEntries[0]).toMatchObject({ sReason: `Trade with @${alice.userName} reversed`, iAmount: 20 });

  // The member's console page lists the same trade in its Trades tab.
  await page.goto(`/console/members?q=${alice.userName}`);
  await page.getByRole('link', { name: alice.userName }).first().click();
  await page.getByRole('tab', { name: 'Trades' }).click();
  await expect(page).toHaveURL(/[?&]tab=trades/);
  const tab = page.getByRole('tabpanel').getByRole('region', { name: `Trades of ${alice.userName}, newest first` });
  await expect(tab).toContainText(tradeId);
  await expect(tab).toContainText('reversed');
  await expectAccessible(page);
});
