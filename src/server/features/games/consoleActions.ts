import { encipher } from '../../../protocol/curseBreaker';
import { ErrorCode } from '../../../protocol/errors';
import {
  type ConsoleCurse,
  type ConsoleCurseAnswer,
  type ConsoleCurseSetAnswer,
  parseWeek,
  type Week,
  weekOf,
} from '../../../protocol/games';
import { curseClearInput, curseSetInput, curseShowInput } from '../../../protocol/games.schema';
import type { AppContext } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { clearCurse, curseOfWeek, curseSolves, setWeekCurse, solveCount, type WeeklyCurse } from './curse';
import type { GamesTables } from './tables';

const define = consoleActionDefiner<GamesTables>();

function consoleCurse(curse: WeeklyCurse): ConsoleCurse {
  return {
    sWeek: curse.week.sWeek,
    iStartsAt: curse.week.iStartsAt,
    iEndsAt: curse.week.iEndsAt,
    sSource: curse.source,
    sTitle: curse.title,
    sLore: curse.lore,
    sCipher: curse.cipher,
    sKey: curse.key,
    sHint: curse.hint,
    sCipherText: encipher(curse.cipher, curse.answer, curse.key),
    sAnswer: curse.answer,
  };
}

/**
 * The console's curse-breaker (issue 29): the week's curse and its solves, set and clear through
 * the functions `cursebreaker show|set|clear` call, with the CLI's sentences.
 */
export function gamesConsoleActions(ctx: AppContext<GamesTables>): ConsoleActionDef[] {
  /** The asked week (this one by default), or the CLI's sentence for a malformed one. */
  const weekAsked = (sWeek: string | undefined): Week | string => {
    const now = weekOf(ctx.clock.now());
    if (!sWeek) return now;
    return parseWeek(sWeek) ?? `The week must be an ISO week like ${now.sWeek}.`;
  };
  return [
    define({
      name: 'curseShow',
      permission: 'live:read',
      input: curseShowInput,
      async handler({ sWeek, iPage, iPageSize }): Promise<ConsoleCurseAnswer | ReturnType<typeof fail>> {
        const week = weekAsked(sWeek);
        if (typeof week === 'string') return fail(ErrorCode.BAD_INPUT, week);
        const solves = await curseSolves(ctx.db, week.sWeek, { offset: iPage * iPageSize, limit: iPageSize + 1 });
        return {
          iErrorCode: ErrorCode.OK,
          pCurse: consoleCurse(await curseOfWeek(ctx.db, week)),
          iSolves: await solveCount(ctx.db, week.sWeek),
          aSolves: solves
            .slice(0, iPageSize)
            .map((s) => ({ sUserID: s.userId, sUsername: s.username, iSolvedAt: s.solvedAt })),
          bMore: solves.length > iPageSize,
        };
      },
    }),
    define({
      name: 'curseSet',
      permission: 'live:manage',
      input: curseSetInput,
      async handler(asked, { operator }): Promise<ConsoleCurseSetAnswer | ReturnType<typeof fail>> {
        const week = weekAsked(asked.sWeek);
        if (typeof week === 'string') return fail(ErrorCode.BAD_INPUT, week);
        const set = await setWeekCurse(
          ctx.db,
          {
            week,
            answer: asked.sAnswer,
            cipher: asked.sCipher,
            key: asked.sKey || undefined,
            title: asked.sTitle,
            lore: asked.sLore,
            hint: asked.sHint,
          },
          { actor: operator.actor, now: ctx.clock.now(), reason: asked.sReason },
        );
        if ('problem' in set) return fail(ErrorCode.CURSE_REFUSED, set.problem);
        return { iErrorCode: ErrorCode.OK, pCurse: consoleCurse(set.curse) };
      },
    }),
    define({
      name: 'curseClear',
      permission: 'live:manage',
      input: curseClearInput,
      async handler({ sWeek, sReason }, { operator }): Promise<ConsoleCurseSetAnswer | ReturnType<typeof fail>> {
        const week = weekAsked(sWeek);
        if (typeof week === 'string') return fail(ErrorCode.BAD_INPUT, week);
        const cleared = await clearCurse(ctx.db, week, operator.actor, ctx.clock.now(), sReason);
        if (!cleared) return fail(ErrorCode.ALREADY_DONE, `No curse was set for ${week.sWeek}; it is generated.`);
        return { iErrorCode: ErrorCode.OK, pCurse: consoleCurse(await curseOfWeek(ctx.db, week)) };
      },
    }),
  ];
}
