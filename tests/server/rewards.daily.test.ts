import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGameVar } from '../../src/server/features/gamevars/index';
import { memberRewardsData } from '../../src/server/features/rewards/userData';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { signUp } from '../support/rewardsHelpers';

const DAY = 86_400_000;
const NOON = Date.UTC(2026, 0, 5, 12);

describe.each(DIALECTS)('daily login reward on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock(NOON);
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  const dailyRows = (userId: string) =>
    t.deps.db
      .selectFrom('ledger')
      .select(['idem_key', 'asset', 'amount'])
      .where('user_id', '=', userId)
      .where('idem_key', 'like', 'daily:%')
      .orderBy('id')
      .execute();
  const visit = (userId: string) => memberRewardsData(t.deps.db, userId, clock.now());

  it('runs a 7-day cycle with first-cycle amounts, then restarts on day 8 at full amounts', async () => {
    clock.set(NOON);
    const { userId } = await signUp(t);
    const normal = [10, 20, 30, 40, 50, 75, 100];
    const reduced = [5, 10, 15, 20, 25, 37, 50];
    for (let day = 1; day <= 9; day++) {
      const data = await visit(userId);
      const firstCycle = day <= 7;
      const dayInCycle = ((day - 1) % 7) + 1;
      expect(data, `calendar day ${day}`).toMatchObject({
        iLoginRewardDay: dayInCycle,
        iDailyRewardDay: dayInCycle,
        iLoginRewardPoints: firstCycle ? reduced[dayInCycle - 1] : normal[dayInCycle - 1],
        iLoginRewardNormalPoints: normal[dayInCycle - 1],
        iLoginRewardRaffleTickets: dayInCycle === 7 ? 1 : 0,
        bFirstCycle: firstCycle,
      });
      if (day === 9) expect(data.iLoginRewardPoints).toBe(20); // docs/product.md §9 sample: day 2, 20 points
      clock.advance(DAY);
    }
    const rows = await dailyRows(userId);
    expect(rows.filter((r) => r.asset === 'points').map((r) => r.amount)).toEqual([...reduced, 10, 20]);
    expect(rows.filter((r) => r.asset === 'tickets')).toHaveLength(1);
    expect((await visit(userId)).iPoints).toBe(reduced.reduce((a, b) => a + b) + 10 + 20 + 30);
  });

  it('grants once per calendar day, and the next day only after midnight UTC', async () => {
    clock.set(Date.UTC(2026, 1, 1, 0, 0, 1));
    const { userId } = await signUp(t);
    await visit(userId);
    clock.set(Date.UTC(2026, 1, 1, 23, 59, 59));
    await visit(userId);
    expect(await dailyRows(userId)).toHaveLength(1);
    clock.set(Date.UTC(2026, 1, 2, 0, 0, 0));
    expect((await visit(userId)).iLoginRewardDay).toBe(2);
    expect((await dailyRows(userId)).map((r) => r.idem_key)).toEqual([
      `daily:${userId}:2026-02-01`,
      `daily:${userId}:2026-02-02`,
    ]);
  });

  it('counts login days, not calendar days: a gap does not reset the cycle', async () => {
    clock.set(Date.UTC(2026, 2, 1, 9));
    const { userId } = await signUp(t);
    await visit(userId);
    clock.advance(5 * DAY);
    expect((await visit(userId)).iLoginRewardDay).toBe(2);
  });

  it('grants exactly once under 30 parallel first visits of the day', async () => {
    clock.set(Date.UTC(2026, 3, 1, 8));
    const { userId } = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 30 }, () => visit(userId)));
    expect(await dailyRows(userId)).toHaveLength(1);
    expect(answers.every((a) => a.iLoginRewardDay === 1 && a.iPoints === 5)).toBe(true);
    clock.advance(DAY);
    await Promise.all(Array.from({ length: 30 }, () => visit(userId)));
    expect(await dailyRows(userId)).toHaveLength(2);
    expect((await visit(userId)).iPoints).toBe(5 + 10);
  });

  it('moves the day boundary with iDailyResetOffsetMinutes and follows aDailyRewards changes', async () => {
    const { userId } = await signUp(t);
    clock.set(Date.UTC(2026, 4, 1, 22));
    await visit(userId);
    await setGameVar(t.deps, { sVarID: 'iDailyResetOffsetMinutes', sType: 'int', sValue: '180' }, 'test', clock.now());
    const table = Array.from({ length: 7 }, (_, i) => ({ iPoints: 100 + i, iTickets: 0 }));
    await setGameVar(
      t.deps,
      { sVarID: 'aNewUserDailyRewards', sType: 'json', sValue: JSON.stringify(table) },
      'test',
      clock.now(),
    );
    clock.set(Date.UTC(2026, 4, 1, 23)); // 02:00 on May 2nd at UTC+3
    const data = await visit(userId);
    expect(data).toMatchObject({ iLoginRewardDay: 2, iLoginRewardPoints: 101 });
    expect((await dailyRows(userId)).at(-1)?.idem_key).toBe(`daily:${userId}:2026-05-02`);
    await setGameVar(t.deps, { sVarID: 'iDailyResetOffsetMinutes', sType: 'int', sValue: '0' }, 'test', clock.now());
  });
});
