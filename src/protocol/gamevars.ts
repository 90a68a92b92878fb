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
