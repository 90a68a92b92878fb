import { expect, type Page, test } from '@playwright/test';
import { admin, registerMember } from './support';

/**
 * Issue 28: public pages do not jump on arrival. The layout-shift entries the browser records while
 * a page loads (PerformanceObserver 'layout-shift', buffered; shifts right after input excluded) add
 * up to at most 0.02, the cumulative layout shift, at 1280 and 375 px. A layout assertion, not a timing one.
 */

const LIMIT = 0.02;

async function layoutShift(page: Page, url: string, ready: (page: Page) => Promise<void>): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shift?: { value: number; sources: string[] } };
    // One observer per document, however many pages of this test installed the script.
    if (w.__shift) return;
    const shift = { value: 0, sources: [] as string[] };
    w.__shift = shift;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }
      >) {
        if (entry.hadRecentInput) continue;
        shift.value += entry.value;
        for (const source of entry.sources ?? []) {
          const node = source.node as Element | undefined;
          shift.sources.push(
            `${entry.value.toFixed(3)} ${node?.nodeName ?? '?'}.${(node?.getAttribute?.('class') ?? '').slice(0, 60)}`,
          );
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(url);
  await ready(page);
  // Whatever loads after the screen (footer, fonts, art) has come in.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
  const shift = await page.evaluate(
    () => (window as unknown as { __shift: { value: number; sources: string[] } }).__shift,
  );
  if (shift.value > 0.005) console.log(`${url}: ${shift.value.toFixed(3)}\n  ${shift.sources.join('\n  ')}`);
  return shift.value;
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 900 } });

    test('/, /register, /games and /instructions do not shift', async ({ page }) => {
      const shifts: Record<string, number> = {};
      shifts['/'] = await layoutShift(page, '/', (p) =>
        expect(p.getByRole('heading', { name: 'Log In' })).toBeVisible(),
      );
      shifts['/register'] = await layoutShift(page, '/register', (p) =>
        expect(p.getByRole('heading', { name: 'Register' })).toBeVisible(),
      );
      shifts['/games'] = await layoutShift(page, '/games', (p) =>
        expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      );
      shifts['/instructions'] = await layoutShift(page, '/instructions', (p) =>
        expect(p.getByRole('heading', { level: 1 })).toBeVisible(),
      );
      for (const [url, value] of Object.entries(shifts)) expect(value, url).toBeLessThanOrEqual(LIMIT);
    });

    test('an invite link (/login?sCode=…) lands on /register without a jump', async ({ page }) => {
      const code = admin('members', 'invite', 'create').split('\n').at(-1) as string;
      const shift = await layoutShift(page, `/login?sCode=${code}`, async (p) => {
        await expect(p).toHaveURL(new RegExp(`/register\\?sCode=${code}$`));
        await expect(p.getByText(`Invite code ${code}`)).toBeVisible();
      });
      expect(shift).toBeLessThanOrEqual(LIMIT);
    });

    test('the share page (/viewer) does not shift', async ({ page, request }) => {
      const member = await registerMember(request);
      const inventory = await request.post('/api/portal/getInventory', {
        headers: { authorization: `Bearer ${member.token}` },
      });
      const item = (await inventory.json()).aCollections[0].aItems[0] as { sItemID: string };
      const shift = await layoutShift(page, `/viewer?sItemID=${item.sItemID}`, async (p) => {
        await expect(p.getByTestId('owner')).toContainText(member.userName);
        await expect(p.getByRole('contentinfo')).toBeVisible();
      });
      expect(shift).toBeLessThanOrEqual(LIMIT);
    });
  });
}
