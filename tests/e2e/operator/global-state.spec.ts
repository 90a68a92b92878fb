import { expect, test } from '@playwright/test';
import { admin, maintenanceChecked, registerMember, signInPage, snap } from '../support';

/** These tests flip global state on the operator server, so they run one after another. */
test.describe.configure({ mode: 'serial' });

test.afterEach(() => {
  admin('operator', 'maintenance', 'off', '--message', '');
});

test('maintenance on sends every page to /maintenance; off brings it back home', async ({ page }) => {
  admin('operator', 'maintenance', 'on', '--message', 'The stars are being realigned.');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText('The stars are being realigned.')).toBeVisible();
  await snap(page, 'maintenance-1280');

  admin('operator', 'maintenance', 'off', '--message', '');
  await page.reload();
  await expect(page).toHaveURL(/\/home$|\/login$/);
});

test('a failed maintenance check goes to /maintenance', async ({ page }) => {
  await page.route('**/api/portal/isMaintenance', (route) => route.fulfill({ status: 503, body: 'down' }));
  await page.goto('/instructions');
  await expect(page).toHaveURL(/\/maintenance$/);
});

test('the maintenance alert shows at most every 300000 ms', async ({ page }) => {
  admin('operator', 'maintenance', 'off', '--message', 'Scheduled maintenance on Friday.');
  const start = new Date('2026-03-01T12:00:00Z').getTime();
  await page.clock.install({ time: start });

  await page.goto('/login');
  const alert = page.getByRole('dialog', { name: 'Server Maintenance Alert' });
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Scheduled maintenance on Friday.')).toBeVisible();
  await snap(page, 'maintenance-alert');
  await alert.getByRole('button', { name: 'Close' }).click();
  await expect(alert).toBeHidden();
  // The page's clock runs on from `start`, so time from when the alert was shown (a slow first load takes seconds).
  const shownAt = Number(await page.evaluate(() => localStorage.getItem('iMaintenanceAlertTime')));
  expect(shownAt).toBeGreaterThanOrEqual(start);

  await page.clock.setSystemTime(shownAt + 290_000);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await maintenanceChecked(page);
  await expect(alert).toBeHidden();

  await page.clock.setSystemTime(shownAt + 300_001);
  await page.reload();
  await expect(alert).toBeVisible();
});

test('feature flags from the database shape the app: bRewardStore picks the store screen, bChat the /chat route', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  await signInPage(page, member);
  try {
    admin('operator', 'flags', 'set', 'bRewardStore', 'off');
    admin('operator', 'flags', 'set', 'bChat', 'off');
    await page.goto('/rewardstore');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reward Store Preview');
    await page.goto('/chat');
    await expect(page.getByRole('heading', { name: 'This page is lost in the void.' })).toBeVisible();

    admin('operator', 'flags', 'set', 'bRewardStore', 'on');
    admin('operator', 'flags', 'set', 'bChat', 'on');
    await page.goto('/rewardstore');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reward Store');
    await page.goto('/chat');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Howl');
  } finally {
    admin('operator', 'flags', 'set', 'bRewardStore', 'on');
    admin('operator', 'flags', 'set', 'bChat', 'on');
  }
});

// Issue 16 (in this file so no other maintenance test runs at the same time on the operator server):
// `maintenance off` clears the message; an open tab learns of maintenance on its next call.
test('maintenance off clears the message (the CLI says so), so no alert follows; --keep-message keeps it', async ({
  page,
}) => {
  expect(admin('operator', 'maintenance', 'on', '--message', 'Realigning the stars.')).toContain('ON');
  const off = admin('operator', 'maintenance', 'off');
  expect(off).toContain('Maintenance is OFF');
  expect(off).toContain('cleared');
  expect(admin('operator', 'maintenance', 'status')).toBe('Maintenance is OFF');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await maintenanceChecked(page);
  await expect(page.getByRole('dialog', { name: 'Server Maintenance Alert' })).toHaveCount(0);

  admin('operator', 'maintenance', 'on', '--message', 'Back on Friday.');
  expect(admin('operator', 'maintenance', 'off', '--keep-message')).toContain('kept');
  expect(admin('operator', 'maintenance', 'status')).toBe('Maintenance is OFF: Back on Friday.');
});

test('an open tab goes to /maintenance on its next call while maintenance is on', async ({ page, request }) => {
  const member = await registerMember(request);
  await signInPage(page, member);
  await page.goto('/inventory');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  // The 5 s poll (decision 0182, proven by maintenance-push.spec.ts) would take the tab to
  // /maintenance by itself, maybe before the click below: it hears "off" until the tab is on
  // /maintenance, where the screen's own check must hear the real message.
  await page.route('**/api/portal/isMaintenance', async (route) => {
    const path = await page.evaluate(() => window.location.pathname).catch(() => '');
    if (path === '/maintenance') await route.continue();
    else await route.fulfill({ json: { iErrorCode: 0, bMaintenance: false, sMessage: '' } });
  });

  admin('operator', 'maintenance', 'on', '--message', 'A short pause.');
  const answer = await request.post('/api/portal/getUserData', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect((await answer.json()).iErrorCode).toBe(9);

  // The next call of the open tab (no reload) answers the maintenance code. That is opening the
  // store, unless a call the page still made while its header loaded (the notification counts, the
  // account check: the CLI above takes seconds on a busy machine) came first and the link is gone.
  // Clicked in the page in one step, so it never waits for a link that went away.
  const clicked = await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>('nav[aria-label="Main"] a[href="/rewardstore"]');
    link?.click();
    return Boolean(link);
  });
  test.info().annotations.push({ type: 'path', description: clicked ? 'the store link' : 'a call while loading' });
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText('A short pause.')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();

  admin('operator', 'maintenance', 'off');
  await page.unroute('**/api/portal/isMaintenance');
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
});
