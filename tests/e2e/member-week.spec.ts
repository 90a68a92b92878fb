import { expect, type Page, test } from '@playwright/test';
import {
  closeRewardPopups,
  expectAccessibleStrict,
  latestMail,
  type Member,
  registerMember,
  signInPage,
  snap,
} from './support';

/** Issue 28: what a member trips on in their second week, each a flow that failed before. */

const PHONE = { width: 375, height: 812 };
const openDialog = (page: Page) => page.locator('dialog[data-state="open"]');

async function memberItem(request: Parameters<typeof registerMember>[0], member: Member): Promise<string> {
  const inventory = await request.post('/api/portal/getInventory', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  return (await inventory.json()).aCollections[0].aItems[0].sItemID as string;
}

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the store says what a member cannot afford, on the card and beside Buy without scrolling', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/rewardstore');
    const card = page.locator('[data-store-item="tide-warden"]');
    await expect(card).toContainText('You need 145 points more');
    await card.click();
    const dialog = openDialog(page);
    const notice = dialog.getByText('You need 145 points more to buy this.');
    await expect(notice).toBeInViewport();
    await expect(dialog.getByRole('button', { name: 'Buy for 150 points' })).toBeDisabled();
    await snap(page, 'week-store-short-375');
    await expectAccessibleStrict(page, 'store dialog 375');
    await page.keyboard.press('Escape');
    await expect(openDialog(page)).toHaveCount(0);
    await expect(card).toBeFocused();
  });

  test('the daily strip opens on today, says it scrolls, and scrolls by keyboard', async ({ page, request }) => {
    const member = await registerMember(request);
    await page.route('**/api/portal/getUserData', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body.pUserData) body.pUserData.iDailyRewardDay = 6;
      await route.fulfill({ response, json: body });
    });
    await signInPage(page, member);
    await page.goto('/home');
    const strip = page.getByRole('list', { name: 'Daily login rewards' });
    await expect(strip.locator('[data-state="today"]')).toContainText('Day 6');
    await expect(strip.locator('[data-state="today"]')).toBeInViewport({ ratio: 0.9 });
    await expect(page.getByText('Swipe sideways for all 7 days')).toBeVisible();
    await expect(strip).toHaveAttribute('tabindex', '0');
    await snap(page, 'week-daily-375');
    await expectAccessibleStrict(page, '/home 375');
  });

  test('the chat composer shows without scrolling, and a message menu gives focus back on Escape', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/chat');
    const composer = page.getByRole('textbox', { name: /^Message #/ });
    await expect(composer).toBeInViewport();
    await composer.fill(`Second week, still here ${Date.now()}`);
    await composer.press('Enter');
    const menu = page.getByRole('button', { name: `Actions for the message by ${member.userName}` }).last();
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(menu).toBeFocused();
    await snap(page, 'week-chat-375');
    await expectAccessibleStrict(page, '/chat 375');
  });

  test('the signed-out header keeps "Log In" on one line', async ({ page }) => {
    for (const path of ['/games', '/instructions']) {
      await page.goto(path);
      const logIn = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Log In' });
      await expect(logIn).toBeVisible();
      const box = await logIn.boundingBox();
      // One line of text: no "Log / In".
      expect(box?.height ?? 0, path).toBeLessThan(30);
    }
    await snap(page, 'week-header-signed-out-375');
  });
});

test('one skip link on every page: the first Tab, and Enter lands in the page', async ({ page, request }) => {
  const member = await registerMember(request);
  await page.goto('/games');
  // A person presses Tab once the page shows, not while the loading text does.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Games');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await signInPage(page, member);
  await page.goto('/rewardstore');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reward Store');
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main')).toBeFocused();
  // The next Tab is inside the page, not back in the navigation bar.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#main')))).toBe(true);
});

test('the last welcome popup gives focus to the page, not the body', async ({ page, request }) => {
  const member = await registerMember(request, { keepNotices: true });
  await signInPage(page, member);
  await page.goto('/home');
  await closeRewardPopups(page);
  await expect(openDialog(page)).toHaveCount(0);
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
});

test('the inventory counts one raffle ticket as one, and the verify page says its sentence once', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signInPage(page, member);
  await page.goto('/inventory');
  await expect(page.getByRole('main').getByText('1 raffle ticket', { exact: true })).toBeVisible();

  const unverified = await registerMember(request, { verified: false });
  const other = await page.context().browser()?.newContext();
  const verifyPage = await (other as NonNullable<typeof other>).newPage();
  await signInPage(verifyPage, unverified);
  // The page sends the first mail itself, then counts down a minute before Resend: the count runs on
  // the page's clock, moved a second at a time (React sets the next second's timer after each render).
  await verifyPage.clock.install();
  await verifyPage.goto('/verify');
  const countdown = verifyPage.getByRole('button', { name: /^Resend in \d+ s$/ });
  await expect(countdown).toBeDisabled();
  for (let second = 0; second <= 60 && (await countdown.isVisible()); second++) await verifyPage.clock.runFor(1000);
  await verifyPage.getByRole('button', { name: 'Resend the email' }).click();
  await expect(verifyPage.getByText(`We sent a verification link to ${unverified.email}.`)).toBeVisible();
  await expect(verifyPage.getByText(unverified.email)).toHaveCount(1);
  await snap(verifyPage, 'week-verify-1280');
  await other?.close();
});

test('a password change is confirmed by email', async ({ page, request }) => {
  const member = await registerMember(request);
  await signInPage(page, member);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Change password' }).click();
  await page.getByLabel('Current password').fill(member.password);
  await page.getByLabel('New password', { exact: true }).fill('second-week-pass-7');
  await page.getByLabel('Repeat the new password').fill('second-week-pass-7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password is changed.', { exact: false })).toBeVisible();
  const mail = await latestMail(request, member.email, /password was changed/i);
  expect(mail.text).toContain('The password of your portal account was just changed');
  expect(mail.links.some((link) => link.endsWith('/forgotpassword'))).toBe(true);
});

test('the help page covers earning, the draw, the controls, chat rules, security and a contact address', async ({
  page,
}) => {
  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    await page.setViewportSize(viewport);
    await page.goto('/instructions');
    const main = page.getByRole('main');
    for (const name of [
      'Points and tickets',
      'The weekly raffle, and how to check the draw',
      'Monster Breaker controls',
      'Chat rules',
      'Your account',
      'Contact',
    ]) {
      await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expect(main).not.toContainText(/coming soon/i);
    await expect(main.getByRole('link', { name: 'draw viewer' })).toHaveAttribute('href', '/raffleviewer');
    await expect(main.locator('kbd', { hasText: 'Esc' })).toBeVisible();
    // The address the server is configured with (SUPPORT_EMAIL; by default support@ its host).
    await expect(main.getByRole('link', { name: 'support@localhost' })).toHaveAttribute(
      'href',
      'mailto:support@localhost',
    );
    // Nothing is bold and teal unless it is a link.
    expect(await main.locator('strong, b').count()).toBe(0);
    await snap(page, `week-help-${viewport.width}`);
    await expectAccessibleStrict(page, `/instructions ${viewport.width}`);
  }
});

// 38 screens under axe take minutes on a slow machine: one test per width, which the two workers share.
test.describe('axe finds nothing on the member screens', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    test(`at ${viewport.width}, signed out and in`, async ({ page, request }) => {
      test.setTimeout(300_000);
      const member = await registerMember(request);
      const itemId = await memberItem(request, member);
      const signedOut = [
        '/login',
        '/register',
        '/instructions',
        '/games',
        '/cursebreaker',
        `/viewer?sItemID=${itemId}`,
      ];
      const signedIn = [
        '/home',
        '/inventory',
        '/inventory/collectibles?sCollectionID=agent',
        `/inventory/item?sItemID=${itemId}`,
        '/games',
        '/cursebreaker',
        '/raffle',
        '/raffleviewer',
        '/rewardstore',
        '/rewardstore?tab=history',
        '/account',
        '/chat',
        '/instructions',
      ];
      const sweep = async (paths: string[], label: (path: string) => string) => {
        for (const path of paths) {
          await page.goto(path);
          await page.waitForLoadState('networkidle');
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('[role="status"]:has-text("Consulting Cthulhu")')).toHaveCount(0);
          await expectAccessibleStrict(page, label(path));
        }
      };
      await page.setViewportSize(viewport);
      await sweep(signedOut, (path) => `${path} signed out at ${viewport.width}`);
      await signInPage(page, member);
      await sweep(signedIn, (path) => `${path} at ${viewport.width}`);
    });
  }
});
