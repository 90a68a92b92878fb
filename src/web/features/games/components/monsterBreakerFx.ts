import { FP_ONE } from '../../../../protocol/monsterBreaker/constants';
import { GameEvent, type GameEvents } from '../../../../protocol/monsterBreaker/events';

/** Particle colours: the monsters' hp colours, then boss ichor and spark white. */
export const PARTICLE_COLORS = ['#4fd1a5', '#d9a94a', '#e0605e', '#e8e2d0', '#8f7bd6', '#ffffff'] as const;
const CAPACITY = 240;

/**
 * Cosmetic effects in field units, outside the simulation: a fixed particle pool (typed arrays, no
 * allocation per frame), screen shake and the boss's hit flash. All of it may use floats and
 * Math.random: nothing here feeds back into the game.
 */
export class GameFx {
  readonly aX = new Float32Array(CAPACITY);
  readonly aY = new Float32Array(CAPACITY);
  readonly aVx = new Float32Array(CAPACITY);
  readonly aVy = new Float32Array(CAPACITY);
  readonly aLife = new Float32Array(CAPACITY);
  readonly aColor = new Uint8Array(CAPACITY);
  iCount = 0;
  fShake = 0;
  fShakeX = 0;
  fShakeY = 0;
  fBossFlash = 0;
  /** Seconds left to show the level-cleared banner. */
  fBanner = 0;
  bReducedMotion = false;

  burst(x: number, y: number, color: number, count: number, speed: number): void {
    if (this.bReducedMotion) return;
    for (let k = 0; k < count && this.iCount < CAPACITY; k++) {
      const i = this.iCount++;
      const angle = Math.random() * Math.PI * 2;
      const v = speed * (0.4 + Math.random() * 0.6);
      this.aX[i] = x;
      this.aY[i] = y;
      this.aVx[i] = Math.cos(angle) * v;
      this.aVy[i] = Math.sin(angle) * v - speed * 0.3;
      this.aLife[i] = 0.5 + Math.random() * 0.4;
      this.aColor[i] = color;
    }
  }

  shake(amount: number): void {
    if (!this.bReducedMotion) this.fShake = Math.max(this.fShake, amount);
  }

  onEvents(events: GameEvents): void {
    for (let i = 0; i < events.iCount; i++) {
      const x = events.aX[i]! / FP_ONE;
      const y = events.aY[i]! / FP_ONE;
      switch (events.aKind[i]) {
        case GameEvent.BlockBroken:
          this.burst(x, y, Math.floor(Math.random() * 4), 12, 60);
          break;
        case GameEvent.BlockHit:
          this.burst(x, y, 5, 4, 35);
          break;
        case GameEvent.BossHit:
          this.burst(x, y, 4, 10, 70);
          this.shake(2.5);
          this.fBossFlash = 1;
          break;
        case GameEvent.BossSpawn:
          this.burst(x, y, 4, 8, 30);
          break;
        case GameEvent.PowerUpCaught:
          this.burst(x, y, 1, 14, 50);
          break;
        case GameEvent.LifeLost:
          this.shake(5);
          break;
        case GameEvent.LevelCleared:
          this.fBanner = 2.2;
          break;
        case GameEvent.Win:
          this.shake(4);
          for (let k = 0; k < 4; k++) this.burst(x + (k - 1.5) * 14, y, k, 24, 110);
          break;
      }
    }
  }

  /** Advances particles and decays shake and flash by dt seconds. */
  update(dt: number): void {
    const drag = Math.exp(-2 * dt);
    for (let i = 0; i < this.iCount; ) {
      const life = this.aLife[i]! - dt;
      if (life <= 0) {
        const last = --this.iCount;
        this.aX[i] = this.aX[last]!;
        this.aY[i] = this.aY[last]!;
        this.aVx[i] = this.aVx[last]!;
        this.aVy[i] = this.aVy[last]!;
        this.aLife[i] = this.aLife[last]!;
        this.aColor[i] = this.aColor[last]!;
        continue;
      }
      this.aLife[i] = life;
      this.aVx[i]! *= drag;
      this.aVy[i] = this.aVy[i]! * drag + 140 * dt;
      this.aX[i]! += this.aVx[i]! * dt;
      this.aY[i]! += this.aVy[i]! * dt;
      i++;
    }
    this.fShake = this.fShake > 0.05 ? this.fShake * Math.exp(-7 * dt) : 0;
    this.fShakeX = this.fShake ? (Math.random() * 2 - 1) * this.fShake : 0;
    this.fShakeY = this.fShake ? (Math.random() * 2 - 1) * this.fShake : 0;
    this.fBossFlash = Math.max(0, this.fBossFlash - dt * 5);
    this.fBanner = Math.max(0, this.fBanner - dt);
  }

  clear(): void {
    this.iCount = 0;
    this.fShake = 0;
    this.fShakeX = 0;
    this.fShakeY = 0;
  }
}
