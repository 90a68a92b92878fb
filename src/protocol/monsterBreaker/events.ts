/**
 * What happened during one step, for the renderer's particles, sounds and shake. Derived output:
 * not part of the state and not hashed. A fixed-size buffer reused every step (no allocation);
 * events past its capacity in one tick are dropped.
 */
export const GameEvent = {
  BlockHit: 1,
  BlockBroken: 2,
  PowerUpDropped: 3,
  PowerUpCaught: 4,
  PaddleHit: 5,
  WallHit: 6,
  BallLost: 7,
  LifeLost: 8,
  LevelCleared: 9,
  BossHit: 10,
  BossSpawn: 11,
  ShieldUsed: 12,
  Launch: 13,
  Win: 14,
  Loss: 15,
} as const;
export type GameEventKind = (typeof GameEvent)[keyof typeof GameEvent];

export const EVENT_CAPACITY = 64;

/** Event i is (aKind[i], aX[i], aY[i], aValue[i]) for i < iCount; x, y are fixed point. */
export interface GameEvents {
  iCount: number;
  readonly aKind: Uint8Array;
  readonly aX: Int32Array;
  readonly aY: Int32Array;
  /** Kind-specific: hp left (BlockHit, BossHit), combo (BlockBroken), power-up kind, lives left, level. */
  readonly aValue: Int32Array;
}

export function createEvents(): GameEvents {
  return {
    iCount: 0,
    aKind: new Uint8Array(EVENT_CAPACITY),
    aX: new Int32Array(EVENT_CAPACITY),
    aY: new Int32Array(EVENT_CAPACITY),
    aValue: new Int32Array(EVENT_CAPACITY),
  };
}

export function pushEvent(events: GameEvents, kind: GameEventKind, x: number, y: number, value: number): void {
  const i = events.iCount;
  if (i >= EVENT_CAPACITY) return;
  events.aKind[i] = kind;
  events.aX[i] = x;
  events.aY[i] = y;
  events.aValue[i] = value;
  events.iCount = i + 1;
}
