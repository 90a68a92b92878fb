import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { restockStoreItem } from '../../src/server/features/store/manage';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { ledgerProblems } from '../support/ledgerAudit';
import type { TestMember } from '../support/rewardsHelpers';
import { addItem, balanceOf, buy, memberWithPoints, stockOf, storeProblems } from '../support/storeHelpers';

const codes = (answers: Array<{ iErrorCode: number }>) =>
  answers.reduce<Record<number, number>>((count, a) => {
    count[a.iErrorCode] = (count[a.iErrorCode] ?? 0) + 1;
    return count;
  }, {});

describe.each(DIALECTS)('store purchases under concurrency on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('50 members buying the last unit at once: exactly one gets it', { timeout: 60_000 }, async () => {
    const item = await addItem(t, { stock: 1, price: 30 });
    const members: TestMember[] = [];
    for (let i = 0; i < 50; i++) members.push(await memberWithPoints(t, 100, 'rush'));

    const answers = await Promise.all(members.map((m) => buy(t, m, item)));
    expect(codes(answers)).toEqual({ [ErrorCode.OK]: 1, [ErrorCode.SOLD_OUT]: 49 });
    expect(await stockOf(t, item)).toBe(0);
    const winner = members[answers.findIndex((a) => a.iErrorCode === ErrorCode.OK)] as TestMember;
    expect(await balanceOf(t, winner.userId)).toMatchObject({ points: 70 });
    for (const member of members.filter((m) => m !== winner)) {
      expect((await balanceOf(t, member.userId)).points).toBe(100);
    }
    for (const refusal of answers.filter((a) => a.iErrorCode !== ErrorCode.OK)) {
      expect(refusal.sMessage).toBe('Sorry, this item is sold out.');
    }
    expect(await storeProblems(t.deps.db)).toEqual([]);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });

  it('one member double-submitting one key: one purchase, every answer the same', async () => {
    const member = await memberWithPoints(t, 100);
    const item = await addItem(t, { price: 25, stock: 10 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => buy(t, member, item, { key: 'double-click-1' })),
    );

    expect(codes(answers)).toEqual({ [ErrorCode.OK]: 20 });
    expect(new Set(answers.map((a) => a.iPurchaseID)).size).toBe(1);
    expect(answers.filter((a) => !a.bReplayed)).toHaveLength(1);
    for (const answer of answers) expect(answer).toMatchObject({ iPoints: 75, iPointsSpent: 25 });
    expect(await balanceOf(t, member.userId)).toMatchObject({ points: 75 });
    expect(await stockOf(t, item)).toBe(9);
    expect(await storeProblems(t.deps.db)).toEqual([]);
  });

  it('one member buying in parallel up to and past the limit: exactly iLimit', async () => {
    const member = await memberWithPoints(t, 1000);
    const item = await addItem(t, { price: 10, member_limit: 3 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => buy(t, member, item)));

    expect(codes(answers)).toEqual({ [ErrorCode.OK]: 3, [ErrorCode.PURCHASE_LIMIT_REACHED]: 17 });
    expect(await balanceOf(t, member.userId)).toMatchObject({ points: 970 });
    const holding = await t.deps.db
      .selectFrom('store_holding')
      .select('bought')
      .where('user_id', '=', member.userId)
      .where('item_id', '=', item)
      .executeTakeFirstOrThrow();
    expect(Number(holding.bought)).toBe(3);
    expect(await storeProblems(t.deps.db)).toEqual([]);
  });

  it('parallel purchases never spend more points than the member has', async () => {
    const member = await memberWithPoints(t, 25);
    const item = await addItem(t, { price: 10, member_limit: 50 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => buy(t, member, item)));
    expect(codes(answers)).toEqual({ [ErrorCode.OK]: 2, [ErrorCode.NOT_ENOUGH_POINTS]: 10 });
    expect(await balanceOf(t, member.userId)).toMatchObject({ points: 5 });
    expect(answers.find((a) => a.iErrorCode === ErrorCode.NOT_ENOUGH_POINTS)?.sMessage).toMatch(
      /this costs 10 and you have \d+/,
    );
  });

  it('no negative balance, stock or limit under a mixed storm with restocks', { timeout: 60_000 }, async () => {
    const item = await addItem(t, { price: 15, stock: 6, member_limit: 2 });
    const members: TestMember[] = [];
    // Some can afford two, some one, some none.
    for (let i = 0; i < 12; i++) members.push(await memberWithPoints(t, [35, 20, 5][i % 3] as number, 'storm'));
    const restock = () => restockStoreItem(t.deps.db, item, 2, { actor: 'test', now: t.deps.clock.now() });
    const work = [
      ...members.flatMap((m) => [buy(t, m, item), buy(t, m, item), buy(t, m, item, { quantity: 2 })]),
      restock(),
      restock(),
    ];
    await Promise.all(work);

    const sold = await t.deps.db
      .selectFrom('store_holding')
      .select((eb) => eb.fn.sum<number>('bought').as('sold'))
      .where('item_id', '=', item)
      .executeTakeFirstOrThrow();
    expect(Number(sold.sold) + ((await stockOf(t, item)) as number)).toBe(10);
    for (const member of members) expect((await balanceOf(t, member.userId)).points).toBeGreaterThanOrEqual(0);
    expect(await storeProblems(t.deps.db)).toEqual([]);
    expect(await ledgerProblems(t.deps.db)).toEqual([]);
  });
});
