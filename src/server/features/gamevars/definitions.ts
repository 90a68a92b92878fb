import type { GameVarDefinition } from '../../capability';

/**
 * A game var holding an integer from `min` to `max` (both included); `hint` tells the operator
 * what `gamevars set` accepts (by default the range, "min…max").
 */
export function intGameVar(
  sVarID: string,
  sDefault: number,
  min: number,
  max: number,
  hint = `${min}…${max}`,
): GameVarDefinition {
  return {
    sVarID,
    sType: 'int',
    sDefault: String(sDefault),
    valid: (v) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max,
    hint,
  };
}
