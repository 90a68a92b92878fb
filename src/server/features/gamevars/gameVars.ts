import { type GameVarEntry, parseGameVar } from '../../../protocol/gamevars';
import type { GameVarDefinition } from '../../capability';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { ttlCache } from '../../shared/ttlCache';
import type { GamevarsDb } from './tables';

/**
 * Game variables (docs/product.md §3): operator-tunable values every member's pUserData carries.
 * Each capability declares the ones it reads (type, default, shape); this store keeps them.
 */
export const GAME_VAR_TYPES = ['int', 'float', 'number', 'array', 'json', 'string'] as const;

const VAR_ID_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const MAX_VALUE_LENGTH = 10_000;

/** Why an operator's game var would be refused, or null when it is fine. */
export function gameVarProblem(entry: GameVarEntry, definitions: readonly GameVarDefinition[] = []): string | null {
  const { sVarID, sType, sValue } = entry;
  if (!VAR_ID_PATTERN.test(sVarID)) return 'The id must be a letter then up to 63 letters, digits or _.';
  if (!(GAME_VAR_TYPES as readonly string[]).includes(sType))
    return `The type must be one of ${GAME_VAR_TYPES.join(', ')}.`;
  if (sValue.length > MAX_VALUE_LENGTH) return `The value is longer than ${MAX_VALUE_LENGTH} characters.`;
  if (sType === 'int' && !/^-?\d{1,15}$/.test(sValue.trim())) return 'The value must be an integer.';
  if ((sType === 'float' || sType === 'number') && !Number.isFinite(Number(sValue.trim()))) {
    return 'The value must be a number.';
  }
  if (sType === 'json') {
    try {
      JSON.parse(sValue);
    } catch {
      return 'The value must be valid JSON.';
    }
  }
  const known = definitions.find((d) => d.sVarID === sVarID);
  if (known) {
    if (known.sType !== sType) return `${sVarID} must have type ${known.sType}.`;
    if (known.valid && !known.valid(parseGameVar(entry))) return `${sVarID} must be ${known.hint ?? 'valid'}.`;
  }
  return null;
}

export const defaultEntry = (definition: GameVarDefinition): GameVarEntry => ({
  sVarID: definition.sVarID,
  sType: definition.sType,
  sValue: definition.sDefault,
});

/** A variable's parsed value: the stored one when it is valid, else its default. */
export function gameVarValue<T>(entries: readonly GameVarEntry[], definition: GameVarDefinition): T {
  const stored = entries.find((e) => e.sVarID === definition.sVarID);
  const usable = stored && gameVarProblem(stored, [definition]) === null ? stored : defaultEntry(definition);
  return parseGameVar(usable) as T;
}

export async function listGameVars(db: GamevarsDb): Promise<GameVarEntry[]> {
  const rows = await db.selectFrom('game_var').select(['var_id', 'type', 'value']).orderBy('var_id').execute();
  return rows.map((r) => ({ sVarID: r.var_id, sType: r.type, sValue: r.value }));
}

type GameVarsCache = ReturnType<typeof ttlCache<GameVarEntry[]>>;
const caches = new WeakMap<GamevarsDb, GameVarsCache>();

/**
 * Every member's pUserData and the reward rules read the game vars on every call: they are kept in
 * memory for `ttlMs` (an operator's change elsewhere shows within it; one made here at once).
 */
export function rememberGameVars(db: GamevarsDb, ttlMs: number): void {
  caches.set(
    db,
    ttlCache(() => listGameVars(db), ttlMs),
  );
}

/** The game vars, from memory when this database's are remembered (never inside a transaction). */
export function readGameVars(db: GamevarsDb): Promise<GameVarEntry[]> {
  const cache = db.isTransaction ? undefined : caches.get(db);
  return cache ? cache.get() : listGameVars(db);
}

/** Adds the default of every declared variable that is missing; an operator's value is never replaced. */
export async function seedGameVarDefaults(
  db: GamevarsDb,
  definitions: readonly GameVarDefinition[],
  now: number,
): Promise<void> {
  for (const definition of definitions) {
    await db
      .insertInto('game_var')
      .values({ var_id: definition.sVarID, type: definition.sType, value: definition.sDefault, updated_at: now })
      .onConflict((oc) => oc.column('var_id').doNothing())
      .execute();
  }
}

/**
 * Sets one variable after validation; audited with the previous value (and `reason` when given: the
 * console asks for one). Returns the problem, or null.
 */
export async function setGameVar(
  ctx: { db: GamevarsDb; gameVarDefinitions: readonly GameVarDefinition[] },
  entry: GameVarEntry,
  actor: string,
  now: number,
  reason?: string,
): Promise<string | null> {
  const problem = gameVarProblem(entry, ctx.gameVarDefinitions);
  if (problem) return problem;
  await inTransaction(ctx.db, async (trx) => {
    const before = (await listGameVars(trx)).find((e) => e.sVarID === entry.sVarID) ?? null;
    await trx
      .insertInto('game_var')
      .values({ var_id: entry.sVarID, type: entry.sType, value: entry.sValue, updated_at: now })
      .onConflict((oc) => oc.column('var_id').doUpdateSet({ type: entry.sType, value: entry.sValue, updated_at: now }))
      .execute();
    await writeAudit(trx, {
      actor,
      action: 'gamevars.set',
      detail: { before, after: entry, ...(reason ? { reason } : {}) },
      at: now,
    });
  });
  caches.get(ctx.db)?.clear();
  return null;
}
