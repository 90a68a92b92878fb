import { expect, test } from '@playwright/test';
import {
  admin,
  authLink,
  createAccount,
  latestMail,
  logInThroughForm,
  PASSWORD,
  registerMember,
  signInPage,
  tripSignInLimit,
  uniqueEmail,
  uniqueUserName,
} from './support';

test.describe('identity: entry, refusals and sessions', () => {
  test('an invite with a referral code keeps both through the entry and shows them on /register', async ({
    page,
    request,
  }) => {
    const referrer = await registerMember(request);
    const data = await (
      await request.post('/api/portal/getUserData', { headers: { authorization: `Bearer ${referrer.token}` } })
    ).json();
    const rb = data.pUserData.sReferralCode as string;
    const code = admin('members', 'invite', 'create').split('\n').at(-1) as string;

    await page.goto(`/?sCode=${code}&rb=${rb}`);
    await expect(page).toHaveURL(new RegExp(`/register\\?sCode=${code}&rb=${rb}$`));
    await expect(page.getByText(`Invite code ${code}`)).toBeVisible();
    const referral = page.getByLabel('Referral code');
    await expect(referral).toHaveValue(rb);
    await expect(referral).toHaveAttribute('readonly', '');
    // An unbound invite leaves the email free to type.
    await expect(page.getByLabel('Email')).not.toHaveAttribute('readonly', '');

    const email = uniqueEmail('referred');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Username').fill(uniqueUserName('ref'));
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await expect(page.getByText(`We sent a verification link to ${email}.`)).toBeVisible();
  });

  test('a refused registration stays on /register, signed out, and says why', async ({ page }) => {
    await page.goto('/register?sCode=ZZZZZZZZZZ');
    await expect(page.getByText('The invite code ZZZZZZZZZZ is not valid.')).toBeVisible();
    const email = uniqueEmail('refused');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Username').fill(uniqueUserName('rf'));
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('alert')).toHaveText('That invite code is not valid.');
    await expect(page).toHaveURL(/\/register\?sCode=ZZZZZZZZZZ$/);
    await expect(page.getByRole('button', { name: 'Register' })).toBeEnabled();
    await page.goto('/home');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an account that never finished registration finishes it after logging in', async ({ page, request }) => {
    const email = uniqueEmail('unfinished');
    await createAccount(request, email);
    await page.goto('/login');
    await logInThroughForm(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/register$/);
    const emailField = page.getByLabel('Email');
    await expect(emailField).toHaveValue(email);
    await expect(emailField).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
    await page.getByLabel('Username').fill(uniqueUserName('fin'));
    await expect(page.getByText('This name is free.')).toBeVisible();
    await page.getByRole('button', { name: 'Finish registration' }).click();
    await expect(page).toHaveURL(/\/verify$/);

    // Verified from the outbox, the check lets the member in.
    const mail = await latestMail(request, email, /verify/i);
    const token = new URL(authLink(mail)).searchParams.get('token');
    expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
    await page.getByRole('button', { name: 'I have verified — check' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('an unverified member returns to the requested page once verified', async ({ page, request }) => {
    const member = await registerMember(request, { verified: false });
    await page.goto('/raffle?tab=history');
    await expect(page).toHaveURL(/\/login$/);
    await logInThroughForm(page, member.email, member.password);
    await expect(page).toHaveURL(/\/verify$/);
    const mail = await latestMail(request, member.email, /verify/i);
    const token = new URL(authLink(mail)).searchParams.get('token');
    expect((await request.get(`/api/auth/verify-email?token=${token}`)).status()).toBe(200);
    await page.getByRole('button', { name: 'I have verified — check' }).click();
    await expect(page).toHaveURL(/\/raffle\?tab=history$/);
  });

  test('a signed-in member opening / or /login goes on to /home', async ({ page, request }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/home$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/home$/);
  });

  test('too many sign-in attempts are refused in words', async ({ page, request }) => {
    const member = await registerMember(request);
    await tripSignInLimit(request, member.email);
    await page.goto('/login');
    await logInThroughForm(page, member.email, member.password);
    await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please wait a minute and try again.');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sign out everywhere ends the other sessions too', async ({ page, browser, request }) => {
    const member = await registerMember(request);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await otherPage.goto('/login');
    await logInThroughForm(otherPage, member.email, member.password);
    await expect(otherPage).toHaveURL(/\/home$/);

    await signInPage(page, member);
    await page.goto('/account');
    // Exact: once the sessions list has loaded, "Sign out everywhere else" shows beside it too.
    await page.getByRole('button', { name: 'Sign out everywhere', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    await otherPage.goto('/account');
    await expect(otherPage).toHaveURL(/\/login$/);
    await other.close();
  });
});
