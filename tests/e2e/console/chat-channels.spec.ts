import { expect, test } from '@playwright/test';
import { expectAccessible, registerMember, signInPage, uniqueEmail } from '../support';
import { bootstrapOperator, consoleSignInPage, dialogSettled, snapWidths } from './support';

/**
 * Issue 29: a moderator adds a channel with a topic and slow mode in the console; a member sees it
 * in /chat, and it goes when the moderator archives it. The channel is this test's own.
 */

test('a moderator adds a channel with topic and slow mode; a member sees it in /chat until it is archived', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const id = `e2e-ch-${stamp}`.slice(0, 32);
  const name = `Lanterns ${stamp}`;
  const topic = 'Festival talk, one message a minute';
  const moderator = await bootstrapOperator(null, request, uniqueEmail('chan-op'), 'moderator');
  const member = await registerMember(request);

  await consoleSignInPage(page, moderator);
  await page.goto('/console/live/chat');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat channels' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '#general' })).toBeVisible();
  // A moderator runs channels, not game vars: the limits show without a lever.
  await expect(page.getByText('Only admins change them.')).toBeVisible();

  await page.getByRole('button', { name: 'Add channel' }).click();
  const add = page.getByRole('dialog', { name: 'Add a channel' });
  await dialogSettled(add);
  await add.getByLabel('Channel id').fill(id);
  await add.getByLabel('Name').fill(name);
  await add.getByLabel('Topic').fill(topic);
  await add.getByLabel('Slow mode (seconds)').fill('60');
  await add.getByLabel('Reason').fill('Lantern festival this week');
  await snapWidths(page, 'console-chat-add-channel');
  await expectAccessible(page);
  await add.getByRole('button', { name: 'Add channel' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Channel ${id} added` })).toBeVisible();
  await expect(add).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `#${id}` });
  await expect(row).toContainText(topic);
  await expect(row).toContainText('60 s');
  await expect(row).toContainText('Open');
  await snapWidths(page, 'console-chat-channels');
  await expectAccessible(page);

  // The member sees it in /chat with its topic (the chat sync brings operator changes within seconds).
  const chat = await (await browser.newContext()).newPage();
  await signInPage(chat, member);
  await chat.goto('/chat');
  await expect(chat.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
  const channels = chat.getByRole('navigation', { name: 'Channels' });
  const button = channels.getByRole('button', { name: new RegExp(`^${name}(?!\\w)`) });
  await expect(button).toBeVisible({ timeout: 15_000 });
  await button.click();
  await expect(chat.getByRole('heading', { level: 2, name: `# ${name}` })).toBeVisible();
  await expect(chat.getByText(topic)).toBeVisible();

  await row.getByRole('button', { name: `Archive ${id}` }).click();
  const archive = page.getByRole('dialog', { name: `Archive #${id}` });
  await dialogSettled(archive);
  await archive.getByLabel('Reason').fill('Festival over');
  await archive.getByRole('button', { name: 'Archive' }).click();
  await expect(row).toContainText('Archived');
  await expect(button).toBeHidden({ timeout: 15_000 });
});
