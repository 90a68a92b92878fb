/**
 * Geometry and timing of Monster Breaker. Every length is fixed point: 1 field unit = 256 (FP_ONE),
 * so the 240 x 320 unit field is 61440 x 81920 and every coordinate fits comfortably in an int32.
 * Angles are integers on a 256-step circle (0 = +x, 64 = +y which is down the screen).
 */
export const TICKS_PER_SECOND = 60;
export const FP_SHIFT = 8;
export const FP_ONE = 1 << FP_SHIFT;

export const FIELD_W = 240 * FP_ONE;
export const FIELD_H = 320 * FP_ONE;

export const GRID_COLS = 12;
export const GRID_ROWS = 10;
export const CELL_W = 20 * FP_ONE;
export const CELL_H = 10 * FP_ONE;
export const GRID_TOP = 40 * FP_ONE;
export const GRID_BOTTOM = GRID_TOP + GRID_ROWS * CELL_H;

export const BALL_R = 3 * FP_ONE;
export const MAX_BALLS = 6;
/** A ball never moves more than this in one sub-step, so it cannot tunnel through a 10-unit block. */
export const MAX_SUBSTEP = 4 * FP_ONE;

export const PADDLE_TOP = 296 * FP_ONE;
export const PADDLE_H = 8 * FP_ONE;
export const PADDLE_W = 40 * FP_ONE;
export const PADDLE_WIDE_W = 64 * FP_ONE;
/** Outgoing paddle angle is 192 (straight up) ± at most this many 256ths of a turn. */
export const PADDLE_MAX_DEFLECT = 46;
export const PADDLE_MIN_DEFLECT = 4;
export const SHIELD_Y = 316 * FP_ONE;

export const BOSS_W = 80 * FP_ONE;
export const BOSS_H = 44 * FP_ONE;
export const BOSS_TOP = 42 * FP_ONE;
/** Rows a boss spawns minions into (the rows just under it). */
export const BOSS_SPAWN_ROW_FIRST = 5;
export const BOSS_SPAWN_ROW_LAST = 7;

export const DROP_W = 12 * FP_ONE;
export const DROP_H = 8 * FP_ONE;
export const DROP_FALL = 320; // 1.25 units per tick
export const MAX_DROPS = 6;

export const SERVE_AUTO_LAUNCH_TICKS = 300;
export const WIDE_TICKS = 15 * TICKS_PER_SECOND;
export const MAX_LIVES = 9;
export const MAX_SHIELDS = 3;

/** Longest run the server replays: 20 minutes. */
export const MAX_RUN_TICKS = 20 * 60 * TICKS_PER_SECOND;
/** Ticks per chunk the browser sends (about 2 s). */
export const CHUNK_TICKS = 120;
