import { GameEvent, type GameEvents } from '../../../../protocol/monsterBreaker/events';
import { local, STORAGE } from '../../../lib/storage';

export const loadMuted = (): boolean => local.get(STORAGE.monsterBreakerMuted) === '1';

/** Storage may be unavailable (private mode): muting still works for this visit. */
export const saveMuted = (bMuted: boolean): void => local.set(STORAGE.monsterBreakerMuted, bMuted ? '1' : '0');

/**
 * Sound from WebAudio oscillators only (no files). The AudioContext starts on the first user gesture,
 * as browsers require; until then, and while muted, events are silent.
 */
export class GameAudio {
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  bMuted = loadMuted();

  /** Call from a user gesture (key, pointer) so the browser lets sound start. */
  unlock(): void {
    if (this.context || typeof AudioContext === 'undefined') {
      if (this.context?.state === 'suspended') void this.context.resume();
      return;
    }
    this.context = new AudioContext();
    this.master = this.context.createGain();
    this.master.gain.value = 0.18;
    this.master.connect(this.context.destination);
  }

  close(): void {
    void this.context?.close();
    this.context = null;
  }

  /** A short tone gliding from `from` to `to` Hz. */
  private tone(type: OscillatorType, from: number, to: number, seconds: number, volume = 1, delay = 0): void {
    const ctx = this.context;
    if (!ctx || !this.master || this.bMuted) return;
    const t = ctx.currentTime + delay;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(from, t);
    osc.frequency.exponentialRampToValueAtTime(to, t + seconds);
    gain.gain.setValueAtTime(volume, t);
    gain.gain.exponentialRampToValueAtTime(0.001, t + seconds);
    osc.connect(gain).connect(this.master);
    osc.start(t);
    osc.stop(t + seconds + 0.02);
  }

  play(events: GameEvents): void {
    if (!this.context || this.bMuted) return;
    let played = 0;
    for (let i = 0; i < events.iCount && played < 3; i++) {
      played++;
      const value = events.aValue[i]!;
      switch (events.aKind[i]) {
        case GameEvent.PaddleHit:
          this.tone('square', 196, 150, 0.08, 0.5);
          break;
        case GameEvent.WallHit:
          this.tone('sine', 330, 300, 0.04, 0.25);
          break;
        case GameEvent.BlockHit:
          this.tone('triangle', 260 + value * 70, 200, 0.09, 0.7);
          break;
        case GameEvent.BlockBroken:
          this.tone('sawtooth', 420 + Math.min(value, 8) * 40, 90, 0.18, 0.5);
          break;
        case GameEvent.PowerUpCaught:
          this.tone('sine', 440, 660, 0.1, 0.6);
          this.tone('sine', 660, 990, 0.12, 0.6, 0.08);
          break;
        case GameEvent.BossHit:
          this.tone('sawtooth', 90, 45, 0.3, 0.9);
          break;
        case GameEvent.BossSpawn:
          this.tone('sine', 70, 140, 0.35, 0.5);
          break;
        case GameEvent.ShieldUsed:
          this.tone('triangle', 520, 780, 0.15, 0.6);
          break;
        case GameEvent.LifeLost:
          this.tone('sawtooth', 220, 55, 0.6, 0.8);
          break;
        case GameEvent.LevelCleared:
          this.tone('triangle', 392, 784, 0.3, 0.7);
          this.tone('triangle', 523, 1046, 0.3, 0.6, 0.12);
          break;
        case GameEvent.Win:
          for (let k = 0; k < 4; k++) this.tone('triangle', 262 * 1.26 ** k, 262 * 1.26 ** k * 2, 0.5, 0.6, k * 0.14);
          break;
        case GameEvent.Loss:
          this.tone('sawtooth', 160, 40, 1.2, 0.8);
          break;
        default:
          played--;
      }
    }
  }
}
