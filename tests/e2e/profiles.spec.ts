import { expect, type Page, test } from '@playwright/test';
import { admin, expectAccessible, openAs, registerMember, snap } from './support';

/**
 * Profiles (issue 28): a member picks one of their Agents as avatar on /account and sees it in the
 * header and on their chat messages; turns on their public page /u/<name>, which a visitor opens
 * signed out with its collectibles; turned off, it is not found (404 for the document too).
 */

const profileCard = (page: Page) =>
  page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Avatar and public profile' }) })
    .last();

test('an avatar in the header and in chat; a public profile a visitor sees, then not found', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const alice = await registerMember(request);
  // A second Agent, so the choice differs from the default (the first Agent).
  admin('members', 'grant', 'demo-agent', alice.userName);
  // Its gift popup is not what this flow is about.
  const ack = await request.post('/api/portal/ackNotices', {
    headers: { authorization: `Bearer ${alice.token}` },
    form: { sKinds: 'pNFT,pRegisterNFT,pArtNFT' },
  });
  expect((await ack.json()).iErrorCode).toBe(0);

  const account = await openAs(browser, alice, '/account');
  const card = profileCard(account);
  const avatars = card.getByRole('group', { name: 'Avatar' });
  await expect(avatars.getByRole('radio')).toHaveCount(3);
  await expect(avatars.getByRole('radio', { name: 'Default' })).toBeChecked();
  const second = avatars.locator('label').nth(2);
  const chosenArt = await second.locator('img').getAttribute('src');
  expect(chosenArt).toBeTruthy();
  // By keyboard: the radio group moves with the arrow keys.
  await avatars.getByRole('radio', { name: 'Default' }).focus();
  await account.keyboard.press('ArrowRight');
  await account.keyboard.press('ArrowRight');
  await expect(second.getByRole('radio')).toBeChecked();
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expect(card.getByRole('status')).toHaveText('Profile saved.');
  await expect(account.getByTestId('navbar-avatar').locator('img')).toHaveAttribute('src', chosenArt as string);

  // Chat: the message carries the chosen Agent.
  const channel = `e2e-prof-${Date.now().toString(36)}`.slice(0, 32);
  const channelName = `profiles ${Math.random().toString(36).slice(2, 6)}`;
  admin('members', 'chat', 'channel', 'add', channel, channelName, '--topic', 'Where the profile test talks');
  const chat = await openAs(browser, alice, '/chat');
  const channelButton = chat.getByRole('navigation', { name: 'Channels' }).getByRole('button', {
    name: new RegExp(`^${channelName}`),
  });
  await expect(channelButton).toBeVisible({ timeout: 15_000 });
  await channelButton.click();
  const composer = chat.getByRole('textbox', { name: /^Message #/ });
  await composer.fill('My new face from the deep');
  await composer.press('Enter');
  const message = chat.getByRole('log').getByRole('listitem').filter({ hasText: 'My new face from the deep' });
  await expect(message.locator(`img[src="${chosenArt}"]`)).toBeVisible();
  await expect(chat.getByTestId('navbar-avatar').locator('img')).toHaveAttribute('src', chosenArt as string);

  // The public page: off by default.
  const visitor = await openAs(browser, null, `/u/${alice.userName}`);
  await expect(visitor.getByRole('heading', { name: 'This profile is not here.' })).toBeVisible();
  expect((await visitor.request.get(`/u/${alice.userName}`)).status()).toBe(404);

  await account.reload();
  const showcase = card.getByRole('group', { name: 'Collectibles on your profile' });
  const shownNames: string[] = [];
  for (const index of [0, 1]) {
    const option = showcase.locator('label').nth(index);
    shownNames.push((await option.innerText()).trim());
    await option.getByRole('checkbox').check();
  }
  await expect(showcase).toContainText('2 of 6 chosen.');
  const publicBox = card.getByRole('checkbox', { name: /Public profile page/ });
  await publicBox.focus();
  await account.keyboard.press('Space');
  await expect(publicBox).toBeChecked();
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expect(card.getByRole('status')).toHaveText('Profile saved.');
  await expect(card.getByRole('link', { name: 'View your public page' })).toHaveAttribute(
    'href',
    `/u/${alice.userName}`,
  );
  await snap(account, 'profiles-account-1280');
  await expectAccessible(account);
  await account.setViewportSize({ width: 375, height: 900 });
  await snap(account, 'profiles-account-375');
  await expectAccessible(account);

  const response = await visitor.goto(`/u/${alice.userName}`);
  expect(response?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: alice.userName })).toBeVisible();
  const items = visitor.getByRole('region', { name: 'Collectibles' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  for (const name of shownNames) await expect(items.filter({ hasText: name })).toHaveCount(1);
  await expect(visitor.locator(`img[src="${chosenArt}"]`).first()).toBeVisible();
  await expect(visitor.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${alice.userName} · Cthulhu Portal`,
  );
  // One description, the profile's (issue 42: the generic one came first).
  await expect(visitor.locator('meta[name="description"]')).toHaveAttribute('content', new RegExp(alice.userName));
  await expect(visitor.getByRole('link', { name: 'Join the club' }).first()).toBeVisible();
  await snap(visitor, 'profiles-page-1280');
  await expectAccessible(visitor);
  const phone = await openAs(browser, null, `/u/${alice.userName}`, 375);
  await expect(phone.getByRole('heading', { level: 1, name: alice.userName })).toBeVisible();
  await expect(phone.getByRole('region', { name: 'Collectibles' }).getByRole('listitem')).toHaveCount(2);
  await snap(phone, 'profiles-page-375');
  await expectAccessible(phone);

  // Turned off: not found again.
  await account.setViewportSize({ width: 1280, height: 900 });
  await publicBox.uncheck();
  await card.getByRole('button', { name: 'Save profile' }).click();
  await expect(card.getByRole('status')).toHaveText('Profile saved.');
  const gone = await visitor.goto(`/u/${alice.userName}`);
  expect(gone?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: 'This profile is not here.' })).toBeVisible();
});
