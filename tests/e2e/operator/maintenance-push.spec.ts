import { expect, test } from '@playwright/test';
import { admin, registerMember, signInPage } from '../support';

test.afterEach(() => {
  admin('operator', 'maintenance', 'off', '--message', '');
});

/** Issue 28: a member who only reads /home learns of maintenance without clicking anything. */
test('a member idle on /home is taken to /maintenance soon after it begins', async ({ page, request }) => {
  const member = await registerMember(request);
  await signInPage(page, member);
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${member.userName}`);

  admin('operator', 'maintenance', 'on', '--message', 'The stars are being realigned.');
  // No click, no navigation: the open tab notices by itself.
  await expect(page).toHaveURL(/\/maintenance$/, { timeout: 15_000 });
  await expect(page.getByText('The stars are being realigned.')).toBeVisible();
});
