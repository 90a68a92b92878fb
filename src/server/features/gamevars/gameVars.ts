import { GAME_VAR_TYPES, type GameVarEntry, parseGameVar } from '../../../protocol/gamevars';
import type { GameVarDefinition } from '../../capability';
import { writeAudit } from '../../shared/audit';
import { inTransaction } from '../../shared/transaction';
import { ttlCache } from '../../shared/ttlCache';
import type { GamevarsDb } from './tables';

/**
 * Game variables (docs/product.md §3): operator-tunable values every member's pUserData carries.
 * Each capability declares the ones it reads (type, default, shape); this store keeps them.
 */

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

/** The edit distance of two names (case ignored), for "did you mean". */
function distance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const swap = x[i - 1] === y[j - 1] ? 0 : 1;
      row[j] = Math.min((previous[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + swap);
    }
    previous = row;
  }
  return previous[y.length] ?? 0;
}

/**
 * Why a name no capability declares is refused (issue 38): nothing would read it, so `gamevars set`
 * of a typo (iChatBrust) would change nothing and say it did. Names the closest declared one.
 */
export function undeclaredProblem(sVarID: string, definitions: readonly GameVarDefinition[]): string | null {
  if (definitions.some((d) => d.sVarID === sVarID)) return null;
  let closest: { id: string; far: number } | null = null;
  for (const d of definitions) {
    const far = distance(sVarID, d.sVarID);
    if (!closest || far < closest.far) closest = { id: d.sVarID, far };
  }
  const hint = closest && closest.far <= 3 ? ` Did you mean ${closest.id}?` : '';
  return `${sVarID} is not a game var: no part of the portal reads it (gamevars list shows every one).${hint}`;
}

/**
 * Sets one variable after validation: only a declared one (undeclaredProblem), of its declared
 * type and range; audited with the previous value (and the operator's reason,
 * when given). Returns the problem, or null.
 */
export async function setGameVar(
  ctx: { db: GamevarsDb; gameVarDefinitions: readonly GameVarDefinition[] },
  entry: GameVarEntry,
  actor: string,
  now: number,
  reason?: string,
): Promise<string | null> {
  const problem =
    gameVarProblem(entry, ctx.gameVarDefinitions) ?? undeclaredProblem(entry.sVarID, ctx.gameVarDefinitions);
  if (problem) return problem;
  await inTransaction(ctx.db, async (trx) => {
    const before = (await listGameVars(trx)).find((e) => e.sVarID === entry.sVarID) ?? null;
    await trx
      .insertInto('game_var')
      .values({ var_id: entry.sVarID, type: entry.sType, value: entry.sValue, updated_at: now })
      .onConflict((oc) => oc.column('var_id').doUpdateSet({ type: entry.sType, value: entry.sValue, updated_at: now }))
      .execute();
    const detail = reason ? { before, after: entry, reason } : { before, after: entry };
    await writeAudit(trx, { actor, action: 'gamevars.set', detail, at: now });
  });
  caches.get(ctx.db)?.clear();
  return null;
}
