import { expect, test } from '@playwright/test';
import { expectAccessible, snap } from './support';

const LOADING = 'Consulting Cthulhu. Please wait...';

test.describe('platform shell', () => {
  test('/ shows only the loading text, then goes to /login', async ({ page }) => {
    let releaseSession: () => void = () => {};
    // Hold the flags answer so the loading text can be seen before the app decides.
    await page.route('**/api/portal/getFlags', async (route) => {
      await new Promise<void>((resolve) => {
        releaseSession = resolve;
      });
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByText(LOADING, { exact: true })).toBeVisible();
    releaseSession();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('every public route renders its screen', async ({ page }) => {
    const screens: Array<[string, RegExp]> = [
      ['/login', /log in/i],
      ['/instructions', /how/i],
      ['/games', /games/i],
      ['/forgotpassword', /password/i],
      ['/dev/mailbox', /mailbox/i],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    }
  });

  test('guarded routes send a signed-out visitor to /login', async ({ page }) => {
    for (const path of [
      '/home',
      '/account',
      '/inventory',
      '/inventory/collectibles?sCollectionID=agent',
      '/raffle',
      '/rewardstore',
      '/chat',
    ]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login$/);
    }
  });

  test('an unknown page says so and offers a way back', async ({ page }) => {
    const response = await page.goto('/no/such/place');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This page is lost in the void.' })).toBeVisible();
  });

  test('footer dialogs open, and close with the 600 ms animation', async ({ page }) => {
    await page.goto('/login');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('© 2024')).toBeVisible();
    await expect(footer.getByText('0.1.0')).toBeVisible();
    for (const name of ['Privacy Policy', 'Terms of Service']) {
      await footer.getByRole('button', { name }).click();
      const dialog = page.getByRole('dialog', { name });
      await expect(dialog).toBeVisible();
      // The document itself (loaded on demand) is shown, not only the title.
      await expect(dialog.getByRole('heading', { level: 2 }).nth(1)).toBeVisible();
      await snap(page, `footer-${name.toLowerCase().replace(/ /g, '-')}`);
      const closedAt = Date.now();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toHaveAttribute('data-state', 'closing');
      await expect(dialog).toBeHidden();
      expect(Date.now() - closedAt).toBeGreaterThanOrEqual(550);
    }
    // Escape closes too.
    await footer.getByRole('button', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Privacy Policy' })).toBeHidden();
  });

  test('community links open in a new tab without an opener', async ({ page }) => {
    await page.goto('/login');
    const links = page.getByRole('contentinfo').locator('a[target="_blank"]');
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThanOrEqual(4);
    for (const rel of await links.evaluateAll((as) => as.map((a) => a.getAttribute('rel')))) {
      expect(rel).toContain('noopener');
    }
  });

  test('a chunk that fails to load shows a recovery screen that reloads', async ({ page }) => {
    let fail = true;
    await page.route(/\/assets\/GamesScreen-.*\.js$/, (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/games');
    await expect(page.getByText('A part of the portal failed to load.')).toBeVisible();
    await expect(page.getByText(/Loading chunk \d+ failed/)).toBeVisible();
    await snap(page, 'chunk-failure');
    fail = false;
    await page.getByRole('button', { name: /reload/i }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/games/i);
  });

  test('a new Client-Version from the server reloads the page', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 1;
    });
    await page.route('**/api/auth/sign-in/email', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, headers: { ...response.headers(), 'client-version': 'a-newer-build' } });
    });
    const reloaded = page.waitForEvent('load');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await reloaded;
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
  });

  test('public screens look right and pass accessibility checks at 1280 and 375 px', async ({ page }) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of ['/login', '/instructions', '/games']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await snap(page, `${path.slice(1)}-${width}`);
        await expectAccessible(page);
      }
    }
  });
});
