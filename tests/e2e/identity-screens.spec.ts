import { expect, type Page, test } from '@playwright/test';
import {
  admin,
  authLink,
  expectAccessible,
  latestMail,
  registerMember,
  signInPage,
  snap,
  uniqueEmail,
} from './support';

/** A screenshot once the page is whole (the footer loads after the page) and an accessibility check. */
async function look(page: Page, name: string, withFooter = true) {
  if (withFooter) await expect(page.locator('footer')).toBeVisible();
  await snap(page, name);
  await expectAccessible(page);
}

/** Every identity screen at both widths: a screenshot to look at, and no serious accessibility violation. */
for (const width of [1280, 375]) {
  test.describe(`identity screens at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test('login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
      // Keyboard focus, so the focus ring shows in the picture (a click waits for the form to be live:
      // the prerendered form is inert until the app has taken it over).
      await page.getByLabel('Password', { exact: true }).click();
      await page.keyboard.press('Shift+Tab');
      await expect(page.getByLabel('Email')).toBeFocused();
      await look(page, `login-${width}`);
    });

    test('register with an invite, a referral and a username suggestion', async ({ page, request }) => {
      const taken = await registerMember(request);
      const data = await (
        await request.post('/api/portal/getUserData', { headers: { authorization: `Bearer ${taken.token}` } })
      ).json();
      const email = uniqueEmail('screen');
      const code = admin('members', 'invite', 'create', '--email', email).split('\n').at(-1) as string;
      await page.goto(`/?sCode=${code}&rb=${data.pUserData.sReferralCode}`);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await page.getByLabel('Username').fill(taken.userName);
      await expect(page.getByText('That username is taken.')).toBeVisible();
      await expect(page.getByRole('button', { name: /^m_/i })).toBeVisible();
      await look(page, `register-${width}`);
    });

    test('verify', async ({ page, request }) => {
      const member = await registerMember(request, { verified: false });
      await signInPage(page, member);
      await page.goto('/verify');
      await expect(page.getByText(`We sent a verification link to ${member.email}.`)).toBeVisible();
      await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
      await look(page, `verify-${width}`);
    });

    test('account, change email and change password', async ({ page, request }) => {
      const member = await registerMember(request);
      await signInPage(page, member);
      await page.goto('/account');
      await expect(page.getByTestId('referral-code')).toBeVisible();
      await look(page, `account-${width}`);

      await page.goto('/changeemail');
      await page.getByRole('button', { name: 'Change email' }).click();
      await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
      await look(page, `changeemail-${width}`);

      await page.goto('/resetpassword');
      await page.getByLabel('New password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
      await look(page, `resetpassword-${width}`);
    });

    test('forgot password', async ({ page }) => {
      await page.goto('/forgotpassword');
      await page.getByLabel('Email').fill(uniqueEmail('nobody'));
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByText('If an account exists for that address, we sent a link.')).toBeVisible();
      await look(page, `forgotpassword-${width}`);
    });

    test('authaction: reset form, then a used link', async ({ page, request }) => {
      const member = await registerMember(request);
      await request.post('/api/portal/sendPasswordResetEmail', { form: { sEmail: member.email } });
      const link = authLink(await latestMail(request, member.email, /reset/i));
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
      await look(page, `authaction-reset-${width}`, false);

      await page.getByLabel('New password').fill('a-new-secret-77');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByText('Your password is changed.', { exact: false })).toBeVisible();
      await page.goto(link);
      await page.getByLabel('New password').fill('another-secret-77');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible();
      await expect(page.getByLabel('New password')).toHaveCount(0);
      await look(page, `authaction-used-${width}`, false);
    });
  });
}
