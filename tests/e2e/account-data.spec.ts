import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
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

/**
 * Issue 30 in the browser: a member's sessions, their data file, and deleting the account (with
 * the grace period's cancel, then the erasure run by the test's clock through /api/dev/erasures).
 */
test.describe('a member’s own security and data', () => {
  test('signs out another browser’s session, which then goes to /login', async ({ browser, request }) => {
    const member = await registerMember(request);
    const first = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const second = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const laptop = await first.newPage();
    const phone = await second.newPage();
    await laptop.goto('/login');
    await logInThroughForm(laptop, member.email, PASSWORD);
    await expect(laptop).toHaveURL(/\/home/);
    await phone.goto('/login');
    await logInThroughForm(phone, member.email, PASSWORD);
    await expect(phone).toHaveURL(/\/home/);

    await laptop.goto('/account');
    const sessions = laptop.getByTestId('sessions');
    await expect(sessions.getByText('this device')).toBeVisible();
    // Registration's session and the phone's: two others.
    await expect(sessions.getByRole('button', { name: /^Sign out / })).toHaveCount(2);
    await expect(laptop.getByTestId('sign-ins').getByText('Signed in').first()).toBeVisible();
    await snap(laptop, 'account-data-1280');
    await expectAccessible(laptop);

    await phone.goto('/account');
    await expect(phone.getByTestId('sessions').getByText('this device')).toBeVisible();
    await snap(phone, 'account-data-375');
    await expectAccessible(phone);

    // From the laptop, by keyboard: sign every other session out.
    const everywhereElse = laptop.getByRole('button', { name: 'Sign out everywhere else' });
    await everywhereElse.focus();
    await laptop.keyboard.press('Enter');
    await expect(laptop.getByText('2 other sessions signed out.')).toBeVisible();
    await expect(sessions.getByRole('button', { name: /^Sign out / })).toHaveCount(0);

    // The phone's next call is refused: its tab goes to /login.
    await phone.getByRole('button', { name: 'Download my data' }).click();
    await expect(phone).toHaveURL(/\/login/);
    await first.close();
    await second.close();
  });

  test('downloads the data file with the member’s items and ledger', async ({ page, request }) => {
    const member = await registerMember(request);
    await signInPage(page, member);
    await page.goto('/account');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^cthulhu-portal-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8')) as Record<
      string,
      Array<Record<string, unknown>>
    >;
    expect(data.user?.[0]?.email).toBe(member.email);
    expect(data.member?.[0]?.username).toBe(member.userName);
    expect(data.item?.length).toBeGreaterThan(0);
    expect(data.ledger?.some((row) => row.reason === 'registration raffle tickets')).toBe(true);
    expect(JSON.stringify(data)).not.toContain(member.token.split('.')[0]);
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
    async function requestDeletion() {
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
      // The link opens in a new tab, as from a mail client.
      const linkTab = await page.context().newPage();
      await linkTab.goto(authLink(mail as OutboxMail));
      await expect(linkTab.getByText(/Your account will be deleted on/)).toBeVisible();
      await linkTab.close();
    }

    // Wrong password first: refused with its code's sentence.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Email me the deletion link' }).click();
    await expect(page.getByText('That password is not right.')).toBeVisible();

    await requestDeletion();
    await page.goto('/login');
    await logInThroughForm(page, member.email, PASSWORD);
    const dialog = page.getByRole('dialog', { name: 'Your account is set to be deleted' });
    await expect(dialog).toBeVisible();
    await snap(page, 'account-data-grace-1280');
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/account');
    await expect(page.getByRole('button', { name: 'Delete my account' })).toBeVisible();

    await requestDeletion();
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
