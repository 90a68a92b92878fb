import {
  CONFIG_RANGES,
  DEFAULT_CONFIG,
  type GameConfig,
  normalizeConfig,
} from '../../../protocol/monsterBreaker/config';
import type { GameVarDefinition } from '../../capability';
import { gameVarValue, intGameVar, listGameVars } from '../gamevars/index';
import type { GamesDb } from './tables';

/**
 * The game vars that tune Monster Breaker (pGameVars, docs/product.md §3), one per GameConfig
 * rule, each validated against the rule's range. A run reads them once, at its start.
 */
const VAR_IDS: Record<keyof GameConfig, string> = {
  iLives: 'iMonsterBreakerLives',
  iLevels: 'iMonsterBreakerLevels',
  iBallSpeed: 'iMonsterBreakerBallSpeed',
  iPaddleSpeed: 'iMonsterBreakerPaddleSpeed',
  iPowerUpChance: 'iMonsterBreakerPowerUpChance',
  iBossHp: 'iMonsterBreakerBossHp',
};

const RULES = Object.keys(VAR_IDS) as (keyof GameConfig)[];

const DESCRIPTIONS: Record<keyof GameConfig, string> = {
  iLives: 'Monster Breaker: balls a player may lose before the run ends.',
  iLevels: 'Monster Breaker: levels in a run, the boss included.',
  iBallSpeed: 'Monster Breaker: the ball’s speed, in field units per second.',
  iPaddleSpeed: 'Monster Breaker: the paddle’s speed, in field units per second.',
  iPowerUpChance: 'Monster Breaker: the chance in percent that a broken brick drops a power-up.',
  iBossHp: 'Monster Breaker: hits the boss takes to break.',
};

function definition(rule: keyof GameConfig): GameVarDefinition {
  const [min, max] = CONFIG_RANGES[rule];
  return { ...intGameVar(VAR_IDS[rule], DEFAULT_CONFIG[rule], min, max), description: DESCRIPTIONS[rule] };
}

export const GAME_VARS: readonly GameVarDefinition[] = RULES.map(definition);

/** The rules a run starts with now; a broken stored value falls back to its default. */
export async function loadGameConfig(db: GamesDb): Promise<GameConfig> {
  const entries = await listGameVars(db);
  const partial: Partial<GameConfig> = {};
  for (const rule of RULES) partial[rule] = gameVarValue<number>(entries, definition(rule));
  return normalizeConfig(partial);
}
