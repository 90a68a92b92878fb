import type { DbOrTrx } from './db';

export interface GameVarRow {
  var_id: string;
  type: string;
  value: string;
}

export function listGameVarRows(db: DbOrTrx): Promise<GameVarRow[]> {
  return db.selectFrom('game_var').select(['var_id', 'type', 'value']).orderBy('var_id').execute();
}

/** Adds a game var only if it is missing: defaults never overwrite an operator's value. */
export async function insertGameVarIfMissing(db: DbOrTrx, row: GameVarRow, now: number): Promise<void> {
  await db
    .insertInto('game_var')
    .values({ ...row, updated_at: now })
    .onConflict((oc) => oc.column('var_id').doNothing())
    .execute();
}

export async function upsertGameVar(db: DbOrTrx, row: GameVarRow, now: number): Promise<void> {
  await db
    .insertInto('game_var')
    .values({ ...row, updated_at: now })
    .onConflict((oc) => oc.column('var_id').doUpdateSet({ type: row.type, value: row.value, updated_at: now }))
    .execute();
}
