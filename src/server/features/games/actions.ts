import { randomBytes } from 'node:crypto';
import { ErrorCode } from '../../../protocol/errors';
import {
  type AnswerCurseAnswer,
  CURSE_TICKETS,
  type CursePuzzleAnswer,
  type ListGamesAnswer,
  parseWeek,
  type StartRunAnswer,
  weekOf,
} from '../../../protocol/games';
import {
  answerCurseInput,
  cursePuzzleInput,
  finishRunInput,
  leaderboardInput,
  listGamesInput,
  startRunInput,
  submitChunkInput,
} from '../../../protocol/games.schema';
import { CHUNK_TICKS } from '../../../protocol/monsterBreaker/constants';
import { type ActionDef, actionDefiner, fail } from '../../http/actions';
import { authenticateGuest, createGuestPlayer, usernamesOf } from '../identity/index';
import { listGames } from './catalogue';
import { answerCurse, curseOfWeek, hasSolved, publicPuzzle } from './curse';
import { weeklyLeaderboard } from './leaderboard';
import { overGameLimit } from './limits';
import type { RunReplays } from './replays';
import { createRun } from './runs';
import type { GamesTables } from './tables';
import { loadGameConfig } from './vars';

const defineAction = actionDefiner<GamesTables>();

const service = 'monsterbreaker';

/** The game service's actions (docs/product.md §7, §15): POST /api/monsterbreaker/<action>. */
export function gamesActions(replays: RunReplays): ActionDef[] {
  return [
    defineAction({
      service,
      name: 'listGames',
      input: listGamesInput,
      auth: 'public',
      async handler(_input, { deps, session }): Promise<ListGamesAnswer> {
        const member = await session();
        return { iErrorCode: ErrorCode.OK, aGames: await listGames(deps.db, member?.id ?? null, deps.clock.now()) };
      },
    }),
    defineAction({
      service,
      name: 'startRun',
      input: startRunInput,
      auth: 'public',
      // A signed-in member plays as themself; a signed-out visitor as a guest (made now, or theirs from before).
      async handler(input, { deps, req, session }) {
        const member = await session();
        if (!member && req.headers.authorization) return fail(ErrorCode.NOT_SIGNED_IN);
        if (await overGameLimit(deps, [['startRunPerIp', req.ip]])) return fail(ErrorCode.RATE_LIMITED);
        let guestId: number | null = null;
        let sGuestPassword = '';
        if (member) {
          if (!(await usernamesOf(deps.db, [member.id])).has(member.id)) return fail(ErrorCode.NOT_REGISTERED);
        } else if (input.iGuestUserID !== null) {
          guestId = await authenticateGuest(deps.db, input.iGuestUserID, input.sGuestPassword);
          if (guestId === null) return fail(ErrorCode.GUEST_INVALID);
        } else {
          if (await overGameLimit(deps, [['newGuestPerIp', req.ip]])) return fail(ErrorCode.RATE_LIMITED);
          sGuestPassword = randomBytes(18).toString('base64url');
          guestId = await createGuestPlayer(deps.db, sGuestPassword, deps.clock.now());
        }
        const pConfig = await loadGameConfig(deps.db);
        const run = await createRun(deps.db, {
          gameId: input.sGameID,
          userId: member?.id ?? null,
          guestId,
          config: pConfig,
          seed: deps.config.gameSeed,
          // the run's clock starts as its seed leaves: the wall-clock rule counts from here
          now: deps.clock.now(),
        });
        const answer: StartRunAnswer = {
          iErrorCode: ErrorCode.OK,
          iRunID: run.id,
          sRunKey: run.key,
          iSeed: run.seed,
          pConfig,
          iChunkTicks: CHUNK_TICKS,
          iSpeedLimit: deps.config.gameTimeScale,
          iGuestUserID: guestId ?? 0,
          sGuestPassword,
        };
        return answer;
      },
    }),
    defineAction({
      service,
      name: 'submitChunk',
      input: submitChunkInput,
      auth: 'public',
      handler: ({ iRunID, sRunKey, iSeed, iFromTick, sInputs, sStateHash }, { session }) =>
        replays.submit(iRunID, sRunKey, session, { iSeed, iFromTick, sInputs, sStateHash }),
    }),
    defineAction({
      service,
      name: 'finishRun',
      input: finishRunInput,
      auth: 'public',
      handler: ({ iRunID, sRunKey }, { session }) => replays.finish(iRunID, sRunKey, session),
    }),
    defineAction({
      service,
      name: 'getLeaderboard',
      input: leaderboardInput,
      auth: 'public',
      async handler({ sGameID, sWeek }, { deps, session }) {
        const week = sWeek === undefined ? weekOf(deps.clock.now()) : parseWeek(sWeek);
        if (!week) return fail(ErrorCode.BAD_INPUT, `sWeek: there is no week ${sWeek}`);
        const member = await session();
        return weeklyLeaderboard(deps.db, { gameId: sGameID, week, viewerId: member?.id ?? null });
      },
    }),
    defineAction({
      service,
      name: 'getCurse',
      input: cursePuzzleInput,
      auth: 'public',
      async handler(_input, { deps, session }): Promise<CursePuzzleAnswer> {
        const week = weekOf(deps.clock.now());
        const [curse, member] = await Promise.all([curseOfWeek(deps.db, week), session()]);
        return {
          iErrorCode: ErrorCode.OK,
          pPuzzle: publicPuzzle(curse),
          bSolved: member ? await hasSolved(deps.db, week.sWeek, member.id) : false,
          iTickets: CURSE_TICKETS,
        };
      },
    }),
    defineAction({
      service,
      name: 'answerCurse',
      input: answerCurseInput,
      auth: 'member',
      async handler({ sWeek, sAnswer }, { deps, req, user }) {
        const limited = await overGameLimit(deps, [
          ['curseAnswerPerMember', user.id],
          ['curseAnswerPerIp', req.ip],
        ]);
        if (limited) return fail(ErrorCode.RATE_LIMITED);
        const now = deps.clock.now();
        const week = weekOf(now);
        if (sWeek !== week.sWeek) return fail(ErrorCode.CURSE_EXPIRED);
        const curse = await curseOfWeek(deps.db, week);
        const verdict = await answerCurse(deps.db, { userId: user.id, curse, answer: sAnswer, now });
        if (verdict === 'wrong') return fail(ErrorCode.CURSE_WRONG);
        if (verdict === 'already') return fail(ErrorCode.ALREADY_DONE, 'You broke this week’s curse already.');
        const answer: AnswerCurseAnswer = { iErrorCode: ErrorCode.OK, iTickets: CURSE_TICKETS };
        return answer;
      },
    }),
  ];
}
