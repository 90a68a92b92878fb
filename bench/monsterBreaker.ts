/**
 * Monster Breaker replay cost and input-log size: `node --import tsx bench/monsterBreaker.ts`.
 * - replay of a 10- and a 20-minute run (36,000 / 72,000 ticks), warm (median of repeats in a process
 *   that has replayed before, as a server does) and the first replay of a fresh process, with and
 *   without warmUpMonsterBreaker() first;
 * - verifyRun of the 10-minute run in 2-second chunks (replay + decode + a hash per chunk);
 * - encoded log size per minute for the keyboard autopilot and for a jittery human-like pointer.
 * Long runs use long rules (5 levels, boss hp 200, 9 lives, slower ball) and a fallible player, so they last.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  autopilotInput,
  autopilotTargetX,
  CHUNK_TICKS,
  chunkRun,
  createGame,
  encodeInputLog,
  type GameConfig,
  type GameState,
  isOver,
  nextRng,
  Phase,
  replay,
  seedRng,
  step,
  TICKS_PER_SECOND,
  type TickInput,
  targetInput,
  verifyRun,
} from '../src/protocol/monsterBreaker/index';
import { warmUpMonsterBreaker } from '../src/protocol/monsterBreaker/warmUp';
import { median } from './stats';

const LONG_RULES: Partial<GameConfig> = { iLevels: 5, iBossHp: 200, iLives: 9, iPowerUpChance: 8, iBallSpeed: 150 };
const TEN_MINUTES = 10 * 60 * TICKS_PER_SECOND;
const TWENTY_MINUTES = 2 * TEN_MINUTES;
const SEED = 20_260_101;

type Player = (s: GameState) => TickInput;

/** A human-ish pointer player: aims like the autopilot, but late, off by a drifting error, with tremor. */
function jitteryHuman(seed: number): Player {
  let r = seedRng(seed);
  const rand = (n: number) => {
    r = nextRng(r);
    return r % n;
  };
  let error = 0;
  let intended = 120;
  let reaction = 0;
  return (s) => {
    if (--reaction <= 0) {
      reaction = 6 + rand(12);
      error = Math.max(-18, Math.min(18, error + rand(11) - 5));
      intended = (autopilotTargetX(s) >> 8) + error;
    }
    const launch = s.iPhase === Phase.Serve && s.iServeTicks > 30 + rand(60);
    return targetInput(intended + rand(3) - 1, launch);
  };
}

function record(seed: number, config: Partial<GameConfig>, player: Player, maxTicks: number) {
  const s = createGame(seed, config);
  const inputs = new Uint16Array(maxTicks);
  while (!isOver(s) && s.iTick < maxTicks) {
    const input = player(s);
    inputs[s.iTick] = input;
    step(s, input);
  }
  return { inputs: inputs.subarray(0, s.iTick), state: s };
}

function timeMs(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

/** The first replay in a fresh Node process: straight away, or after warmUpMonsterBreaker(). */
function freshProcessReplayMs(seed: number, config: Partial<GameConfig>, log: string, bWarmUp: boolean): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--fresh-replay'], {
    input: JSON.stringify({ seed, config, log, bWarmUp }),
  });
  return Number(out.toString().trim());
}

export interface MonsterBreakerMeasures {
  iTenMinuteTicks: number;
  iTwentyMinuteTicks: number;
  fReplay10MinWarmMs: number;
  fReplay20MinWarmMs: number;
  fReplay10MinColdMs: number;
  fReplay10MinAfterWarmUpMs: number;
  fVerify10MinWarmMs: number;
  iAutopilotCharsPerMinute: number;
  iHumanCharsPerMinute: number;
  iFixtureWinTicks: number;
}

export function measureMonsterBreaker(repeats = 25): MonsterBreakerMeasures {
  // the first seed whose human-like run lasts the full 20 minutes (the same seed serves both lengths)
  let seed = SEED;
  let twenty = record(seed, LONG_RULES, jitteryHuman(seed), TWENTY_MINUTES);
  while (twenty.state.iTick < TWENTY_MINUTES && seed < SEED + 50) {
    seed++;
    twenty = record(seed, LONG_RULES, jitteryHuman(seed), TWENTY_MINUTES);
  }
  const ten = record(seed, LONG_RULES, jitteryHuman(seed), TEN_MINUTES);
  const autopilot = record(SEED, {}, autopilotInput, TWENTY_MINUTES);
  const tenLog = encodeInputLog(ten.inputs);
  const chunks = chunkRun(seed, LONG_RULES, ten.inputs, CHUNK_TICKS);

  const fReplay10MinColdMs = freshProcessReplayMs(seed, LONG_RULES, tenLog, false);
  const fReplay10MinAfterWarmUpMs = freshProcessReplayMs(seed, LONG_RULES, tenLog, true);
  const warm10: number[] = [];
  const warm20: number[] = [];
  const verify10: number[] = [];
  for (let i = 0; i < repeats; i++) {
    warm10.push(timeMs(() => replay(seed, LONG_RULES, ten.inputs)));
    warm20.push(timeMs(() => replay(seed, LONG_RULES, twenty.inputs)));
    verify10.push(timeMs(() => verifyRun(seed, LONG_RULES, chunks)));
  }
  const perMinute = (inputs: Uint16Array) =>
    Math.round(encodeInputLog(inputs).length / (inputs.length / (60 * TICKS_PER_SECOND)));
  return {
    iTenMinuteTicks: ten.state.iTick,
    iTwentyMinuteTicks: twenty.state.iTick,
    fReplay10MinWarmMs: median(warm10),
    fReplay20MinWarmMs: median(warm20),
    fReplay10MinColdMs,
    fReplay10MinAfterWarmUpMs,
    fVerify10MinWarmMs: median(verify10),
    iAutopilotCharsPerMinute: perMinute(autopilot.inputs),
    iHumanCharsPerMinute: perMinute(ten.inputs),
    iFixtureWinTicks: autopilot.state.iTick,
  };
}

if (process.argv.includes('--fresh-replay')) {
  const { seed, config, log, bWarmUp } = JSON.parse(readFileSync(0, 'utf8')) as {
    seed: number;
    config: Partial<GameConfig>;
    log: string;
    bWarmUp: boolean;
  };
  if (bWarmUp) warmUpMonsterBreaker();
  console.log(timeMs(() => replay(seed, config, log)));
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const m = measureMonsterBreaker();
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(
    `Monster Breaker (${m.iTenMinuteTicks} / ${m.iTwentyMinuteTicks} ticks played by a jittery human-like bot)`,
  );
  console.log(`  replay 10 min, warm median   ${ms(m.fReplay10MinWarmMs)}   (budget 10 ms)`);
  console.log(`  replay 20 min, warm median   ${ms(m.fReplay20MinWarmMs)}`);
  console.log(
    `  replay 10 min, fresh process ${ms(m.fReplay10MinColdMs)} (${ms(m.fReplay10MinAfterWarmUpMs)} after warmUpMonsterBreaker)`,
  );
  console.log(`  verifyRun 10 min, 2 s chunks ${ms(m.fVerify10MinWarmMs)}`);
  console.log(
    `  log size: autopilot ${m.iAutopilotCharsPerMinute} chars/min, human-like pointer ${m.iHumanCharsPerMinute} chars/min`,
  );
}
