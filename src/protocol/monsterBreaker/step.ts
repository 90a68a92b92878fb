import type { GameConfig } from './config';
import {
  BALL_R,
  BOSS_H,
  BOSS_SPAWN_ROW_FIRST,
  BOSS_SPAWN_ROW_LAST,
  BOSS_TOP,
  BOSS_W,
  CELL_H,
  CELL_W,
  DROP_FALL,
  DROP_H,
  DROP_W,
  FIELD_H,
  FIELD_W,
  GRID_BOTTOM,
  GRID_COLS,
  GRID_ROWS,
  GRID_TOP,
  MAX_BALLS,
  MAX_DROPS,
  MAX_LIVES,
  MAX_SHIELDS,
  MAX_SUBSTEP,
  PADDLE_H,
  PADDLE_MAX_DEFLECT,
  PADDLE_MIN_DEFLECT,
  PADDLE_TOP,
  PADDLE_W,
  PADDLE_WIDE_W,
  SERVE_AUTO_LAUNCH_TICKS,
  SHIELD_Y,
  WIDE_TICKS,
} from './constants';
import { GameEvent, type GameEventKind, type GameEvents, pushEvent } from './events';
import { INPUT_LAUNCH, INPUT_LEFT, INPUT_RIGHT, INPUT_TARGET, INPUT_TARGET_SHIFT, type TickInput } from './input';
import { fillGrid, levelLayout } from './levels';
import { nextRng } from './rng';
import { createBlankState, type GameState, Phase, PowerUp } from './state';
import { COS, flipX, flipY, SIN, TRIG_SHIFT } from './trig';

const BOSS_BASE_SPEED = 96;
const BOSS_RAGE_SPEED = 176;
const BOSS_SPAWN_TICKS = 420;
const BOSS_DROP_EVERY = 5;
/** Angles stay at least this far (in 256ths of a turn) from horizontal, so no ball crawls sideways forever. */
const MIN_ELEVATION = 16;

/** Events of the step in progress (module-level so the hot helpers need no extra argument). */
let sink: GameEvents | undefined;

function emit(kind: GameEventKind, x: number, y: number, value: number): void {
  if (sink) pushEvent(sink, kind, x, y, value);
}

function rand(s: GameState, n: number): number {
  s.iRng = nextRng(s.iRng);
  return s.iRng % n;
}

export function isBossLevel(s: GameState): boolean {
  return s.iLevel >= s.config.iLevels - 1;
}

/** Starts a run: level 1 loaded, ball on the paddle. */
export function createGame(seed: number, config?: Partial<GameConfig>): GameState {
  const s = createBlankState(seed, config);
  loadLevel(s);
  return s;
}

/**
 * Advances one tick (1/60 s). Mutates `state` in place and returns it (no allocation); clone first
 * with cloneState to keep the old one. After a win or loss it is a no-op. Events of this tick go to
 * `events` (cleared first) when given.
 */
export function step(state: GameState, input: TickInput, events?: GameEvents): GameState {
  if (events) events.iCount = 0;
  if (state.iPhase === Phase.Won || state.iPhase === Phase.Lost) return state;
  sink = events;
  state.iTick++;
  movePaddle(state, input);
  if (state.iPhase === Phase.Serve) serve(state, input);
  else moveBalls(state);
  if (state.iPhase === Phase.Play && state.iBalls === 0) loseLife(state);
  if (state.iPhase <= Phase.Play) {
    if (state.iBossHp > 0) moveBoss(state);
    moveDrops(state);
    if (state.iWideTicks > 0 && --state.iWideTicks === 0) setPaddleWidth(state, PADDLE_W);
    if (state.iBlocksLeft === 0 && !isBossLevel(state)) clearLevel(state);
  }
  sink = undefined;
  return state;
}

function levelSpeed(s: GameState): number {
  return s.iBaseSpeed + ((s.iBaseSpeed * s.iLevel) >> 4);
}

function loadLevel(s: GameState): void {
  s.iBlocksLeft = fillGrid(s.aGrid, levelLayout(s.iLevel, s.config.iLevels));
  if (isBossLevel(s)) {
    s.iBossHp = s.config.iBossHp;
    s.iBossX = (FIELD_W - BOSS_W) >> 1;
    s.iBossDir = 1;
    s.iBossTimer = BOSS_SPAWN_TICKS;
  }
  resetServe(s);
}

function resetServe(s: GameState): void {
  s.iPhase = Phase.Serve;
  s.iServeTicks = 0;
  s.iSpeed = levelSpeed(s);
  s.iCombo = 0;
  s.iDrops = 0;
  s.iWideTicks = 0;
  setPaddleWidth(s, PADDLE_W);
  s.iBalls = 1;
  s.aBallX[0] = s.iPaddleX;
  s.aBallY[0] = PADDLE_TOP - BALL_R;
  s.aBallAngle[0] = 192;
}

function setPaddleWidth(s: GameState, w: number): void {
  s.iPaddleW = w;
  const half = w >> 1;
  if (s.iPaddleX < half) s.iPaddleX = half;
  else if (s.iPaddleX > FIELD_W - half) s.iPaddleX = FIELD_W - half;
}

function movePaddle(s: GameState, input: TickInput): void {
  const speed = s.iPaddleStep;
  let x = s.iPaddleX;
  if (input & INPUT_TARGET) {
    const d = ((input >> INPUT_TARGET_SHIFT) << 8) - x;
    x += d > speed ? speed : d < -speed ? -speed : d;
  } else {
    const dir = input & (INPUT_LEFT | INPUT_RIGHT);
    if (dir === INPUT_LEFT) x -= speed;
    else if (dir === INPUT_RIGHT) x += speed;
  }
  s.iPaddleX = x;
  setPaddleWidth(s, s.iPaddleW);
}

function serve(s: GameState, input: TickInput): void {
  s.aBallX[0] = s.iPaddleX;
  s.aBallY[0] = PADDLE_TOP - BALL_R;
  s.iServeTicks++;
  if ((input & INPUT_LAUNCH) === 0 && s.iServeTicks < SERVE_AUTO_LAUNCH_TICKS) return;
  s.aBallAngle[0] = rand(s, 2) === 0 ? 180 : 204;
  s.iPhase = Phase.Play;
  emit(GameEvent.Launch, s.iPaddleX, PADDLE_TOP, 0);
}

function moveBalls(s: GameState): void {
  const speed = s.iSpeed;
  const shift = speed > 2 * MAX_SUBSTEP ? TRIG_SHIFT + 2 : speed > MAX_SUBSTEP ? TRIG_SHIFT + 1 : TRIG_SHIFT;
  const substeps = 1 << (shift - TRIG_SHIFT);
  for (let i = 0; i < s.iBalls; ) {
    let alive = true;
    for (let k = 0; k < substeps && alive && s.iPhase === Phase.Play; k++) alive = moveBall(s, i, speed, shift);
    if (alive) {
      i++;
      continue;
    }
    emit(GameEvent.BallLost, s.aBallX[i]!, FIELD_H, s.iBalls - 1);
    const last = --s.iBalls;
    s.aBallX[i] = s.aBallX[last]!;
    s.aBallY[i] = s.aBallY[last]!;
    s.aBallAngle[i] = s.aBallAngle[last]!;
  }
}

/** One sub-step of ball i, x then y (axis-separated, so each collision flips exactly one axis). */
function moveBall(s: GameState, i: number, speed: number, shift: number): boolean {
  let x = s.aBallX[i]!;
  let y = s.aBallY[i]!;
  let a = s.aBallAngle[i]!;

  const vx = (speed * COS[a]!) >> shift;
  if (vx !== 0) {
    x += vx;
    if (x < BALL_R) {
      x = BALL_R;
      a = flipX(a);
      emit(GameEvent.WallHit, x, y, 0);
    } else if (x > FIELD_W - BALL_R) {
      x = FIELD_W - BALL_R;
      a = flipX(a);
      emit(GameEvent.WallHit, x, y, 0);
    } else if (hitSolids(s, x, y)) {
      x -= vx;
      a = flipX(a);
    }
  }

  const vy = (speed * SIN[a]!) >> shift;
  const prevBottom = y + BALL_R;
  y += vy;
  let alive = true;
  if (y < BALL_R) {
    y = BALL_R;
    a = flipY(a);
    emit(GameEvent.WallHit, x, y, 0);
  } else if (hitSolids(s, x, y)) {
    y -= vy;
    a = flipY(a);
  } else if (vy > 0) {
    const half = s.iPaddleW >> 1;
    if (
      prevBottom <= PADDLE_TOP &&
      y + BALL_R > PADDLE_TOP &&
      x + BALL_R > s.iPaddleX - half &&
      x - BALL_R < s.iPaddleX + half
    ) {
      y = PADDLE_TOP - BALL_R;
      a = paddleAngle(s, x - s.iPaddleX, half);
      s.iCombo = 0;
      s.iSpeed = Math.min(s.iMaxSpeed, s.iSpeed + (s.iBaseSpeed >> 6));
      emit(GameEvent.PaddleHit, x, y, 0);
    } else if (s.iShields > 0 && prevBottom <= SHIELD_Y && y + BALL_R > SHIELD_Y) {
      y = SHIELD_Y - BALL_R;
      a = flipY(a);
      s.iShields--;
      emit(GameEvent.ShieldUsed, x, y, s.iShields);
    } else if (y - BALL_R > FIELD_H) {
      alive = false;
    }
  }
  s.aBallX[i] = x;
  s.aBallY[i] = y;
  s.aBallAngle[i] = a;
  return alive;
}

/** Up (192) tilted by where the ball met the paddle: the edges send it out steeply sideways. */
function paddleAngle(s: GameState, offset: number, half: number): number {
  let deflect = Math.trunc((offset * PADDLE_MAX_DEFLECT) / (half + BALL_R));
  if (deflect > PADDLE_MAX_DEFLECT) deflect = PADDLE_MAX_DEFLECT;
  else if (deflect < -PADDLE_MAX_DEFLECT) deflect = -PADDLE_MAX_DEFLECT;
  if (deflect > -PADDLE_MIN_DEFLECT && deflect < PADDLE_MIN_DEFLECT) {
    deflect = offset < 0 || (offset === 0 && (s.iTick & 1) === 0) ? -PADDLE_MIN_DEFLECT : PADDLE_MIN_DEFLECT;
  }
  return 192 + deflect;
}

/** Keeps an angle at least MIN_ELEVATION from horizontal, on the same side. */
function steepen(a: number): number {
  const half = a & 128;
  const d = a & 127;
  return half | (d < MIN_ELEVATION ? MIN_ELEVATION : d > 128 - MIN_ELEVATION ? 128 - MIN_ELEVATION : d);
}

/** Damages whatever the ball's box overlaps (monsters, boss); true if anything was hit. */
function hitSolids(s: GameState, x: number, y: number): boolean {
  let hit = false;
  const top = y - BALL_R;
  const bottom = y + BALL_R;
  if (bottom > GRID_TOP && top < GRID_BOTTOM) {
    const c0 = ((x - BALL_R) / CELL_W) | 0;
    const c1 = Math.min(GRID_COLS - 1, ((x + BALL_R - 1) / CELL_W) | 0);
    const r0 = Math.max(0, ((top - GRID_TOP) / CELL_H) | 0);
    const r1 = Math.min(GRID_ROWS - 1, ((bottom - 1 - GRID_TOP) / CELL_H) | 0);
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * GRID_COLS + c;
        if (s.aGrid[cell]! > 0) {
          damageMonster(s, cell);
          hit = true;
        }
      }
    }
  }
  if (
    s.iBossHp > 0 &&
    bottom > BOSS_TOP &&
    top < BOSS_TOP + BOSS_H &&
    x + BALL_R > s.iBossX &&
    x - BALL_R < s.iBossX + BOSS_W
  ) {
    damageBoss(s, x, y);
    hit = true;
  }
  return hit;
}

function damageMonster(s: GameState, cell: number): void {
  const hp = s.aGrid[cell]! - 1;
  s.aGrid[cell] = hp;
  const cx = (cell % GRID_COLS) * CELL_W + (CELL_W >> 1);
  const cy = GRID_TOP + ((cell / GRID_COLS) | 0) * CELL_H + (CELL_H >> 1);
  s.iScore += 10;
  if (hp > 0) {
    emit(GameEvent.BlockHit, cx, cy, hp);
    return;
  }
  s.iBlocksLeft--;
  s.iCombo++;
  if (s.iCombo > s.iBestCombo) s.iBestCombo = s.iCombo;
  s.iScore += 25 * (s.iCombo < 8 ? s.iCombo : 8);
  emit(GameEvent.BlockBroken, cx, cy, s.iCombo);
  if (rand(s, 100) < s.config.iPowerUpChance) dropPowerUp(s, cx, cy);
}

function damageBoss(s: GameState, x: number, y: number): void {
  const hp = --s.iBossHp;
  s.iScore += 50;
  emit(GameEvent.BossHit, x, y, hp);
  if (hp === 0) {
    s.iScore += 2000 + 500 * s.iLives;
    s.iPhase = Phase.Won;
    emit(GameEvent.Win, s.iBossX + (BOSS_W >> 1), BOSS_TOP + (BOSS_H >> 1), s.iScore);
  } else if ((s.config.iBossHp - hp) % BOSS_DROP_EVERY === 0) {
    dropPowerUp(s, s.iBossX + (BOSS_W >> 1), BOSS_TOP + BOSS_H);
  }
}

/** Weighted: wide 30, multi 26, slow 18, shield 16, life 10. */
function dropPowerUp(s: GameState, x: number, y: number): void {
  if (s.iDrops >= MAX_DROPS) return;
  const roll = rand(s, 100);
  const kind =
    roll < 30
      ? PowerUp.Wide
      : roll < 56
        ? PowerUp.Multi
        : roll < 74
          ? PowerUp.Slow
          : roll < 90
            ? PowerUp.Shield
            : PowerUp.Life;
  const i = s.iDrops++;
  s.aDropX[i] = x;
  s.aDropY[i] = y;
  s.aDropKind[i] = kind;
  emit(GameEvent.PowerUpDropped, x, y, kind);
}

function moveDrops(s: GameState): void {
  const half = s.iPaddleW >> 1;
  for (let i = 0; i < s.iDrops; ) {
    const y = s.aDropY[i]! + DROP_FALL;
    const x = s.aDropX[i]!;
    s.aDropY[i] = y;
    const caught =
      y + (DROP_H >> 1) > PADDLE_TOP &&
      y - (DROP_H >> 1) < PADDLE_TOP + PADDLE_H &&
      x + (DROP_W >> 1) > s.iPaddleX - half &&
      x - (DROP_W >> 1) < s.iPaddleX + half;
    if (!caught && y - (DROP_H >> 1) <= FIELD_H) {
      i++;
      continue;
    }
    const kind = s.aDropKind[i]!;
    const last = --s.iDrops;
    s.aDropX[i] = s.aDropX[last]!;
    s.aDropY[i] = s.aDropY[last]!;
    s.aDropKind[i] = s.aDropKind[last]!;
    if (caught) catchPowerUp(s, kind, x);
  }
}

function catchPowerUp(s: GameState, kind: number, x: number): void {
  s.iScore += 100;
  emit(GameEvent.PowerUpCaught, x, PADDLE_TOP, kind);
  switch (kind) {
    case PowerUp.Wide:
      s.iWideTicks = WIDE_TICKS;
      setPaddleWidth(s, PADDLE_WIDE_W);
      break;
    case PowerUp.Multi:
      if (s.iPhase === Phase.Play) splitBalls(s);
      break;
    case PowerUp.Slow:
      s.iSpeed = Math.max((s.iBaseSpeed * 3) >> 2, (s.iSpeed * 3) >> 2);
      break;
    case PowerUp.Shield:
      s.iShields = Math.min(MAX_SHIELDS, s.iShields + 1);
      break;
    case PowerUp.Life:
      s.iLives = Math.min(MAX_LIVES, s.iLives + 1);
      break;
  }
}

/** Two more balls fan out from the first one. */
function splitBalls(s: GameState): void {
  const x = s.aBallX[0]!;
  const y = s.aBallY[0]!;
  const a = s.aBallAngle[0]!;
  for (let k = -1; k <= 1 && s.iBalls < MAX_BALLS; k += 2) {
    const i = s.iBalls++;
    s.aBallX[i] = x;
    s.aBallY[i] = y;
    s.aBallAngle[i] = steepen((a + k * 20) & 255);
  }
}

function loseLife(s: GameState): void {
  s.iLives--;
  emit(GameEvent.LifeLost, s.iPaddleX, PADDLE_TOP, s.iLives);
  if (s.iLives > 0) {
    resetServe(s);
    return;
  }
  s.iPhase = Phase.Lost;
  emit(GameEvent.Loss, s.iPaddleX, PADDLE_TOP, s.iScore);
}

function clearLevel(s: GameState): void {
  s.iScore += 250 * (s.iLevel + 1);
  emit(GameEvent.LevelCleared, FIELD_W >> 1, GRID_TOP, s.iLevel);
  s.iLevel++;
  loadLevel(s);
}

/** The boss roams sideways, faster as it weakens, and keeps spawning minions under itself. */
function moveBoss(s: GameState): void {
  const max = s.config.iBossHp;
  const speed = BOSS_BASE_SPEED + Math.trunc((BOSS_RAGE_SPEED * (max - s.iBossHp)) / max);
  let x = s.iBossX + s.iBossDir * speed;
  if (x < 0) {
    x = 0;
    s.iBossDir = 1;
  } else if (x > FIELD_W - BOSS_W) {
    x = FIELD_W - BOSS_W;
    s.iBossDir = -1;
  }
  s.iBossX = x;
  shoveBalls(s);
  if (--s.iBossTimer <= 0) {
    s.iBossTimer = BOSS_SPAWN_TICKS - Math.trunc((BOSS_SPAWN_TICKS * (max - s.iBossHp)) / (2 * max));
    spawnMinion(s);
    spawnMinion(s);
  }
}

/** A ball the moving boss walked into is pushed out of its side (or under it, against a wall). */
function shoveBalls(s: GameState): void {
  const left = s.iBossX;
  const right = left + BOSS_W;
  for (let i = 0; i < s.iBalls; i++) {
    const x = s.aBallX[i]!;
    const y = s.aBallY[i]!;
    if (y + BALL_R <= BOSS_TOP || y - BALL_R >= BOSS_TOP + BOSS_H || x + BALL_R <= left || x - BALL_R >= right)
      continue;
    const a = s.aBallAngle[i]!;
    const vx = COS[a]!;
    if (x < left + (BOSS_W >> 1) && left - BALL_R >= BALL_R) {
      s.aBallX[i] = left - BALL_R;
      if (vx > 0) s.aBallAngle[i] = flipX(a);
    } else if (x >= left + (BOSS_W >> 1) && right + BALL_R <= FIELD_W - BALL_R) {
      s.aBallX[i] = right + BALL_R;
      if (vx < 0) s.aBallAngle[i] = flipX(a);
    } else {
      s.aBallY[i] = BOSS_TOP + BOSS_H + BALL_R;
      if (SIN[a]! < 0) s.aBallAngle[i] = flipY(a);
    }
  }
}

function spawnMinion(s: GameState): void {
  const rows = BOSS_SPAWN_ROW_LAST - BOSS_SPAWN_ROW_FIRST + 1;
  const cell = (BOSS_SPAWN_ROW_FIRST + rand(s, rows)) * GRID_COLS + rand(s, GRID_COLS);
  if (s.aGrid[cell]! > 0 || ballNearCell(s, cell)) return;
  s.aGrid[cell] = 1 + rand(s, 2);
  s.iBlocksLeft++;
  const cx = (cell % GRID_COLS) * CELL_W + (CELL_W >> 1);
  const cy = GRID_TOP + ((cell / GRID_COLS) | 0) * CELL_H + (CELL_H >> 1);
  emit(GameEvent.BossSpawn, cx, cy, s.aGrid[cell]!);
}

function ballNearCell(s: GameState, cell: number): boolean {
  const left = (cell % GRID_COLS) * CELL_W - 2 * BALL_R;
  const top = GRID_TOP + ((cell / GRID_COLS) | 0) * CELL_H - 2 * BALL_R;
  for (let i = 0; i < s.iBalls; i++) {
    const x = s.aBallX[i]!;
    const y = s.aBallY[i]!;
    if (x > left && x < left + CELL_W + 4 * BALL_R && y > top && y < top + CELL_H + 4 * BALL_R) return true;
  }
  return false;
}
