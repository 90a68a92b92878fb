import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, snap } from './support';

const LOADING = 'Consulting Cthulhu. Please wait...';

/** The page is no wider than the viewport: nothing makes a phone scroll sideways. */
async function expectNoSidewaysScroll(page: Page, width: number, path: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${path} at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
}

/** The element lies whole inside the viewport's width. */
async function expectWithinWidth(element: Locator, width: number, path: string): Promise<void> {
  const box = await element.boundingBox();
  expect(box, path).not.toBeNull();
  expect(box?.x ?? -1, path).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Number.POSITIVE_INFINITY), path).toBeLessThanOrEqual(width);
}

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

  // Each public screen, by its exact heading and what only that screen shows.
  const publicScreens: Array<[string, (page: Page) => Promise<void>]> = [
    [
      '/login',
      async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log In');
        await expect(page.getByText('Welcome back, seeker.')).toBeVisible();
        await expect(page.getByLabel('Email')).toBeVisible();
        await expect(page.getByLabel('Password')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
        await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
      },
    ],
    [
      '/instructions',
      async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('How the portal works');
        // The help's sections (issue 28), not only the title.
        await expect(page.getByRole('heading', { level: 2 })).toHaveText([
          'Points and tickets',
          'The weekly raffle, and how to check the draw',
          'Monster Breaker controls',
          'Chat rules',
          'Your account',
          'Contact',
        ]);
      },
    ],
    [
      '/games',
      async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Games');
        await expect(page.getByRole('heading', { level: 3 })).toHaveText(['Monster Breaker: M1 Demo', 'Curse Breaker']);
        await expect(page.getByRole('link', { name: 'Play Monster Breaker: M1 Demo' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 2, name: 'This week’s Monster Breakers' })).toBeVisible();
      },
    ],
    [
      '/forgotpassword',
      async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot password');
        await expect(
          page.getByText('Enter your email and we will send you a link to choose a new password.'),
        ).toBeVisible();
        await expect(page.getByLabel('Email')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Back to log in' })).toHaveAttribute('href', '/login');
      },
    ],
    [
      '/dev/mailbox',
      async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dev Mailbox');
        await expect(
          page.getByText('Mail the portal sent while no SMTP server is configured, newest last.'),
        ).toBeVisible();
        await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
        // The outbox was read: its mail (other tests send some) or the empty state, never a warning.
        const main = page.getByRole('main');
        await expect(main.getByRole('listitem').first().or(main.getByText('No mail yet.'))).toBeVisible();
        await expect(main.getByText('The outbox could not be read.')).toHaveCount(0);
        await expect(main.getByText(/The dev mailbox (is off|opens only)/)).toHaveCount(0);
      },
    ],
  ];
  for (const [path, expectScreen] of publicScreens) {
    test(`${path} renders its own screen`, async ({ page }) => {
      await page.goto(path);
      await expectScreen(page);
    });
  }

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
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Games');
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

  // The screenshots are for people to look at (tests/e2e/screenshots); what the test asserts is the layout.
  test('public screens fit 1280 and 375 px without sideways scrolling and pass accessibility checks', async ({
    page,
  }) => {
    // What each screen is for: the sign-in button, the instructions' text, the game to play.
    const keyElement: Record<string, (page: Page) => Locator> = {
      '/login': (page) => page.getByRole('button', { name: 'Log In' }),
      '/instructions': (page) => page.getByRole('heading', { level: 2, name: 'Points and tickets' }),
      '/games': (page) => page.getByRole('link', { name: 'Play Monster Breaker: M1 Demo' }),
    };
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, keyOf] of Object.entries(keyElement)) {
        await page.goto(path);
        const heading = page.getByRole('heading', { level: 1 });
        await expect(heading, path).toBeVisible();
        await expect(page.getByRole('contentinfo'), path).toBeVisible();
        await expect(page.getByRole('banner'), path).toBeVisible();
        await expect(keyOf(page), path).toBeVisible();
        await expectWithinWidth(heading, width, path);
        await expectWithinWidth(keyOf(page), width, path);
        await expectNoSidewaysScroll(page, width, path);
        await snap(page, `${path.slice(1)}-${width}`);
        await expectAccessible(page);
      }
    }
  });
});
