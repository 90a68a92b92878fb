import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { INVENTORY_PAGE_SIZE } from '../../src/protocol/collectibles';
import { expectAccessible, registerMember, signInPage } from './support';

const EXTRA = 5;

/** Decision 0201: the collection page shows a page of the member's items and "Show more" for the rest. */
test('a collection of more than a page shows the first 100, then the rest on "Show more"', async ({
  page,
  request,
}) => {
  const member = await registerMember(request);
  // A member holding more than a page: rows straight into the members server's database (the
  // API grants one Agent at a time). Its id comes from the account's email.
  const db = new Database(process.env.E2E_MEMBERS_DB as string);
  try {
    const { id: userId } = db.prepare('select id from user where email = ?').get(member.email) as { id: string };
    const template = db.prepare("select id, attributes from template where collection_id = 'agent' limit 1").get() as {
      id: string;
      attributes: string;
    };
    const insert = db.prepare(
      "insert into item (template_id, collection_id, owner_user_id, public_id, attributes, token_id, created_at, minted_at) values (?, 'agent', ?, ?, ?, null, ?, null)",
    );
    db.transaction(() => {
      for (let i = 0; i < INVENTORY_PAGE_SIZE + EXTRA; i++) {
        const publicId = Array.from(randomBytes(16), (b) => 'abcdefghjkmnpqrstuvwxyz23456789'[b % 31]).join('');
        insert.run(template.id, userId, publicId, template.attributes, Date.now());
      }
    })();
  } finally {
    db.close();
  }
  const held = INVENTORY_PAGE_SIZE + EXTRA + 1; // and the Agent registration gave
  await signInPage(page, member);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/inventory/collectibles?sCollectionID=agent');
    await expect(page.getByText(new RegExp(`You hold ${held} of the \\d+ Agents`))).toBeVisible();
    const cards = page.locator('main a[href^="/inventory/item"]');
    await expect(cards).toHaveCount(INVENTORY_PAGE_SIZE);
    const more = page.getByRole('button', { name: `Show more (${INVENTORY_PAGE_SIZE} of ${held} shown)` });
    await more.scrollIntoViewIfNeeded();
    // The page's end, where the button is (a full-page shot of 100 cards says nothing more).
    await page.screenshot({ path: `tests/e2e/screenshots/collection-pages-${width}.png` });
    const clickedAt = await page.evaluate(() => Date.now());
    await more.click();
    await expect(cards).toHaveCount(held);
    await expect(page.getByRole('button', { name: /Show more/ })).toHaveCount(0);
    // The cache is persisted (at most once a second) after "Show more": with the first page only,
    // so the next visit (the next width) starts from the first page again.
    const persistedPages = await page.waitForFunction((since) => {
      const cache = JSON.parse(localStorage.getItem('cache') ?? 'null');
      const list = cache?.clientState?.queries?.find(
        (q: { queryKey: unknown[]; state: { dataUpdatedAt: number } }) =>
          q.queryKey.includes('pages') && q.queryKey.includes('agent') && q.state.dataUpdatedAt >= since,
      );
      return list ? list.state.data.pages.length : false;
    }, clickedAt);
    expect(await persistedPages.jsonValue()).toBe(1);
  }
  await expectAccessible(page);
});
