import { type Capability, forOtherCapabilities, type GameVarDefinition } from '../../capability';
import type { AnyDb } from '../../db/schema';
import { gamevarsCli } from './cli';
import { gamevarsConsoleActions } from './consoleActions';
import {
  listGameVars as listGameVarsOwn,
  readGameVars as readGameVarsOwn,
  rememberGameVars,
  seedGameVarDefaults,
  setGameVar as setGameVarOwn,
} from './gameVars';
import { gamevarsMigrations } from './migrations';
import type { GamevarsTables } from './tables';

/**
 * Game variables: every capability declares the ones it reads (Capability.gameVars); this one
 * stores them, fills in defaults, lets operators change them, and hands them to pUserData.
 */
export const gamevars: Capability<GamevarsTables> = {
  name: 'gamevars',
  uses: [],
  migrations: gamevarsMigrations,
  cli: gamevarsCli,
  seed: (ctx) => seedGameVarDefaults(ctx.db, ctx.gameVarDefinitions, ctx.now),
  start(ctx) {
    rememberGameVars(ctx.db, ctx.config.settingsCacheMs);
    return {
      userData: async () => ({ aGameVars: await readGameVarsOwn(ctx.db) }),
      consoleActions: gamevarsConsoleActions(ctx),
    };
  },
};

export { intGameVar } from './definitions';
export { gameVarValue } from './gameVars';

/** setGameVar (the one validation and audit of `gamevars set`) with another capability's handle. */
export function setGameVar(
  ctx: { db: AnyDb; gameVarDefinitions: readonly GameVarDefinition[] },
  ...rest: Parameters<typeof setGameVarOwn> extends [unknown, ...infer Rest] ? Rest : never
): ReturnType<typeof setGameVarOwn> {
  return setGameVarOwn(ctx as Parameters<typeof setGameVarOwn>[0], ...rest);
}
export type { GamevarsTables } from './tables';

/** What other capabilities call, with their own handle (capability.ts forOtherCapabilities). */
export const listGameVars = forOtherCapabilities(listGameVarsOwn);
export const readGameVars = forOtherCapabilities(readGameVarsOwn);
