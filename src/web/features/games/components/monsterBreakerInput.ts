import { keyInput, type TickInput, targetInput } from '../../../../protocol/monsterBreaker/input';

const LEFT_KEYS = new Set(['ArrowLeft', 'KeyA']);
const RIGHT_KEYS = new Set(['ArrowRight', 'KeyD']);
const PAUSE_KEYS = new Set(['KeyP', 'Escape']);

/**
 * Turns keyboard, mouse and touch into one TickInput per simulation tick. Keys win while held; a
 * moving pointer (or a touch drag) sets an absolute paddle target in whole field units. A launch
 * (Space, click, tap) is latched until the next tick consumes it, so a quick tap is never lost.
 */
export class InputCollector {
  private bLeft = false;
  private bRight = false;
  private bLaunch = false;
  private iPointerX = -1;

  onKey(code: string, bDown: boolean): 'pause' | 'handled' | 'ignored' {
    if (PAUSE_KEYS.has(code)) return bDown ? 'pause' : 'handled';
    if (LEFT_KEYS.has(code)) this.bLeft = bDown;
    else if (RIGHT_KEYS.has(code)) this.bRight = bDown;
    else if (code === 'Space') {
      if (bDown) this.bLaunch = true;
    } else return 'ignored';
    if (bDown && code !== 'Space') this.iPointerX = -1;
    return 'handled';
  }

  /** Pointer at field x (units, may be outside the field; clamped). */
  onPointer(fieldX: number): void {
    this.iPointerX = Math.max(0, Math.min(240, Math.round(fieldX)));
  }

  launch(): void {
    this.bLaunch = true;
  }

  /** Lets go of everything (window blur, pause), so no key stays stuck. */
  release(): void {
    this.bLeft = false;
    this.bRight = false;
    this.bLaunch = false;
  }

  /** The input for the next tick; consumes a latched launch. */
  next(): TickInput {
    const launch = this.bLaunch;
    this.bLaunch = false;
    const dir = (this.bRight ? 1 : 0) - (this.bLeft ? 1 : 0);
    if (dir !== 0 || this.iPointerX < 0) return keyInput(dir, launch);
    return targetInput(this.iPointerX, launch);
  }
}
