import type { DailyState } from './daily';
import type { DbOrTrx } from './db';

export async function findDailyState(db: DbOrTrx, userId: string): Promise<DailyState | null> {
  const row = await db
    .selectFrom('daily_login')
    .select(['last_day', 'day_in_cycle', 'cycles_completed'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row
    ? { lastDay: row.last_day, dayInCycle: Number(row.day_in_cycle), cyclesCompleted: Number(row.cycles_completed) }
    : null;
}

export async function saveDailyState(db: DbOrTrx, userId: string, state: DailyState, now: number): Promise<void> {
  const values = {
    last_day: state.lastDay,
    day_in_cycle: state.dayInCycle,
    cycles_completed: state.cyclesCompleted,
    updated_at: now,
  };
  await db
    .insertInto('daily_login')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
