import { expect, test } from '@playwright/test';
import {
  admin,
  authLink,
  expectAccessible,
  latestMail,
  logInThroughForm,
  PASSWORD,
  registerMember,
  signInPage,
  snap,
  uniqueEmail,
  uniqueUserName,
} from './support';

test.describe('identity and onboarding', () => {
  test('invite → register with the invite email → verify from the outbox → home; later the invite goes to /login', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('invited');
    const code = admin('members', 'invite', 'create', '--email', email).split('\n').at(-1) as string;

    await page.goto(`/?sCode=${code}`);
    await expect(page).toHaveURL(new RegExp(`/register\\?sCode=${code}`));
    const emailField = page.getByLabel('Email');
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute('readonly', '');
    await expect(page.getByText(`Invite code ${code}`)).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const userName = uniqueUserName('inv');
    await page.getByLabel('Username').fill(userName);
    await expect(page.getByText('This name is free.')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
    await expectAccessible(page);
    const mail = await latestMail(request, email, /verify/i);
    expect(mail.html).toContain('authaction');

    await page.goto(authLink(mail));
    await expect(page.getByText('Your email is verified.')).toBeVisible();
    await page.getByRole('link', { name: 'Enter the portal' }).click();
    await expect(page).toHaveURL(/\/home$/);

    // The same browser, later, with a valid invite: it has logged in before, so /login.
    const another = admin('members', 'invite', 'create').split('\n').at(-1) as string;
    const fresh = await page.context().newPage();
    await fresh.goto(`/?sCode=${another}`);
    await expect(fresh).toHaveURL(new RegExp(`/login\\?sCode=${another}`));
  });

  test('an invalid invite code goes to /login', async ({ page }) => {
    await page.goto('/?sCode=NOTAREALCODE');
    await expect(page).toHaveURL(/\/login\?sCode=NOTAREALCODE$/);
  });

  test('registering an email that exists: right password lands in, wrong password says so', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/register');
    await page.getByLabel('Email').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByLabel('Username').fill(uniqueUserName('dup'));
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(
      page.getByText('This email is already registered. Log in instead, or reset your password.'),
    ).toBeVisible();

    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a username that is taken offers a free one, one click away', async ({ page, request }) => {
    const member = await registerMember(request);
    await page.goto('/register');
    await page.getByLabel('Username').fill(member.userName.toUpperCase());
    await expect(page.getByText('That username is taken.')).toBeVisible();
    const suggestion = page.getByRole('button', { name: /^m_/i });
    const suggested = (await suggestion.textContent()) ?? '';
    await suggestion.click();
    await expect(page.getByLabel('Username')).toHaveValue(suggested);
    await expect(page.getByText('This name is free.')).toBeVisible();
  });

  test('a wrong password on /login is explained in words', async ({ page, request }) => {
    const member = await registerMember(request);
    await page.goto('/login');
    await logInThroughForm(page, member.email, 'wrong-password');
    await expect(page.getByText('That email and password do not match.')).toBeVisible();
    await snap(page, 'login-error-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'login-error-375');
    await expectAccessible(page);
  });

  test('the guard returns to the requested path and query after login', async ({ page, request }) => {
    const member = await registerMember(request);
    await page.goto('/inventory/collectibles?sCollectionID=agent');
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(page, member.email, member.password);
    await expect(page).toHaveURL(/\/inventory\/collectibles\?sCollectionID=agent$/);
  });

  test('an unverified member is sent to /verify and can resend', async ({ page, request }) => {
    const member = await registerMember(request, { verified: false });
    await page.goto('/login');
    await logInThroughForm(page, member.email, member.password);
    await expect(page).toHaveURL(/\/verify$/);
    await page.getByRole('button', { name: 'I have verified — check' }).click();
    await expect(page.getByText('Your email is not verified yet.', { exact: false })).toBeVisible();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/verify$/);
  });

  test('forgot password → email link → new password → the new one works, the old does not', async ({
    page,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText('If an account exists for that address, we sent a link.')).toBeVisible();

    const mail = await latestMail(request, member.email, /reset/i);
    await page.goto(authLink(mail));
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Use at least 8 characters.')).toBeVisible();
    await page.getByLabel('New password').fill('a-brand-new-secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('Your password is changed.', { exact: false })).toBeVisible();

    // The link works once.
    await page.goto(authLink(mail));
    await page.getByLabel('New password').fill('another-new-secret');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('This link has expired or was already used.', { exact: false })).toBeVisible();

    await page.goto('/login');
    await logInThroughForm(page, member.email, member.password);
    await expect(page.getByText('That email and password do not match.')).toBeVisible();
    await logInThroughForm(page, member.email, 'a-brand-new-secret');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('change email: the link sent to the new address changes it', async ({ page, request }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Change email' }).click();
    await expect(page.getByRole('heading', { name: 'Change email' })).toBeVisible();
    const newEmail = uniqueEmail('moved');
    await page.getByLabel('New email').fill(newEmail);
    await page.getByRole('button', { name: 'Change email' }).click();
    // Issue 35: the change asks for a fresh confirmation (the password; no two-factor here).
    const confirmation = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await confirmation.getByLabel('Your password').fill(member.password);
    await confirmation.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText(`We sent a confirmation link to ${newEmail}.`, { exact: false })).toBeVisible();

    const mail = await latestMail(request, newEmail);
    expect(authLink(mail)).toContain('mode=verifyAndChangeEmail');
    await page.goto(authLink(mail));
    await expect(page.getByText('Your new email address is confirmed.')).toBeVisible();
    await page.goto('/account');
    await expect(page.getByText(newEmail)).toBeVisible();
  });

  test('account shows the referral link; change password keeps this session', async ({ page, request }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
    await expect(page.getByText(member.userName).first()).toBeVisible();
    await expect(page.getByText('verified', { exact: true })).toBeVisible();
    const code = (await page.getByTestId('referral-code').textContent()) ?? '';
    await expect(page.getByText(`/register?rb=${code}`)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await page.getByLabel('Current password').fill(member.password);
    await page.getByLabel('New password', { exact: true }).fill('fresh-password-9');
    await page.getByLabel('Repeat the new password').fill('fresh-password-9');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password is changed.', { exact: false })).toBeVisible();
    // This tab keeps its (fresh) session across a reload; the old token no longer works.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
    const old = await request.post('/api/portal/getUserData', { headers: { authorization: `Bearer ${member.token}` } });
    expect((await old.json()).iErrorCode).toBe(2);
  });

  test('log out from the navbar, change account, and a new browser session is signed out', async ({
    page,
    browser,
    request,
  }) => {
    const member = await registerMember(request);
    await page.goto('/login');
    await logInThroughForm(page, member.email, member.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('link', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);

    await logInThroughForm(page, member.email, member.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/changeaccount');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue('');

    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/home');
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });

  test('/cursebreaker is reachable signed out only after a login in this browser', async ({ page, request }) => {
    await page.goto('/cursebreaker');
    await expect(page).toHaveURL(/\/login$/);
    const member = await registerMember(request);
    await logInThroughForm(page, member.email, member.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('link', { name: 'Log Out' }).click();
    await page.goto('/cursebreaker');
    await expect(page.getByRole('heading', { name: 'Curse Breaker' })).toBeVisible();
  });

  test('the navbar collapses into a menu at 375 px and works by keyboard', async ({ page, request }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inventory', exact: true })).toBeHidden();
    // The prerendered navbar is inert until the app is live; a trial click waits for that.
    await menu.click({ trial: true });
    await menu.focus();
    await page.keyboard.press('Enter');
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await snap(page, 'navbar-open-375');
    await nav.getByRole('link', { name: 'Inventory', exact: true }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(nav.getByRole('link', { name: 'Inventory', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Agents', exact: true })).not.toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Agents', exact: true }).click();
    await expect(nav.getByRole('link', { name: 'Agents', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Inventory', exact: true })).not.toHaveAttribute('aria-current', 'page');
  });
});
