/** docs/product.md §3: game variable entries and their parsing into the pGameVars map. */
export interface GameVarEntry {
  sVarID: string;
  sType: string;
  sValue: string;
}

/** The game-vars part of pUserData: moved into pGameVars by the web (splitGameVars). */
export type GamevarsUserData = { aGameVars: GameVarEntry[] };

export type GameVarValue = number | string | string[] | unknown;

export function parseGameVar(entry: GameVarEntry): GameVarValue {
  const { sType, sValue } = entry;
  switch (sType) {
    case 'float':
    case 'number':
      return Number.parseFloat(sValue);
    case 'int':
      return Number.parseInt(sValue, 10);
    case 'array':
      return sValue.split(',');
    case 'json':
      try {
        return JSON.parse(sValue);
      } catch {
        return sValue;
      }
    default:
      return sValue;
  }
}

export function parseGameVars(entries: readonly GameVarEntry[] | undefined): Record<string, GameVarValue> {
  const map: Record<string, GameVarValue> = {};
  for (const entry of entries ?? []) map[entry.sVarID] = parseGameVar(entry);
  return map;
}

/**
 * Moves aGameVars out of the user data into pGameVars, as docs/product.md §3 says
 * ("aGameVars is removed from the user data").
 */
export function splitGameVars<T extends { aGameVars?: GameVarEntry[] }>(
  userData: T,
): { pUserData: Omit<T, 'aGameVars'>; pGameVars: Record<string, GameVarValue> } {
  const { aGameVars, ...rest } = userData;
  return { pUserData: rest, pGameVars: parseGameVars(aGameVars) };
}

// ── The console's game vars screen (issue 29) ───────────────────────────────────────────────

/** The types `gamevars set` accepts (number: a float by another name). */
export const GAME_VAR_TYPES = ['int', 'float', 'number', 'array', 'json', 'string'] as const;

/** One game var as operators see it: its declaration (by the capability that reads it) and its value now. */
export interface ConsoleGameVarRow {
  sVarID: string;
  sType: string;
  /** The capability that declares and reads it; null: stored but read by none. */
  sReadBy: string | null;
  /** What `gamevars set` accepts beyond the type (a range, a shape); '' none. */
  sHint: string;
  /** What it changes, one sentence; '' none. */
  sDescription: string;
  /** The declared default; null when no capability declares it. */
  sDefault: string | null;
  /** The stored value, as every member's pUserData carries it; null: none stored. */
  sValue: string | null;
  /** Whether the stored value passes its capability's check; when not, the capability uses the default. */
  bValid: boolean;
}

/** `gameVarsList` (live:read). */
export interface ConsoleGameVarsAnswer {
  iErrorCode: number;
  aRows: ConsoleGameVarRow[];
}

/**
 * `gameVarSet` {sVarID, sType, sValue, sReason} (live:manage): `gamevars set ID TYPE VALUE`. A
 * value the capability refuses answers GAMEVAR_REFUSED with the sentence the CLI prints.
 */
export interface ConsoleGameVarSetAnswer {
  iErrorCode: number;
  pBefore: GameVarEntry | null;
  pVar: ConsoleGameVarRow;
}
