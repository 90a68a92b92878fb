import { expect, type Page, test } from '@playwright/test';
import { logInThroughForm, registerMember, signInPage, snap } from './support';

/** Issue 8: /login, /register and a signed-in /home show their screen before the JavaScript has run. */

test.describe('before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [1280, 375]) {
    test(`the prerendered screens show at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.goto('/login');
      await expect(page).toHaveTitle('Log In · Cthulhu Portal');
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      await expect(page.getByLabel('Email')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByText('© 2024')).toBeVisible();
      await snap(page, `first-paint-login-${width}`);

      await page.goto('/register');
      await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
      await expect(page.getByTestId('terms')).toBeVisible();
      await snap(page, `first-paint-register-${width}`);

      // The member's frame: the navbar (its menu button below 900 px) and the page waiting for their data.
      await page.goto('/home');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(
        width === 375 ? nav.getByRole('button', { name: 'Menu' }) : nav.getByRole('link', { name: 'Inventory' }),
      ).toBeVisible();
      await expect(page.getByRole('main').getByText('Consulting Cthulhu. Please wait...')).toBeVisible();
      await snap(page, `first-paint-home-${width}`);
    });
  }
});

/** What the page logs as errors from now on: hydration must log nothing. */
function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return errors;
}

/** Holds the boot script until released, so the prerendered document can be looked at first. */
async function holdBoot(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/boot-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the app takes over the prerendered /login without drawing it again, and the form works', async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const member = await registerMember(request);
  const release = await holdBoot(page);
  // Not waiting for the load event: it waits for the held script.
  await page.goto('/login', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { name: 'Log In' });
  await expect(heading).toBeVisible();
  // Inert until the app is live: nothing typed into it would reach the form's state.
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  await heading.evaluate((element) => {
    element.dataset.prerendered = 'yes';
  });
  release();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // Hydrated: the same element, not a new one drawn over it.
  await expect(heading).toHaveAttribute('data-prerendered', 'yes');
  await logInThroughForm(page, member.email, member.password);
  await expect(page).toHaveURL(/\/home$/);
  expect(errors).toEqual([]);
});

test("a member's /home fills the prerendered frame with their data", async ({ page, request }) => {
  const errors = consoleErrors(page);
  const member = await registerMember(request);
  await signInPage(page, member);
  const release = await holdBoot(page);
  await page.goto('/home', { waitUntil: 'commit' });
  const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' });
  await expect(home).toBeVisible();
  await home.evaluate((element) => {
    element.dataset.prerendered = 'yes';
  });
  release();
  await expect(page.getByRole('heading', { name: `Welcome, ${member.userName}` })).toBeVisible();
  await expect(home).toHaveAttribute('data-prerendered', 'yes');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  expect(errors).toEqual([]);
});

test("a signed-in /home asks for the member's data and Agents before the app runs, once each, and their first art with them", async ({
  page,
  request,
}) => {
  const errors = consoleErrors(page);
  const member = await registerMember(request);
  await signInPage(page, member);
  const asked: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname.startsWith('/api/') || pathname.startsWith('/media/')) asked.push(pathname);
  });
  const release = await holdBoot(page);
  const art = page.waitForRequest((sent) => new URL(sent.url()).pathname.startsWith('/media/'));
  await page.goto('/home', { waitUntil: 'commit' });
  // The app cannot start while its boot script is held: these come from the document (lib/pageLoad.ts).
  const artRequest = await art;
  expect(asked).toEqual(
    expect.arrayContaining([
      '/api/portal/getFlags',
      '/api/auth/get-session',
      '/api/portal/getUserData',
      '/api/portal/getCollection',
    ]),
  );
  release();
  await expect(page.getByRole('heading', { name: `Welcome, ${member.userName}` })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // The art came compressed (SVG, a quarter of its size) and the dashboard's first card draws it.
  expect((await artRequest.response())?.headers()['content-encoding']).toMatch(/^(br|gzip)$/);
  const firstArt = page.getByRole('region', { name: 'Your Agents' }).locator('img').first();
  await expect
    .poll(() => firstArt.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  // The app took those answers instead of asking again.
  for (const call of [
    '/api/portal/getFlags',
    '/api/auth/get-session',
    '/api/portal/getUserData',
    '/api/portal/getCollection',
  ]) {
    expect(
      asked.filter((path) => path === call),
      call,
    ).toHaveLength(1);
  }
  expect(errors).toEqual([]);
});

test('a prerendered screen made for another session gives way: /login with a session goes home, /home without one to /login', async ({
  page,
  request,
}) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  const member = await registerMember(request);
  await signInPage(page, member);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${member.userName}` })).toBeVisible();
});

test('the framework and the shell are compiled as they stream in, and the brand mark is drawn, not fetched', async ({
  page,
}) => {
  const favicons: string[] = [];
  page.on('request', (sent) => new URL(sent.url()).pathname === '/favicon.svg' && favicons.push(sent.url()));
  await page.goto('/login');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // V8's explicit compile hint (vite.config.ts compileHints) on what every load runs, and only there.
  const modules = (await page.locator('script[data-modules]').getAttribute('data-modules'))?.split(' ') ?? [];
  const firstLine = async (href: string) => (await (await page.request.get(href)).text()).split('\n', 1)[0];
  const hinted = modules.filter((href) => /\/(vendor|index)-[\w-]+\.js$/.test(href));
  expect(hinted).toHaveLength(2);
  for (const href of hinted) expect(await firstLine(href), href).toBe('//# allFunctionsCalledOnLoad');
  const early = modules.find((href) => /\/early-[\w-]+\.js$/.test(href)) ?? '';
  expect(await firstLine(early)).not.toContain('allFunctionsCalledOnLoad');
  // The mark beside the portal's name is inline: the favicon is asked for by the tab at most.
  const brand = page.getByRole('banner').getByRole('link', { name: 'Cthulhu Portal' });
  await expect(brand.locator('svg')).toBeVisible();
  await expect(brand.locator('img')).toHaveCount(0);
  expect(favicons.length).toBeLessThanOrEqual(1);
});
