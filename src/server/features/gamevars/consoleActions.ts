import { ErrorCode } from '../../../protocol/errors';
import type {
  ConsoleGameVarRow,
  ConsoleGameVarSetAnswer,
  ConsoleGameVarsAnswer,
  GameVarEntry,
} from '../../../protocol/gamevars';
import { gameVarSetInput, gameVarsListInput } from '../../../protocol/gamevars.schema';
import type { AppContext, GameVarDefinition } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { gameVarProblem, listGameVars, setGameVar } from './gameVars';
import type { GamevarsTables } from './tables';

const define = consoleActionDefiner<GamevarsTables>();

function row(definition: GameVarDefinition | undefined, stored: GameVarEntry | undefined): ConsoleGameVarRow {
  const sVarID = definition?.sVarID ?? stored?.sVarID ?? '';
  return {
    sVarID,
    sType: definition?.sType ?? stored?.sType ?? 'string',
    sReadBy: definition?.readBy ?? null,
    sHint: definition?.hint ?? '',
    sDescription: definition?.description ?? '',
    sDefault: definition?.sDefault ?? null,
    sValue: stored?.sValue ?? null,
    bValid: stored ? gameVarProblem(stored, definition ? [definition] : []) === null : true,
  };
}

/** Every declared game var (in declaration order), then any stored one no capability declares. */
function rows(definitions: readonly GameVarDefinition[], stored: readonly GameVarEntry[]): ConsoleGameVarRow[] {
  const byId = new Map(stored.map((e) => [e.sVarID, e]));
  const declared = definitions.map((d) => row(d, byId.get(d.sVarID)));
  const known = new Set(definitions.map((d) => d.sVarID));
  return [...declared, ...stored.filter((e) => !known.has(e.sVarID)).map((e) => row(undefined, e))];
}

/**
 * The console's game vars editor (issue 29): the list with each var's declaration, and a change
 * through setGameVar, the function `gamevars set` calls: its refusal is the CLI's sentence, checked
 * once, there.
 */
export function gamevarsConsoleActions(ctx: AppContext<GamevarsTables>): ConsoleActionDef[] {
  return [
    define({
      name: 'gameVarsList',
      permission: 'live:read',
      input: gameVarsListInput,
      async handler(): Promise<ConsoleGameVarsAnswer> {
        return { iErrorCode: ErrorCode.OK, aRows: rows(ctx.gameVarDefinitions, await listGameVars(ctx.db)) };
      },
    }),
    define({
      name: 'gameVarSet',
      permission: 'live:manage',
      input: gameVarSetInput,
      async handler({ sVarID, sType, sValue, sReason }, { operator }) {
        const before = (await listGameVars(ctx.db)).find((e) => e.sVarID === sVarID) ?? null;
        const entry = { sVarID, sType, sValue };
        const refused = await setGameVar(ctx, entry, operator.actor, ctx.clock.now(), sReason);
        if (refused) return fail(ErrorCode.GAMEVAR_REFUSED, refused);
        const definition = ctx.gameVarDefinitions.find((d) => d.sVarID === sVarID);
        const answer: ConsoleGameVarSetAnswer = {
          iErrorCode: ErrorCode.OK,
          pBefore: before,
          pVar: row(definition, entry),
        };
        return answer;
      },
    }),
  ];
}
