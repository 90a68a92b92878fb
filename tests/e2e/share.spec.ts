import { expect, test } from '@playwright/test';
import {
  closeRewardPopups,
  expectAccessible,
  latestMail,
  PASSWORD,
  registerMember,
  signInPage,
  snap,
  uniqueEmail,
  uniqueUserName,
} from './support';

/** Issue 28: a shared collectible credits the sharer, and its link preview is a PNG the big apps show. */

test('a member shares an Agent; a friend joins from the share page and the sharer is credited', async ({
  browser,
  page,
  request,
}) => {
  const sharer = await registerMember(request);
  const auth = { authorization: `Bearer ${sharer.token}` };
  const before = (await (await request.post('/api/portal/getUserData', { headers: auth })).json()).pUserData;
  const inventory = await (await request.post('/api/portal/getInventory', { headers: auth })).json();
  const item = inventory.aCollections[0].aItems[0] as { sItemID: string; publicMetadata: { name: string } };

  // The sharer copies the link from their item's page: it carries their referral code.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInPage(page, sharer);
  await page.goto(`/inventory/item?sItemID=${item.sItemID}`);
  await page.getByRole('button', { name: 'Copy share link' }).click();
  await expect(page.getByRole('button', { name: 'Share link copied' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/viewer\\?sItemID=${item.sItemID}&rb=${before.sReferralCode}$`));

  // The preview apps read: og:url keeps the code, og:image is a PNG of 1200×630.
  const html = await (await request.get(link)).text();
  expect(html).toContain(`<meta property="og:url" content="${link.replace('&', '&amp;')}"`);
  const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1] as string;
  expect(image).toMatch(/\/media\/previews\/.+\.png\?v=/);
  const png = await request.get(image);
  expect(png.status()).toBe(200);
  expect(png.headers()['content-type']).toBe('image/png');
  const bytes = await png.body();
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);

  // A friend opens it signed out and joins through the page's button.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  await expect(friend.getByTestId('owner')).toContainText(`Held by ${sharer.userName}`);
  const join = friend.getByRole('link', { name: 'Join the club and get your free Agent' });
  await expect(join).toHaveAttribute('href', `/register?rb=${before.sReferralCode}`);
  await expect(friend.getByRole('banner').getByRole('link', { name: 'Join the club' })).toHaveAttribute(
    'href',
    `/register?rb=${before.sReferralCode}`,
  );
  await snap(friend, 'share-viewer-1280');
  await expectAccessible(friend);
  await friend.setViewportSize({ width: 375, height: 812 });
  await snap(friend, 'share-viewer-375');
  await join.click();
  await expect(friend).toHaveURL(new RegExp(`/register\\?rb=${before.sReferralCode}$`));
  await expect(friend.getByLabel('Referral code')).toHaveValue(before.sReferralCode);
  const email = uniqueEmail('friend');
  const friendName = uniqueUserName('fr');
  await friend.getByLabel('Email').fill(email);
  await friend.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await friend.getByLabel('Username').fill(friendName);
  await friend.getByRole('button', { name: 'Register' }).click();
  await expect(friend).toHaveURL(/\/verify$/);
  await latestMail(request, email, /verify/i);
  await friendContext.close();

  // The sharer is credited: a raffle ticket, and a notice that names the friend.
  await expect
    .poll(
      async () =>
        (await (await request.post('/api/portal/getUserData', { headers: auth })).json()).pUserData.iRaffleTickets,
    )
    .toBe(before.iRaffleTickets + 1);
  await page.goto('/home');
  const popups = await closeRewardPopups(page);
  expect(popups.join('\n')).toContain('1 for a referral');
  expect(popups.join('\n')).toContain(`Your referral joined ${friendName} joined the club with your referral code.`);
});
