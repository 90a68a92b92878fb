import { expect, test } from '@playwright/test';
import { admin, expectAccessible, inventoryItemIds, openAs, registerMember, snap } from './support';

/**
 * Trading (issue 39), clicked through like members: A sends B one of their Agents as a gift from
 * the item page, B hears it in the bell, accepts on /trades, and the Agent leaves A's collection
 * for B's with the same item id. New accounts and holds are switched off for the flow through the
 * game vars an operator tunes (the server tests cover both).
 */

test.beforeAll(() => {
  admin('members', 'gamevars', 'set', 'iTradeMinAccountDays', 'int', '0');
  admin('members', 'gamevars', 'set', 'iTradeHoldHours', 'int', '0');
});

test('A sends B a gift from the item page; B accepts; the Agent leaves A for B', async ({ browser, request }) => {
  const alice = await registerMember(request);
  const bob = await registerMember(request);
  const inventory = await request.post('/api/portal/getInventory', {
    headers: { authorization: `Bearer ${alice.token}` },
  });
  const agent = (await inventory.json()).aCollections[0].aItems[0] as {
    sItemID: string;
    publicMetadata: { name: string };
  };
  const bobHome = await openAs(browser, bob, '/home');

  const page = await openAs(browser, alice, `/inventory/item?sItemID=${agent.sItemID}`);
  await expect(page.getByRole('heading', { level: 1, name: agent.publicMetadata.name })).toBeVisible();
  await page.getByRole('link', { name: 'Send as a gift' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Send a gift' })).toBeVisible();
  await page.getByLabel('To (username)').fill(bob.userName);
  await expect(page.getByRole('checkbox', { name: agent.publicMetadata.name })).toBeChecked();
  await expect(page.getByLabel('Preview')).toContainText(`You give: ${agent.publicMetadata.name}`);
  await snap(page, 'trading-composer-1280');
  await expectAccessible(page);
  // B's unread count before the gift (another flow's raffle or announcement on this shared server
  // may already have reached a new member: CI once found one there).
  const bell = bobHome.getByTestId('bell');
  const unread = async () => Number(/(\d+) unread/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1] ?? 0);
  await expect(bell).toHaveAccessibleName(/^Notifications/);
  const unreadBefore = await unread();
  await page.getByRole('button', { name: 'Send gift' }).click();
  await expect(page).toHaveURL(/\/trades\?box=outgoing&sent=1$/);
  // B hears of it in the bell on their own device within 2 s of the offer's answer: the trade
  // announces both sides' bells on the member socket as it commits (decision 0242), no poll.
  await expect.poll(unread, { timeout: 2_000 }).toBeGreaterThan(unreadBefore);
  await expect(page.getByText('Your offer was sent.')).toBeVisible();
  await expect(page.getByRole('article', { name: `Gift to @${bob.userName}` })).toBeVisible();

  await bobHome.getByTestId('bell').click();
  await bobHome
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: new RegExp(`@${alice.userName} sent you a gift`) })
    .click();
  await expect(bobHome).toHaveURL(/\/trades$/);
  const card = bobHome.getByRole('article', { name: `Gift from @${alice.userName}` });
  await expect(card).toContainText(agent.publicMetadata.name);
  await snap(bobHome, 'trading-incoming-1280');
  await expectAccessible(bobHome);
  await card.getByRole('button', { name: 'Accept gift' }).click();
  await expect(card).toBeHidden();
  await bobHome.getByRole('tab', { name: 'History' }).click();
  await expect(bobHome.getByRole('article', { name: `Gift from @${alice.userName}` })).toContainText('Completed');

  expect(await inventoryItemIds(request, bob)).toContain(agent.sItemID);
  expect(await inventoryItemIds(request, alice)).not.toContain(agent.sItemID);
  await bobHome.goto(`/inventory/item?sItemID=${agent.sItemID}`);
  await expect(bobHome.getByRole('heading', { level: 1, name: agent.publicMetadata.name })).toBeVisible();

  const phone = await openAs(browser, alice, '/trades?box=history', 375);
  await expect(phone.getByRole('article', { name: `Gift to @${bob.userName}` })).toContainText('Completed');
  await snap(phone, 'trading-history-375');
});
