import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  authLink,
  expectAccessible,
  logInThroughForm,
  type OutboxMail,
  PASSWORD,
  registerMember,
  signInPage,
  snap,
} from './support';

const DAY = 24 * 60 * 60 * 1000;
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Issue 30 in the browser: a member's sessions, their data file, and deleting the account (with
 * the grace period's cancel, then the erasure run by the test's clock through /api/dev/erasures).
 */
test.describe('a member’s own security and data', () => {
  test('shows a browser’s tabs as one device with its count, and signs another device out', async ({
    browser,
    playwright,
  }) => {
    // Registered from a script (another user agent), so this browser's sessions are the tabs' only.
    const script = await playwright.request.newContext({
      baseURL: test.info().project.use.baseURL,
      userAgent: 'portal-e2e-script/1.0',
    });
    const member = await registerMember(script);
    await script.dispose();
    // Every tab signs in on its own (the per-tab session): three tabs of one browser…
    const first = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const tabs = [await first.newPage(), await first.newPage(), await first.newPage()];
    for (const tab of tabs) {
      await tab.goto('/login');
      await logInThroughForm(tab, member.email, PASSWORD);
      await expect(tab).toHaveURL(/\/home/);
    }
    // …and a phone.
    const second = await browser.newContext({ viewport: { width: 375, height: 800 }, userAgent: IPHONE });
    const phone = await second.newPage();
    await phone.goto('/login');
    await logInThroughForm(phone, member.email, PASSWORD);
    await expect(phone).toHaveURL(/\/home/);

    const laptop = tabs[0] as Page;
    await laptop.goto('/account');
    const sessions = laptop.getByTestId('sessions');
    const thisDevice = sessions.getByTestId('device').filter({ has: laptop.getByText('this device', { exact: true }) });
    await expect(thisDevice).toContainText('3 sessions');
    await expect(thisDevice).toContainText(/first signed in .* · last |signed in /);
    await expect(sessions.getByTestId('device').filter({ hasText: 'Safari on iPhone' })).toContainText('1 session');
    // Three sign-ins of this browser in a row are one entry of the history.
    await expect(laptop.getByTestId('sign-ins').getByText('Signed in 3 times')).toBeVisible();
    await snap(laptop, 'account-devices-1280');
    await expectAccessible(laptop);

    await phone.goto('/account');
    await expect(phone.getByTestId('sessions').getByText('this device', { exact: true })).toBeVisible();
    await snap(phone, 'account-devices-375');
    await expectAccessible(phone);

    // From the laptop, by keyboard: sign the phone out.
    const signOutPhone = laptop.getByRole('button', { name: /^Sign out this device: Safari on iPhone/ });
    await signOutPhone.focus();
    await laptop.keyboard.press('Enter');
    await expect(laptop.getByText('Safari on iPhone is signed out (1 session).')).toBeVisible();
    // The phone's tab goes to /login: told at once over its member socket, or refused on its next
    // call if the socket was not connected yet (whichever comes first on this machine).
    await expect(async () => {
      if (!/\/login/.test(phone.url())) {
        await phone.getByRole('button', { name: 'Download my data' }).click({ timeout: 1000 });
      }
      await expect(phone).toHaveURL(/\/login/, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    // This browser's other tabs, this one kept.
    await laptop.getByRole('button', { name: 'Sign out my other tabs here' }).click();
    await expect(laptop.getByText('2 sessions of this device signed out; this tab stays signed in.')).toBeVisible();
    await expect(thisDevice).toContainText('1 session');
    await tabs[1]?.reload();
    await expect(tabs[1] as Page).toHaveURL(/\/login/);
    await first.close();
    await second.close();
  });

  test('downloads the data file, shaped in the sections the docs describe', async ({ page, request }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/account');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^cthulhu-portal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync(await download.path(), 'utf8');
    const data = JSON.parse(text) as {
      about: { readme: string[]; sections: Record<string, string> };
      account: Record<string, unknown>;
      collectibles: Array<Record<string, unknown>>;
      pointsAndTickets: { history: Array<Record<string, unknown>> };
    };
    // docs/product.md "Download my data": these sections, in this order, each described inside.
    expect(Object.keys(data).slice(0, 9)).toEqual([
      'about',
      'account',
      'collectibles',
      'pointsAndTickets',
      'raffles',
      'purchases',
      'chatMessages',
      'chatStanding',
      'signIns',
    ]);
    expect(Object.keys(data.about.sections)).toEqual(expect.arrayContaining(['account', 'signIns']));
    expect(data.about.readme.join(' ')).toContain('ISO 8601');
    expect(data.account).toMatchObject({ email: member.email, username: member.userName, emailVerified: true });
    expect(data.collectibles.length).toBeGreaterThan(0);
    expect(data.collectibles[0]?.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(data.pointsAndTickets.history.some((row) => row.why === 'registration raffle tickets')).toBe(true);
    expect(text).not.toContain(member.token.split('.')[0]);
    for (const dump of ['announcement_delivery', 'verified_at', 'owner_user_id']) expect(text).not.toContain(dump);
  });

  test('deletes the account: cancel during the grace period, then erased after it', async ({ page, request }) => {
    const member = await registerMember(request);
    const item = await request.post('/api/portal/getInventory', {
      headers: { authorization: `Bearer ${member.token}` },
    });
    const itemId = String(
      ((await item.json()) as { aCollections: Array<{ aItems: Array<{ sItemID: string }> }> }).aCollections[0]
        ?.aItems[0]?.sItemID,
    );
    await signInPage(page, member);

    let requests = 0;
    /** Asks for the deletion on /account and follows the mailed link, in this tab or a new one. */
    async function requestDeletion(linkIn: 'this tab' | 'a new tab') {
      requests += 1;
      await page.goto('/account');
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Email me the deletion link' }).click();
      await expect(page.getByText(`We sent a confirmation link to ${member.email}`)).toBeVisible();
      let mail: OutboxMail | undefined;
      await expect
        .poll(async () => {
          const { aMail } = (await (await request.get('/api/dev/outbox')).json()) as { aMail: OutboxMail[] };
          const sent = aMail.filter((m) => m.to === member.email && /Confirm the deletion/.test(m.subject));
          mail = sent.at(-1);
          return sent.length;
        })
        .toBe(requests);
      if (linkIn === 'this tab') {
        // The signed-in tab: it is signed out onto /login, which says what happens and when.
        await page.goto(authLink(mail as OutboxMail));
        await expect(page).toHaveURL(/\/login/);
        await expect(page.getByText(/Your account is scheduled for deletion on .*, 7 days from now/)).toBeVisible();
        return;
      }
      // A new tab, as from a mail client.
      const linkTab = await page.context().newPage();
      await linkTab.goto(authLink(mail as OutboxMail));
      await expect(linkTab.getByText(/Your account is scheduled for deletion on/)).toBeVisible();
      await linkTab.close();
    }

    // Wrong password first: refused with its code's sentence.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Email me the deletion link' }).click();
    await expect(page.getByText('That password is not right.')).toBeVisible();

    await requestDeletion('this tab');
    await expect(page.getByText(/Signing in before then cancels the deletion/)).toBeVisible();
    await snap(page, 'account-deletion-login-1280');
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'account-deletion-login-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Signing in during the grace period cancels the deletion, and says so on arrival.
    await logInThroughForm(page, member.email, PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Welcome back: your account stays' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('the deletion is cancelled');
    await snap(page, 'account-deletion-cancelled-1280');
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await snap(page, 'account-deletion-cancelled-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole('button', { name: 'Got it' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();

    await requestDeletion('a new tab');
    // The grace period passes: the test's clock runs the erasure 8 days from now.
    const run = await request.post('/api/dev/erasures', { data: { iAt: Date.now() + 8 * DAY } });
    expect(((await run.json()) as { aErased: string[] }).aErased).toHaveLength(1);

    await page.goto('/login');
    await logInThroughForm(page, member.email, PASSWORD);
    await expect(
      page
        .getByRole('alert')
        .or(page.getByText(/invalid|not right|incorrect/i))
        .first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    const share = await request.post('/api/portal/getPublicItem', { form: { sItemID: itemId } });
    expect((await share.json()).iErrorCode).toBe(4);
    await page.goto(`/viewer?sItemID=${encodeURIComponent(itemId)}`);
    await expect(page.getByRole('heading', { name: 'This collectible is not here' })).toBeVisible();
  });
});
