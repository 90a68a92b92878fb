import { GAME_IDS, type GameSummary, weekOf } from '../../../protocol/games';
import { ROUTES } from '../../../protocol/routes';
import { hasSolved } from './curse';
import { bestScoreOf } from './leaderboard';
import type { GamesDb } from './tables';

/** The game service's games (docs/product.md §15), with the member's own standing in each. */
export async function listGames(db: GamesDb, userId: string | null, now: number): Promise<GameSummary[]> {
  const [best, solved] = userId
    ? await Promise.all([bestScoreOf(db, GAME_IDS.monsterBreaker, userId), hasSolved(db, weekOf(now).sWeek, userId)])
    : [0, false];
  return [
    {
      sGameID: GAME_IDS.monsterBreaker,
      sName: 'Monster Breaker: M1 Demo',
      sDescription:
        'Break the monsters’ walls with a ball and paddle, catch what falls, and put the Old One back to sleep. Every win is replayed on our server.',
      sPath: `${ROUTES.games}?play=${GAME_IDS.monsterBreaker}`,
      iBestScore: best,
      bCompleted: best > 0,
    },
    {
      sGameID: GAME_IDS.curseBreaker,
      sName: 'Curse Breaker',
      sDescription: 'A cipher from the lore of the deep, new every Monday. Break it for a raffle ticket.',
      sPath: ROUTES.curseBreaker,
      iBestScore: 0,
      bCompleted: solved,
    },
  ];
}
