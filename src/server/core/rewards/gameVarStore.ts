import type { GameVarEntry } from '../../../protocol/gameVars';
import { writeAudit } from '../audit';
import { type DbOrTrx, inTransaction } from './db';
import { insertGameVarIfMissing, listGameVarRows, upsertGameVar } from './gameVarRepo';
import { GAME_VAR_DEFAULTS, gameVarProblem, type RewardVars, rewardVars } from './gameVars';

/** Game variables in the database: read for pUserData and the reward rules, set by operators. */
export async function listGameVars(db: DbOrTrx): Promise<GameVarEntry[]> {
  const rows = await listGameVarRows(db);
  return rows.map((r) => ({ sVarID: r.var_id, sType: r.type, sValue: r.value }));
}

export async function loadRewardVars(db: DbOrTrx): Promise<RewardVars> {
  return rewardVars(await listGameVars(db));
}

/** Adds the default of every variable that is missing; an operator's value is never replaced. */
export async function seedGameVarDefaults(db: DbOrTrx, now: number): Promise<void> {
  for (const entry of GAME_VAR_DEFAULTS) {
    await insertGameVarIfMissing(db, { var_id: entry.sVarID, type: entry.sType, value: entry.sValue }, now);
  }
}

/** Sets one variable after validation; audited with the previous value. Returns the problem, or null. */
export async function setGameVar(db: DbOrTrx, entry: GameVarEntry, actor: string, now: number): Promise<string | null> {
  const problem = gameVarProblem(entry);
  if (problem) return problem;
  await inTransaction(db, async (trx) => {
    const before = (await listGameVars(trx)).find((e) => e.sVarID === entry.sVarID) ?? null;
    await upsertGameVar(trx, { var_id: entry.sVarID, type: entry.sType, value: entry.sValue }, now);
    await writeAudit(trx, { actor, action: 'gamevars.set', detail: { before, after: entry }, at: now });
  });
  return null;
}
