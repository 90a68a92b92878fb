import type { Capability } from '../../capability';
import { gamevarsCli } from './cli';
import { readGameVars, rememberGameVars, seedGameVarDefaults } from './gameVars';
import { gamevarsMigrations } from './migrations';

/**
 * Game variables: every capability declares the ones it reads (Capability.gameVars); this one
 * stores them, fills in defaults, lets operators change them, and hands them to pUserData.
 */
export const gamevars: Capability = {
  name: 'gamevars',
  uses: [],
  migrations: gamevarsMigrations,
  cli: gamevarsCli,
  seed: (ctx) => seedGameVarDefaults(ctx.db, ctx.gameVarDefinitions, ctx.now),
  start(ctx) {
    rememberGameVars(ctx.db, ctx.config.settingsCacheMs);
    return { userData: async () => ({ aGameVars: await readGameVars(ctx.db) }) };
  },
};

export { gameVarValue, listGameVars, readGameVars, setGameVar } from './gameVars';
export type { GamevarsTables } from './tables';
