import { type Browser, expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { admin, expectAccessible, type Member, registerMember, signInPage, snap } from './support';

/**
 * Howl, the chat (docs/product.md §14), clicked through like members: two browsers talking live,
 * a Howled collectible, a muted member, an operator's delete. Each test talks in its own channel,
 * made with the operator CLI, so tests running side by side never read each other's messages.
 */

let channels = 0;
/** Tells this worker's channels from those of a failed attempt before a retry, which the server still has. */
const attempt = Math.random().toString(36).slice(2, 6);
/** A fresh channel for one test; the server picks it up within its 2 s sync. */
function freshChannel(label: string): { id: string; name: string } {
  channels++;
  const id = `e2e-${label}-${Date.now().toString(36)}${channels}`.slice(0, 32);
  const name = `${label} ${attempt}${channels}`;
  admin('members', 'chat', 'channel', 'add', id, name, '--topic', `Where the ${label} test talks`);
  return { id, name };
}

async function openChat(browser: Browser, member: Member, path = '/chat'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInPage(page, member);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Howl' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  return page;
}

const channelButton = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Channels' }).getByRole('button', { name: new RegExp(`^${name}(?!\\w)`) });

async function enterChannel(page: Page, name: string) {
  await expect(channelButton(page, name)).toBeVisible({ timeout: 15_000 });
  await channelButton(page, name).click();
  await expect(page.getByRole('heading', { level: 2, name: `# ${name}` })).toBeVisible();
}

const composer = (page: Page) => page.getByRole('textbox', { name: /^Message #/ });
const log = (page: Page) => page.getByRole('log');

test('two members chat live: mentions, markdown, unread badges, who is here, and a report', async ({
  browser,
  request,
}) => {
  const alice = await registerMember(request);
  const bob = await registerMember(request);
  const room = freshChannel('live');
  const quiet = freshChannel('quiet');

  const a = await openChat(browser, alice);
  const b = await openChat(browser, bob);
  await enterChannel(a, room.name);
  await enterChannel(b, quiet.name);

  // Bob is elsewhere: alice's message shows as unread on the channel, with an @ for the mention.
  await composer(a).fill(`Hello **brave** souls, @${bob.userName.slice(0, 4)}`);
  await a.getByRole('option', { name: `@${bob.userName}` }).click();
  await expect(composer(a)).toHaveValue(`Hello **brave** souls, @${bob.userName} `);
  await a.keyboard.press('Enter');
  const sent = log(a).getByRole('listitem').filter({ hasText: 'Hello brave souls' });
  await expect(sent).toBeVisible();
  await expect(sent.locator('strong', { hasText: 'brave' })).toBeVisible();
  await expect(channelButton(b, room.name)).toContainText('@ 1');
  await expect(channelButton(b, room.name)).toHaveAccessibleName(/1 unread, you are mentioned/);

  await enterChannel(b, room.name);
  const received = log(b).getByRole('listitem').filter({ hasText: 'Hello brave souls' });
  await expect(received).toContainText(alice.userName);
  await expect(received.getByText(`@${bob.userName}`)).toBeVisible();
  await expect(b.getByText('New messages')).toBeVisible();
  await expect(channelButton(b, room.name)).not.toHaveAccessibleName(/unread/);
  await expect(a.getByText('2 here')).toBeVisible();

  await composer(b).fill('Greetings from the deep.');
  await composer(b).press('Enter');
  await expect(log(a).getByText('Greetings from the deep.')).toBeVisible();
  await expect(log(a).getByRole('listitem').filter({ hasText: 'Greetings from the deep.' })).toContainText(
    bob.userName,
  );

  // The markdown preview shows what will be sent.
  await composer(a).fill('A list:\n\n- one\n- two');
  await a.getByRole('button', { name: 'Preview' }).click();
  await expect(a.locator('[aria-live="polite"] li', { hasText: 'two' })).toBeVisible();
  await a.getByRole('button', { name: 'Write' }).click();
  await composer(a).fill('');

  await snap(a, 'chat-1280');
  await expectAccessible(a);
  await a.setViewportSize({ width: 375, height: 800 });
  await expect(composer(a)).toBeVisible();
  await snap(a, 'chat-375');

  // Bob reports alice's message from its menu.
  await received.getByRole('button', { name: `Actions for the message by ${alice.userName}` }).click();
  await b.getByRole('menuitem', { name: 'Report' }).click();
  const dialog = b.getByRole('dialog', { name: `Report a message by ${alice.userName}` });
  await dialog.getByLabel('Spoilers').check();
  await dialog.getByLabel(/Anything the operators should know/).fill('Spoils the ending');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Thank you. The operators will look at it.')).toBeVisible();
  await snap(b, 'chat-report-1280');
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  expect(admin('members', 'chat', 'reports')).toMatch(/spoiler \(Spoils the ending\) reported by/);

  // Alice may edit her own message for a few minutes.
  await sent.getByRole('button', { name: `Actions for the message by ${alice.userName}` }).click();
  await expect(a.getByRole('menuitem', { name: 'Offer a trade' })).toHaveCount(0);
  await a.getByRole('menuitem', { name: 'Edit' }).click();
  await a.getByRole('textbox', { name: 'Edit your message' }).fill('Hello brave souls (edited by me)');
  await a.getByRole('button', { name: 'Save' }).click();
  await expect(log(b).getByText('Hello brave souls (edited by me)')).toBeVisible();
  await expect(log(b).getByText('(edited)')).toBeVisible();

  // Issue 39 (bTrading): a name in chat opens the offer composer addressed to that member.
  await received.getByRole('button', { name: `Actions for the message by ${alice.userName}` }).click();
  await b.getByRole('menuitem', { name: 'Offer a trade' }).click();
  await expect(b).toHaveURL(new RegExp(`/trades/new\\?to=${alice.userName}$`));
  await expect(b.getByLabel('To (username)')).toHaveValue(alice.userName);

  await a.context().close();
  await b.context().close();
});

test('Howl: the viewer’s button attaches a collectible, and the message shows it as a card linking to the viewer', async ({
  browser,
  request,
}) => {
  const member = await registerMember(request);
  const room = freshChannel('howl');
  const inventory = await request.post('/api/portal/getInventory', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  const item = (await inventory.json()).aCollections[0].aItems[0] as {
    sItemID: string;
    publicMetadata: { name: string };
  };

  const page = await browser.newPage();
  await signInPage(page, member);
  await page.goto(`/inventory/item?sItemID=${item.sItemID}`);
  await expect(page.getByRole('heading', { level: 1, name: item.publicMetadata.name })).toBeVisible();
  await page.getByRole('link', { name: 'Howl' }).click();
  await expect(page).toHaveURL(new RegExp(`/chat\\?sItemID=${item.sItemID}$`));
  await enterChannel(page, room.name);
  await expect(page.getByText('Howled collectible')).toBeVisible();
  await expect(page.getByText(item.publicMetadata.name).first()).toBeVisible();
  await composer(page).fill('Behold my latest Agent!');
  await composer(page).press('Enter');

  const message = log(page).getByRole('listitem').filter({ hasText: 'Behold my latest Agent!' });
  const card = message.getByRole('link', { name: new RegExp(`^${item.publicMetadata.name}.*open in the viewer`) });
  await expect(card).toBeVisible();
  await expect(card).toContainText(/Common|Uncommon|Rare|Epic|Legendary/);
  await expect(page).toHaveURL(/\/chat$/);
  await snap(page, 'chat-howl-1280');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/viewer\\?sItemID=${item.sItemID}$`));
  await expect(page.getByRole('heading', { level: 1, name: item.publicMetadata.name })).toBeVisible();
  await page.context().close();
});

test('a muted member sees why they cannot send, the moment it happens', async ({ browser, request }) => {
  const member = await registerMember(request);
  const room = freshChannel('mute');
  const page = await openChat(browser, member);
  await enterChannel(page, room.name);
  await composer(page).fill('Before the silence');
  await composer(page).press('Enter');
  await expect(log(page).getByText('Before the silence')).toBeVisible();

  admin('members', 'chat', 'mute', member.userName, '2h', '--reason', 'Spamming the lore channel');
  const notice = page.getByRole('status').filter({ hasText: 'You are muted' });
  await expect(notice).toBeVisible({ timeout: 15_000 });
  await expect(notice).toContainText('Reason: Spamming the lore channel');
  await expect(notice).toContainText('You can read the channels, but not write in them.');
  await expect(composer(page)).toHaveCount(0);
  await snap(page, 'chat-muted-1280');
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'chat-muted-375');

  // A fresh load says so too; lifting the mute gives the composer back.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'You are muted' })).toBeVisible();
  admin('members', 'chat', 'unmute', member.userName);
  await expect(composer(page)).toBeVisible({ timeout: 15_000 });
  await page.context().close();
});

test('a chat operator deletes another member’s message from its menu, and mutes its author', async ({
  browser,
  request,
}) => {
  const writer = await registerMember(request);
  const moderator = await registerMember(request);
  admin('members', 'chat', 'operator', 'add', moderator.userName);
  const room = freshChannel('moderate');

  const w = await openChat(browser, writer);
  const m = await openChat(browser, moderator);
  await enterChannel(w, room.name);
  await enterChannel(m, room.name);
  await composer(w).fill('Something that breaks the rules');
  await composer(w).press('Enter');
  const target = log(m).getByRole('listitem').filter({ hasText: 'Something that breaks the rules' });
  await expect(target).toBeVisible();

  await target.getByRole('button', { name: `Actions for the message by ${writer.userName}` }).click();
  await expect(m.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await m.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = m.getByRole('dialog', { name: 'Delete this message?' });
  await expect(confirm).toContainText(`The message by ${writer.userName} is removed for everyone.`);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(log(m).getByText('Something that breaks the rules')).toHaveCount(0);
  await expect(log(w).getByText('Something that breaks the rules')).toHaveCount(0);

  // An ordinary member gets no Delete on someone else's message.
  await expect(confirm).toHaveCount(0);
  await composer(m).fill('Please keep it civil.');
  await composer(m).press('Enter');
  const notice = log(w).getByRole('listitem').filter({ hasText: 'Please keep it civil.' });
  await notice.getByRole('button', { name: `Actions for the message by ${moderator.userName}` }).click();
  await expect(w.getByRole('menuitem', { name: 'Report' })).toBeVisible();
  await expect(w.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);

  // The operator mutes the writer from the menu: the writer is told at once, with the reason.
  await composer(w).fill('I will not stop');
  await composer(w).press('Enter');
  const defiant = log(m).getByRole('listitem').filter({ hasText: 'I will not stop' });
  await defiant.getByRole('button', { name: `Actions for the message by ${writer.userName}` }).click();
  await m.getByRole('menuitem', { name: `Mute ${writer.userName}` }).click();
  const muteDialog = m.getByRole('dialog', { name: `Mute ${writer.userName}` });
  await muteDialog.getByLabel('1 day').check();
  await muteDialog.getByLabel('Reason, shown to the member').fill('Ignoring the rules');
  await snap(m, 'chat-mute-dialog-1280');
  await muteDialog.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(muteDialog.getByText(`${writer.userName} is muted.`)).toBeVisible();
  await expect(w.getByRole('status').filter({ hasText: 'You are muted' })).toContainText('Reason: Ignoring the rules.');
  expect(admin('members', 'chat', 'mutes')).toMatch(
    new RegExp(`${writer.userName}\\s+until .*Ignoring the rules\\s+by operator:${moderator.userName}`),
  );
  admin('members', 'chat', 'unmute', writer.userName);
  expect(admin('members', 'chat', 'operator', 'remove', moderator.userName)).toMatch(/no longer a chat operator/);
  await w.context().close();
  await m.context().close();
});

test('a dropped connection shows, reconnects by itself, and catches up on what was said meanwhile', async ({
  browser,
  request,
}) => {
  const speaker = await registerMember(request);
  const listener = await registerMember(request);
  const room = freshChannel('drop');
  const s = await openChat(browser, speaker);
  await enterChannel(s, room.name);

  // The listener's socket passes through the test, which can cut it like a lost network.
  const context = await browser.newContext();
  const l = await context.newPage();
  let socket: WebSocketRoute | null = null;
  let connections = 0;
  await l.routeWebSocket(/\/api\/chat/, (route) => {
    connections++;
    socket = route;
    route.connectToServer();
  });
  await signInPage(l, listener);
  await l.goto('/chat');
  await enterChannel(l, room.name);
  await composer(s).fill('Before the storm');
  await composer(s).press('Enter');
  await expect(log(l).getByText('Before the storm')).toBeVisible();

  await (socket as WebSocketRoute | null)?.close({ code: 4000, reason: 'network lost' });
  await expect(l.getByRole('status').filter({ hasText: /Reconnecting/ })).toBeVisible();
  await composer(s).fill('Said while you were away');
  await composer(s).press('Enter');
  await expect(log(s).getByText('Said while you were away')).toBeVisible();

  await expect(l.getByRole('status').filter({ hasText: 'Live' })).toBeVisible({ timeout: 15_000 });
  expect(connections).toBe(2);
  await expect(log(l).getByText('Said while you were away')).toBeVisible();
  await expect(log(l).getByText('Before the storm')).toHaveCount(1);
  await s.context().close();
  await context.close();
});

test('signing out on another device ends the open chat too: the tab goes to /login, and does not reconnect', async ({
  browser,
  request,
}) => {
  const member = await registerMember(request);
  const page = await openChat(browser, member);
  let connections = 0;
  page.on('websocket', () => connections++);

  // The same session, signed out from elsewhere (issue 26): its socket closes, the tab is signed out.
  const signedOut = await request.post('/api/auth/sign-out', {
    headers: { authorization: `Bearer ${member.token}` },
    data: {},
  });
  expect(signedOut.status()).toBe(200);
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForTimeout(1500);
  expect(connections).toBe(0);
  await page.context().close();
});
