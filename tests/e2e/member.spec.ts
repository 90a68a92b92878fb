import { type APIRequestContext, expect, test } from '@playwright/test';
import {
  admin,
  closeRewardPopups,
  expectAccessible,
  type Member,
  registerMember,
  rewardPopupsSettled,
  signInPage,
  snap,
} from './support';

async function userData(request: APIRequestContext, member: Member) {
  const response = await request.post('/api/portal/getUserData', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  return (await response.json()).pUserData as Record<string, unknown>;
}

test.describe('member core', () => {
  test('a new member sees the reward popups in the spec order, once, on every device', async ({
    page,
    browser,
    request,
  }) => {
    const member = await registerMember(request, { keepNotices: true });
    await signInPage(page, member);
    await page.goto('/home');

    const dialog = page.locator('dialog[data-state="open"]');
    await expect(dialog).toContainText(
      'You received a free Digital Collectible: Agent just for registering as a Member!',
    );
    await expect(dialog.locator('img')).toHaveAttribute('src', /\/media\/agents\/.+\.svg\?v=/);
    await snap(page, 'home-popup-1280');
    await expectAccessible(page);

    const popups = await closeRewardPopups(page);
    expect(popups[0]).toContain('just for registering as a Member!');
    expect(popups[1]).toContain('You received a free Digital Collectible: Mythopedia for registering!');
    expect(popups[2]).toMatch(/1 raffle ticket/);
    expect(popups[3]).toMatch(/Day 1/);
    expect(popups).toHaveLength(4);
    await snap(page, 'home-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'home-375');

    await page.reload();
    await expect(page.getByRole('heading', { name: `Welcome, ${member.userName}` })).toBeVisible();
    await rewardPopupsSettled(page);
    await expect(dialog).toHaveCount(0);
    // The query cache is persisted to localStorage under "cache" (docs/product.md §7), stamped with the build.
    await expect.poll(() => page.evaluate(() => window.localStorage.getItem('cache') ?? '')).toContain('"userData"');
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem('cache') ?? '{}').buster)).toBeTruthy();

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await signInPage(otherPage, member);
    await otherPage.goto('/home');
    await expect(otherPage.getByRole('heading', { name: `Welcome, ${member.userName}` })).toBeVisible();
    await rewardPopupsSettled(otherPage);
    await expect(otherPage.locator('dialog[data-state="open"]')).toHaveCount(0);
    await other.close();
  });

  test('a referral gives the new member 2 tickets in total and the referrer one more', async ({ page, request }) => {
    const referrer = await registerMember(request, { keepNotices: true });
    const code = (await userData(request, referrer)).sReferralCode as string;
    const before = (await userData(request, referrer)).iRaffleTickets as number;

    const friend = await registerMember(request, { referralCode: code, keepNotices: true });
    await signInPage(page, friend);
    await page.goto('/home');
    const popups = await closeRewardPopups(page);
    const tickets = popups.find((text) => text.includes('raffle ticket')) ?? '';
    expect(tickets).toContain('2 raffle tickets');
    expect(tickets).toContain('1 for joining as a new member');
    expect(tickets).toContain('1 for a referral');
    expect((await userData(request, referrer)).iRaffleTickets).toBe(before + 1);
  });

  test('an invalid referral code says so', async ({ page, request }) => {
    const member = await registerMember(request, { referralCode: 'NOSUCHCODE', keepNotices: true });
    await signInPage(page, member);
    await page.goto('/home');
    const popups = await closeRewardPopups(page);
    expect(popups).toContainEqual(expect.stringContaining('Invalid referral code used.'));
  });

  test('the M1 Demo Agent comes first, and its viewer plays the video', async ({ page, request }) => {
    const member = await registerMember(request, { keepNotices: true });
    admin('members', 'grant', 'demo-agent', member.email);
    await signInPage(page, member);
    await page.goto('/home');
    const popups = await closeRewardPopups(page);
    expect(popups[0]).toContain('You received a free Digital Collectible: Agent for beating the M1 Demo!');

    await page.getByRole('link', { name: 'Inventory' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory');
    await page
      .getByRole('link', { name: /Monster Breaker/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/inventory\/item\?sItemID=[a-z2-9]{16}$/);
    const video = page.locator('video');
    await expect(video).toBeVisible();
    await expect(video).toContainText('Your browser does not support the video tag.');
    await expect(video.locator('source')).toHaveAttribute('type', 'video/mp4');
    await snap(page, 'item-video-1280');
  });

  test('inventory groups by collection, the viewer shows traits, minting, description and full screen', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request, { keepNotices: true });
    await signInPage(page, member);
    await page.goto('/home');
    await closeRewardPopups(page);

    await page.getByRole('link', { name: 'Inventory' }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inventory');
    await expect(page.getByRole('heading', { name: /Agents/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Mythopedia/ })).toBeVisible();
    await snap(page, 'inventory-1280');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Agents' }).first().click();
    await expect(page).toHaveURL(/sCollectionID=agent$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agents' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await snap(page, 'collectibles-1280');

    await page.locator('a[href^="/inventory/item"]').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const trait of ['Level', 'XP', 'Rarity', 'Stars', 'Generation']) {
      await expect(page.locator('dt', { hasText: trait })).toBeVisible();
    }
    await expect(
      page
        .locator('dd')
        .getByText(/^(\d{1,3}%|< 1%)$/)
        .first(),
    ).toBeVisible();
    await expect(page.getByText('Minting...')).toHaveCount(0); // bShowBlockchainID is off
    await snap(page, 'item-1280');
    await expectAccessible(page);

    const toggle = page.getByRole('button', { name: 'Description' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Description' })).toHaveAttribute('aria-expanded', 'false');
    await page.getByRole('button', { name: 'Description' }).click();

    await page.keyboard.press('F1');
    await expect(page.locator('article[data-header-open="true"]')).toHaveCount(1);
    await page.keyboard.press('F1');
    await expect(page.locator('article[data-header-open="false"]')).toHaveCount(1);

    await page.getByRole('button', { name: /full screen/ }).click();
    const full = page.locator('dialog[data-state="open"]');
    await expect(full.locator('img')).toBeVisible();
    await snap(page, 'item-fullscreen-1280');
    await page.keyboard.press('Escape');
    await expect(full).toHaveCount(0);
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'item-375');
  });

  test('/viewer shows a shared item signed out; another member cannot open it as theirs', async ({
    browser,
    page,
    request,
  }) => {
    const owner = await registerMember(request, { keepNotices: true });
    const inventory = await request.post('/api/portal/getInventory', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    const itemId = (await inventory.json()).aCollections[0].aItems[0].sItemID as string;

    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`/viewer?sItemID=${itemId}`);
    await expect(strangerPage.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(strangerPage.getByRole('link', { name: 'Howl' })).toHaveCount(0);
    await snap(strangerPage, 'viewer-signed-out-1280');
    await expectAccessible(strangerPage);
    await stranger.close();

    const other = await registerMember(request, { keepNotices: true });
    await signInPage(page, other);
    await page.goto(`/inventory/item?sItemID=${itemId}`);
    await expect(page.getByRole('heading', { name: 'This collectible is not here' })).toBeVisible();
  });
});
