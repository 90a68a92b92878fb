import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryAnswer } from '../../src/protocol/collectibles';
import { ErrorCode } from '../../src/protocol/errors';
import type { UserData } from '../../src/protocol/identity';
import { PURCHASE_KEY_RETENTION_MS, type StoreCatalogueAnswer } from '../../src/protocol/store';
import { runAdmin } from '../../src/server/cli/commands';
import { restockStoreItem, retireStoreItem, updateStoreItem } from '../../src/server/features/store/manage';
import { forgetOldRefusals } from '../../src/server/features/store/purchase';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import type { TestMember } from '../support/rewardsHelpers';
import { addItem, balanceOf, buy, givePoints, memberWithPoints, stockOf, storeProblems } from '../support/storeHelpers';

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)('store purchases on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  const audit = () => ({ actor: 'test', now: clock.now() });
  const catalogue = async (member: TestMember) =>
    (await t.call('getStoreCatalogue', {}, member.token)) as unknown as StoreCatalogueAnswer;
  const flag = (on: boolean) =>
    runAdmin(['flags', 'set', 'bRewardStore', on ? 'on' : 'off'], {
      db: t.deps.db,
      now: () => clock.now(),
      actor: 'cli:test',
    });

  describe('what a purchase answers and grants', () => {
    it('a collectible: points spent through the ledger, the item in the inventory, a popup once', async () => {
      const member = await memberWithPoints(t, 500);
      const item = await addItem(t, {
        kind: 'collectible',
        template_id: 'agent-lamplighter',
        tickets: 0,
        price: 150,
        stock: 3,
      });
      const answer = await buy(t, member, item);
      expect(answer).toMatchObject({
        iErrorCode: ErrorCode.OK,
        sStoreItemID: item,
        iQuantity: 1,
        iPointsSpent: 150,
        iTicketsGranted: 0,
        iPoints: 350,
      });
      expect(answer.pItem?.sTemplateID).toBe('agent-lamplighter');
      expect(answer.pItem?.publicMetadata.name).toBe("The Lamplighter of R'lyeh");
      expect(answer.bReplayed).toBeUndefined();

      const inventory = (await t.call('getInventory', {}, member.token)) as unknown as InventoryAnswer;
      expect(inventory.iPoints).toBe(350);
      const owned = inventory.aCollections.flatMap((c) => c.aItems).map((i) => i.sItemID);
      expect(owned).toContain(answer.pItem?.sItemID);

      // The store's dialog is the one confirmation: no popup follows it (decision 0180).
      const data = (await t.call('getUserData', {}, member.token)).pUserData as UserData;
      expect(data.aRewardNotices.filter((n) => n.sTitle === 'Purchase complete')).toEqual([]);
      expect(await stockOf(t, item)).toBe(2);
    });

    it('a ticket bundle and a raffle entry: tickets on the balance', async () => {
      const member = await memberWithPoints(t, 300);
      const before = await balanceOf(t, member.userId);
      const bundle = await addItem(t, { kind: 'tickets', tickets: 3, price: 90 });
      const entry = await addItem(t, { kind: 'raffle-entry', tickets: 1, price: 40 });
      expect(await buy(t, member, bundle, { quantity: 2 })).toMatchObject({
        iErrorCode: ErrorCode.OK,
        iPointsSpent: 180,
        iTicketsGranted: 6,
        iRaffleTickets: before.tickets + 6,
        pItem: null,
        aItems: [],
      });
      expect(await buy(t, member, entry)).toMatchObject({
        iErrorCode: ErrorCode.OK,
        iPoints: 80,
        iRaffleTickets: before.tickets + 7,
      });
    });

    it('two of a collectible at once: two items, twice the price', async () => {
      const member = await memberWithPoints(t, 300);
      const item = await addItem(t, {
        kind: 'collectible',
        template_id: 'mythopedia-elder-sign',
        tickets: 0,
        price: 100,
      });
      const answer = await buy(t, member, item, { quantity: 2 });
      expect(answer).toMatchObject({ iErrorCode: ErrorCode.OK, iPointsSpent: 200, iPoints: 100 });
      expect(answer.aItems).toHaveLength(2);
      expect(new Set(answer.aItems?.map((i) => i.sItemID)).size).toBe(2);
    });

    it('refuses bad input with a readable message, never a 500', async () => {
      const member = await memberWithPoints(t, 10);
      const item = await addItem(t);
      const inputs: Array<Record<string, string | number>> = [
        { sStoreItemID: item, iQuantity: 1 },
        { sStoreItemID: item, iQuantity: 0, sIdempotencyKey: 'bad-input-1' },
        { sStoreItemID: item, iQuantity: 99, sIdempotencyKey: 'bad-input-2' },
        { sStoreItemID: 'Not An Id', sIdempotencyKey: 'bad-input-3' },
        { sStoreItemID: item, sIdempotencyKey: 'short' },
      ];
      for (const fields of inputs) {
        const answer = await t.call('buyStoreItem', fields, member.token);
        expect(answer.iErrorCode, JSON.stringify(fields)).toBe(ErrorCode.BAD_INPUT);
        expect(answer.sMessage).toMatch(/\w/);
      }
      expect((await t.call('buyStoreItem', { sStoreItemID: item, sIdempotencyKey: 'no-token-1' })).iErrorCode).toBe(
        ErrorCode.NOT_SIGNED_IN,
      );
    });
  });

  describe('idempotency keys', () => {
    it('the same key replays the first answer, even after the balance moved on', async () => {
      const member = await memberWithPoints(t, 100);
      const item = await addItem(t, { kind: 'collectible', template_id: 'agent-pale-choir', tickets: 0, price: 30 });
      const first = await buy(t, member, item, { key: 'replay-key-1' });
      await buy(t, member, item, { key: 'replay-key-2' });
      const again = await buy(t, member, item, { key: 'replay-key-1' });
      // The same item, shown as it is now (its rarity counts the later purchase too), like a notice.
      const { pItem, aItems, ...answer } = first;
      expect(again).toMatchObject({ ...answer, bReplayed: true, iPoints: 70 });
      expect(again.pItem?.sItemID).toBe(pItem?.sItemID);
      expect(again.aItems?.map((i) => i.sItemID)).toEqual(aItems?.map((i) => i.sItemID));
      expect(await balanceOf(t, member.userId)).toMatchObject({ points: 40 });
    });

    it('the same key with another item or quantity is refused with its own code, changing nothing', async () => {
      const member = await memberWithPoints(t, 100);
      const item = await addItem(t, { price: 10, member_limit: 5 });
      const other = await addItem(t, { price: 10 });
      expect((await buy(t, member, item, { key: 'reuse-key-1' })).iErrorCode).toBe(ErrorCode.OK);
      const otherItem = await buy(t, member, other, { key: 'reuse-key-1' });
      expect(otherItem).toEqual({
        iErrorCode: ErrorCode.PURCHASE_KEY_REUSED,
        sMessage: 'This purchase was already made with a different item or quantity.',
      });
      expect((await buy(t, member, item, { key: 'reuse-key-1', quantity: 2 })).iErrorCode).toBe(
        ErrorCode.PURCHASE_KEY_REUSED,
      );
      expect(await balanceOf(t, member.userId)).toMatchObject({ points: 90 });
    });

    it('keys belong to one member: another member may use the same key', async () => {
      const [a, b] = [await memberWithPoints(t, 50), await memberWithPoints(t, 50)] as [TestMember, TestMember];
      const item = await addItem(t, { price: 10 });
      const first = await buy(t, a, item, { key: 'shared-key-1' });
      const second = await buy(t, b, item, { key: 'shared-key-1' });
      expect(second.iErrorCode).toBe(ErrorCode.OK);
      expect(second.iPurchaseID).not.toBe(first.iPurchaseID);
      expect(second.bReplayed).toBeUndefined();
    });

    it('a refusal is replayed too; a new key tries afresh', async () => {
      const member = await memberWithPoints(t, 5);
      const item = await addItem(t, { price: 20 });
      const refused = await buy(t, member, item, { key: 'poor-key-1' });
      expect(refused.iErrorCode).toBe(ErrorCode.NOT_ENOUGH_POINTS);
      expect(refused.sMessage).toBe('You do not have enough points: this costs 20 and you have 5.');
      await givePoints(t, member, 100);
      expect(await buy(t, member, item, { key: 'poor-key-1' })).toEqual({ ...refused, bReplayed: true });
      expect((await buy(t, member, item, { key: 'poor-key-2' })).iErrorCode).toBe(ErrorCode.OK);
    });

    it('an unknown item is not remembered under the key (a failed validation)', async () => {
      const member = await memberWithPoints(t, 50);
      const item = await addItem(t, { price: 10 });
      expect(await buy(t, member, 'no-such-item', { key: 'typo-key-1' })).toEqual({
        iErrorCode: ErrorCode.NOT_FOUND,
        sMessage: 'There is no such item in the store.',
      });
      expect((await buy(t, member, item, { key: 'typo-key-1' })).iErrorCode).toBe(ErrorCode.OK);
    });

    it('keys are kept at least 24 h: refusals are forgotten after that, purchases never', async () => {
      const member = await memberWithPoints(t, 10);
      const item = await addItem(t, { price: 20, member_limit: 5 });
      const refused = await buy(t, member, item, { key: 'old-refusal-1' });
      await givePoints(t, member, 30);
      const bought = await buy(t, member, item, { key: 'old-purchase-1' });
      expect(bought.iErrorCode).toBe(ErrorCode.OK);

      clock.advance(PURCHASE_KEY_RETENTION_MS - HOUR);
      await forgetOldRefusals(t.deps.db, clock.now());
      expect(await buy(t, member, item, { key: 'old-refusal-1' })).toEqual({ ...refused, bReplayed: true });

      clock.advance(2 * HOUR);
      expect(await forgetOldRefusals(t.deps.db, clock.now())).toBeGreaterThanOrEqual(1);
      const retried = await buy(t, member, item, { key: 'old-refusal-1' });
      expect(retried.iErrorCode).toBe(ErrorCode.OK);
      expect(retried.bReplayed).toBeUndefined();

      clock.advance(30 * 24 * HOUR);
      await forgetOldRefusals(t.deps.db, clock.now());
      expect(await buy(t, member, item, { key: 'old-purchase-1' })).toEqual({ ...bought, bReplayed: true });
      expect(await balanceOf(t, member.userId)).toMatchObject({ points: 0 });
    });
  });

  describe('windows, retire, restock, closing', () => {
    it('not on sale yet, then on sale, then no longer', async () => {
      const member = await memberWithPoints(t, 100);
      const opens = clock.now() + HOUR;
      const item = await addItem(t, { price: 10, available_from: opens, available_until: opens + 2 * HOUR });
      const listed = (await catalogue(member)).aItems.find((i) => i.sStoreItemID === item);
      expect(listed).toMatchObject({ iAvailableFrom: opens, iAvailableUntil: opens + 2 * HOUR });
      expect(await buy(t, member, item)).toEqual({
        iErrorCode: ErrorCode.NOT_ON_SALE_YET,
        sMessage: 'This item is not on sale yet.',
      });
      clock.advance(HOUR);
      expect((await buy(t, member, item)).iErrorCode).toBe(ErrorCode.OK);
      clock.advance(2 * HOUR);
      expect(await buy(t, member, item)).toEqual({
        iErrorCode: ErrorCode.NO_LONGER_ON_SALE,
        sMessage: 'This item is no longer on sale.',
      });
      expect((await catalogue(member)).aItems.map((i) => i.sStoreItemID)).not.toContain(item);
    });

    it('a retired item is off sale and out of the catalogue; what was bought stays', async () => {
      const member = await memberWithPoints(t, 100);
      const item = await addItem(t, { price: 10, tickets: 2 });
      const bought = await buy(t, member, item);
      expect((await retireStoreItem(t.deps.db, item, audit())).ok).toBe(true);
      expect((await buy(t, member, item)).iErrorCode).toBe(ErrorCode.NO_LONGER_ON_SALE);
      expect((await catalogue(member)).aItems.map((i) => i.sStoreItemID)).not.toContain(item);
      expect((await balanceOf(t, member.userId)).tickets).toBe(bought.iRaffleTickets);
      expect(await retireStoreItem(t.deps.db, item, audit())).toEqual({
        ok: false,
        problem: `${item} is retired already.`,
        refusal: 'unchanged',
      });
    });

    it('sold out until restocked; the catalogue shows stock left and the member limit left', async () => {
      const [a, b] = [await memberWithPoints(t, 100), await memberWithPoints(t, 100)] as [TestMember, TestMember];
      const item = await addItem(t, { price: 10, stock: 1, member_limit: 2 });
      expect((await buy(t, a, item)).iErrorCode).toBe(ErrorCode.OK);
      expect((await buy(t, b, item)).iErrorCode).toBe(ErrorCode.SOLD_OUT);
      // The stock is read before anything is written and taken last: sold out still answers first.
      expect((await buy(t, await memberWithPoints(t, 0), item)).iErrorCode).toBe(ErrorCode.SOLD_OUT);
      expect((await catalogue(a)).aItems.find((i) => i.sStoreItemID === item)).toMatchObject({
        iStockLeft: 0,
        iLimit: 2,
        iBought: 1,
      });
      expect((await restockStoreItem(t.deps.db, item, 3, audit())).ok).toBe(true);
      expect((await buy(t, b, item, { quantity: 2 })).iErrorCode).toBe(ErrorCode.OK);
      const only = await buy(t, a, item, { quantity: 2 });
      expect(only).toEqual({ iErrorCode: ErrorCode.SOLD_OUT, sMessage: 'Only 1 left: please choose fewer.' });
      const limit = await buy(t, b, item);
      expect(limit).toEqual({
        iErrorCode: ErrorCode.PURCHASE_LIMIT_REACHED,
        sMessage: 'One member may buy 2 of this item.',
      });
      expect(await stockOf(t, item)).toBe(1);
    });

    it('an unlimited item cannot be restocked; a new price applies at once and keeps the stock', async () => {
      const member = await memberWithPoints(t, 100);
      const unlimited = await addItem(t, { price: 10 });
      expect(await restockStoreItem(t.deps.db, unlimited, 5, audit())).toEqual({
        ok: false,
        problem: `${unlimited} has unlimited stock: there is nothing to restock.`,
        refusal: 'invalid',
      });
      const item = await addItem(t, { price: 10, stock: 4 });
      await buy(t, member, item);
      expect((await updateStoreItem(t.deps.db, item, { price: 95 }, audit())).ok).toBe(true);
      expect(await stockOf(t, item)).toBe(3);
      expect((await buy(t, member, item)).iErrorCode).toBe(ErrorCode.NOT_ENOUGH_POINTS);
    });

    it('with bRewardStore off the store is closed to buying but still previews its catalogue', async () => {
      const member = await memberWithPoints(t, 100);
      const item = await addItem(t, { price: 10 });
      await flag(false);
      try {
        expect(await buy(t, member, item)).toEqual({
          iErrorCode: ErrorCode.STORE_CLOSED,
          sMessage: 'The Reward Store is closed right now. Your points are safe; please come back later.',
        });
        const preview = await catalogue(member);
        expect(preview.bOpen).toBe(false);
        expect(preview.aItems.map((i) => i.sStoreItemID)).toContain(item);
      } finally {
        await flag(true);
      }
      expect((await catalogue(member)).bOpen).toBe(true);
      expect((await buy(t, member, item)).iErrorCode).toBe(ErrorCode.OK);
      expect(await storeProblems(t.deps.db)).toEqual([]);
    });
  });

  it('ships a living demo catalogue: collectibles with their art, a bundle, an entry, one coming soon', async () => {
    const member = await memberWithPoints(t, 0);
    const { aItems } = await catalogue(member);
    const demo = aItems.filter((i) => !i.sStoreItemID.startsWith('test-item-'));
    expect(demo.map((i) => i.sKind)).toEqual(expect.arrayContaining(['collectible', 'tickets', 'raffle-entry']));
    expect(demo.find((i) => i.sStoreItemID === 'tide-warden')).toMatchObject({
      sName: 'Warden of the Black Tide',
      sTemplateID: 'agent-tide-warden',
      iPrice: 150,
      iLimit: 2,
      iBought: 0,
    });
    expect(demo.find((i) => i.sStoreItemID === 'tide-warden')?.sImage).toMatch(/\/media\/agents\/tide-warden\.svg\?v=/);
    expect(demo.find((i) => i.sStoreItemID === 'ticket-bundle')?.sImage).toMatch(/\/media\/store\/ticket-bundle\.svg/);
    expect(demo.find((i) => i.sStoreItemID === 'lighthouse-tithe')?.iAvailableFrom).toBeGreaterThan(0);
    for (const item of demo) expect(item.sDescription.length, item.sStoreItemID).toBeGreaterThan(20);
  });
});
