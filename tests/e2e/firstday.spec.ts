import { expect, test } from '@playwright/test';
import { authLink, expectAccessible, latestMail, registerMember, signInPage, snap } from './support';

/** Issue 16: a new member's first day — no dead ends, a reveal worth the wait, pages people share. */

test.describe('no dead ends', () => {
  test('a signed-in member keeps the member navbar on /games, /cursebreaker and /instructions; the logo goes home', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    for (const path of ['/games', '/cursebreaker', '/instructions']) {
      await page.goto(path);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Inventory' })).toBeVisible();
      await expect(page).toHaveTitle(/ · Cthulhu Portal$/);
    }
    await page.getByRole('link', { name: 'Cthulhu Portal' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page).toHaveTitle('Home · Cthulhu Portal');
  });

  test('the 404 page has art, a header, one way home, and a main landmark (signed out and in)', async ({
    page,
    request,
  }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'This page is lost in the void.' })).toBeVisible();
    await expect(page).toHaveURL(/\/no-such-page$/);
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.locator('main img[src="/lost.svg"]')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link')).toHaveCount(1);
    await expect(page).toHaveTitle('Page not found · Cthulhu Portal');
    await expectAccessible(page);
    await snap(page, 'firstday-404-out-1280');

    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/no-such-page');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In' })).toHaveCount(0);
    const home = page.getByRole('main').getByRole('link');
    await expect(home).toHaveCount(1);
    await expect(home).toHaveText('Back to home');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'firstday-404-in-375');
    await home.click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('/authaction and /maintenance have a main landmark', async ({ page }) => {
    await page.goto('/authaction?mode=verifyEmail');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByText('This link is not complete.')).toBeVisible();
  });
});

test('verification hand-off: the link tab says the address is verified, and the waiting /verify tab moves on by itself', async ({
  page,
  context,
  request,
}) => {
  const member = await registerMember(request, { verified: false });
  await signInPage(page, member);
  await page.goto('/verify');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  const mail = await latestMail(request, member.email, /verify/i);

  // The email link opens in a second tab of the same browser.
  const linkTab = await context.newPage();
  await linkTab.goto(authLink(mail));
  await expect(linkTab.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await expect(linkTab.getByTestId('verified-next')).toContainText('moves on by itself');
  await expect(linkTab.getByRole('main')).toBeVisible();
  await snap(linkTab, 'firstday-verified-link-1280');

  // The waiting tab noticed without a click.
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
});

test('a bad invite link lands on /login with the reason and a way to register without a code', async ({ page }) => {
  await page.goto('/?sCode=NOPE000000');
  await expect(page).toHaveURL(/\/login\?sCode=NOPE000000$/);
  const notice = page.getByText('That invite code is not valid or has been used up.');
  await expect(notice).toBeVisible();
  await snap(page, 'firstday-bad-invite-1280');
  await page.getByRole('link', { name: 'register without a code' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByText('is not valid')).toHaveCount(0);
});
