import { expect, test } from '@playwright/test';
import { admin, registerMember, signInPage } from '../support';

/** Issue 16: `maintenance off` clears the message; an open tab learns of maintenance on its next call. */
test.describe.configure({ mode: 'serial' });

test.afterEach(() => {
  admin('operator', 'maintenance', 'off', '--message', '');
});

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
  await page.waitForTimeout(800);
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

  admin('operator', 'maintenance', 'on', '--message', 'A short pause.');
  const answer = await request.post('/api/portal/getUserData', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect((await answer.json()).iErrorCode).toBe(9);

  // The next action of the open tab (no reload): opening the store.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reward Store' }).first().click();
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText('A short pause.')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();

  admin('operator', 'maintenance', 'off');
  await page.reload();
  await expect(page).toHaveURL(/\/home$/);
});
