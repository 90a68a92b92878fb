import { expect, type Page, test } from '@playwright/test';
import { admin, closeRewardPopups, expectAccessible, registerMember, signInPage, snap } from '../support';

/**
 * Issue 42 item 1: "Mark all read" with an announcement (News) and a chat mention in the bell
 * clears both, and the badge stays clear after a reload. On the operator server: an announcement
 * to everyone would reach the parallel members' flows.
 */
const bell = (page: Page) => page.getByTestId('bell');
const panel = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

test('"Mark all read" clears an announcement and a mention, and it holds after a reload', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const member = await registerMember(request);
  const friend = await registerMember(request);
  const channel = `e2e-read-${Date.now().toString(36)}`.slice(0, 32);
  const channelName = `read ${Math.random().toString(36).slice(2, 6)}`;
  admin('operator', 'chat', 'channel', 'add', channel, channelName, '--topic', 'Where the mark-all test talks');

  await signInPage(page, member);
  await page.goto('/home');
  await expect(bell(page)).toHaveAccessibleName('Notifications');

  // The announcement: its popup once, then the bell keeps it as News.
  const title = `Tide ${Date.now().toString(36)}`;
  admin('operator', 'announce', 'send', '--title', title, '--body', 'The tide turns at midnight.');
  const popup = page.getByRole('dialog', { name: title });
  await expect(popup).toBeVisible({ timeout: 20_000 });
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup).toBeHidden();
  await expect(bell(page)).toHaveAccessibleName('Notifications: 1 unread');

  // The mention, from the friend's chat.
  const chatContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const chat = await chatContext.newPage();
  await signInPage(chat, friend);
  await chat.goto('/chat');
  // The friend gets the announcement's popup too, whenever their popups load: closed first.
  await closeRewardPopups(chat);
  const channelButton = chat.getByRole('navigation', { name: 'Channels' }).getByRole('button', {
    name: new RegExp(`^${channelName}`),
  });
  await expect(channelButton).toBeVisible({ timeout: 15_000 });
  await channelButton.click();
  const composer = chat.getByRole('textbox', { name: /^Message #/ });
  await composer.fill(`@${member.userName} did you see the news?`);
  await composer.press('Escape');
  await composer.press('Enter');
  await expect(chat.getByRole('log').getByText('did you see the news?')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications: 2 unread');

  await bell(page).click();
  const news = panel(page).getByRole('button', { name: new RegExp(title) });
  const mention = panel(page).getByRole('button', { name: /mentioned you/ });
  await expect(news).toContainText('Unread.');
  await expect(news).toContainText('News');
  await expect(mention).toContainText('Unread.');
  await snap(page, 'notifications-mark-all-before-1280');
  await panel(page).getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(news).not.toContainText('Unread.');
  await expect(mention).not.toContainText('Unread.');
  await expect(panel(page).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await snap(page, 'notifications-mark-all-after-1280');
  await expectAccessible(page);

  // A reload asks the server: still read.
  await page.reload();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await bell(page).click();
  await expect(panel(page).getByRole('button', { name: new RegExp(title) })).not.toContainText('Unread.');
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, 'notifications-mark-all-after-375');
  await chatContext.close();
});
