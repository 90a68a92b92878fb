import {
  BOSS_H,
  BOSS_TOP,
  BOSS_W,
  CELL_H,
  CELL_W,
  FIELD_H,
  FIELD_W,
  FP_ONE,
  GRID_COLS,
  GRID_ROWS,
  GRID_TOP,
  MAX_BALLS,
  MAX_DROPS,
  PADDLE_H,
  PADDLE_TOP,
  SHIELD_Y,
} from '../../../../protocol/monsterBreaker/constants';
import { levelLayout } from '../../../../protocol/monsterBreaker/levels';
import { type GameState, Phase, PowerUp } from '../../../../protocol/monsterBreaker/state';
import { type GameFx, PARTICLE_COLORS } from './monsterBreakerFx';

const W = FIELD_W / FP_ONE;
const H = FIELD_H / FP_ONE;
const BG = '#0b1014';
const BONE = '#e8e2d0';
const GREEN = '#4fd1a5';
const GOLD = '#d9a94a';
const RED = '#e0605e';
/** Monster colour by hit points left (index 1..4). */
const HP_COLORS = ['', GREEN, GOLD, RED, BONE] as const;
const HP_SHADES = ['', '#1f5a48', '#6b5120', '#6e2b2a', '#77705f'] as const;
const DROP_STYLE: Record<number, { color: string; glyph: string; label: string }> = {
  [PowerUp.Wide]: { color: GOLD, glyph: 'W', label: 'wide' },
  [PowerUp.Multi]: { color: GREEN, glyph: 'M', label: 'multi' },
  [PowerUp.Slow]: { color: '#7fb2e5', glyph: 'S', label: 'slow' },
  [PowerUp.Shield]: { color: BONE, glyph: '✦', label: 'ward' },
  [PowerUp.Life]: { color: RED, glyph: '♥', label: 'life' },
};
const ROMAN = ['I', 'II', 'III', 'IV', 'V'];
/** CSS px the component's buttons take at the top right. */
const CONTROLS_W = 96;
const CONTROLS_H = 52;
const COMBO_TEXT = Array.from({ length: 33 }, (_, i) => `×${i}`);
const PLUS_TEXT = Array.from({ length: 10 }, (_, i) => `+${i}`);
const FONT_SMALL = '600 7px Cinzel, Georgia, serif';
const LIFE_ICONS = 5;
const FONT_BIG = '700 15px Cinzel, Georgia, serif';
const FONT_MID = '700 9px Cinzel, Georgia, serif';

/** Where things were one tick ago, to draw between two simulation steps. */
export class Snapshot {
  readonly aBallX = new Int32Array(MAX_BALLS);
  readonly aBallY = new Int32Array(MAX_BALLS);
  readonly aDropY = new Int32Array(MAX_DROPS);
  iBalls = 0;
  iDrops = 0;
  iPaddleX = 0;
  iBossX = 0;

  capture(s: GameState): void {
    this.aBallX.set(s.aBallX);
    this.aBallY.set(s.aBallY);
    this.aDropY.set(s.aDropY);
    this.iBalls = s.iBalls;
    this.iDrops = s.iDrops;
    this.iPaddleX = s.iPaddleX;
    this.iBossX = s.iBossX;
  }
}

function lerp(prev: number, cur: number, alpha: number): number {
  return (prev + (cur - prev) * alpha) / FP_ONE;
}

/**
 * Draws a GameState in field units (240 x 320) scaled to fit, letterboxed on the abyss. Two canvases:
 * the backdrop (noise, vignette, frame) fills the container and is painted only on resize; the game
 * canvas covers just the field, so each frame blits and rasterises as few pixels as possible. Frames
 * draw simple batched paths (one fill per colour) and allocate nothing but a few strings.
 */
export class MonsterBreakerRenderer {
  private readonly ctx: CanvasRenderingContext2D;
  private readonly wellImage: HTMLCanvasElement;
  private readonly glow: HTMLCanvasElement;
  private scale = 1;
  private offsetX = 0;
  private offsetY = 0;
  private slabGradient: CanvasGradient | null = null;
  private scoreText = '0';
  private lastScore = 0;
  private hudLevel = -1;
  private levelText = '';

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly backdrop: HTMLCanvasElement,
  ) {
    const ctx = canvas.getContext('2d', { alpha: false });
    if (!ctx) throw new Error('2D canvas unavailable');
    this.ctx = ctx;
    this.wellImage = document.createElement('canvas');
    this.glow = document.createElement('canvas');
    this.paintGlow();
  }

  /** Container size in CSS pixels and the device pixel ratio; places the game canvas over the field. */
  resize(cssWidth: number, cssHeight: number, dpr: number): void {
    let top = 0;
    this.scale = Math.max(0.1, Math.min(cssWidth / W, cssHeight / H));
    if ((cssWidth - W * this.scale) / 2 < CONTROLS_W && (cssHeight - H * this.scale) / 2 < CONTROLS_H) {
      // no room beside or above the field for the pause and mute buttons: keep a strip for them on top
      top = CONTROLS_H;
      this.scale = Math.max(0.1, Math.min(cssWidth / W, (cssHeight - top) / H));
    }
    const fieldW = Math.round(W * this.scale);
    const fieldH = Math.round(H * this.scale);
    this.offsetX = Math.round((cssWidth - fieldW) / 2);
    this.offsetY = top + Math.round((cssHeight - top - fieldH) / 2);
    const style = this.canvas.style;
    style.left = `${this.offsetX}px`;
    style.top = `${this.offsetY}px`;
    style.width = `${fieldW}px`;
    style.height = `${fieldH}px`;
    this.canvas.width = Math.max(1, Math.round(fieldW * dpr));
    this.canvas.height = Math.max(1, Math.round(fieldH * dpr));
    this.wellImage.width = this.canvas.width;
    this.wellImage.height = this.canvas.height;
    this.backdrop.width = Math.max(1, Math.round(cssWidth * dpr));
    this.backdrop.height = Math.max(1, Math.round(cssHeight * dpr));
    this.paintBackdrop(dpr);
    this.paintWell();
    const g = this.ctx.createLinearGradient(0, 0, 0, PADDLE_H / FP_ONE);
    g.addColorStop(0, '#a39d8c');
    g.addColorStop(0.45, '#6d685c');
    g.addColorStop(1, '#3b3831');
    this.slabGradient = g;
  }

  /** Field x (units) under a client x, given the container's left edge, for pointer input. */
  toFieldX(clientX: number, containerLeft: number): number {
    return (clientX - containerLeft - this.offsetX) / this.scale;
  }

  draw(s: GameState, prev: Snapshot, alpha: number, timeMs: number, fx: GameFx): void {
    const ctx = this.ctx;
    const t = timeMs / 1000;
    const motion = fx.bReducedMotion ? 0 : 1;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.drawImage(this.wellImage, 0, 0);
    const k = this.canvas.width / W;
    ctx.setTransform(k, 0, 0, k, fx.fShakeX * k, fx.fShakeY * k);

    const ballX = s.iBalls > 0 ? lerp(prev.iBalls > 0 ? prev.aBallX[0]! : s.aBallX[0]!, s.aBallX[0]!, alpha) : W / 2;
    this.drawMonsters(s, t * motion, ballX);
    if (s.iBossHp > 0) this.drawBoss(s, lerp(prev.iBossX, s.iBossX, alpha), t * motion, ballX, fx.fBossFlash);
    this.drawShield(s, t);
    this.drawDrops(s, prev, alpha, t);
    this.drawPaddle(s, lerp(prev.iPaddleX, s.iPaddleX, alpha));
    this.drawBalls(s, prev, alpha);
    this.drawParticles(fx);
    ctx.setTransform(k, 0, 0, k, 0, 0);
    this.drawHud(s);
    this.drawMessages(s, t, fx);
  }

  private paintGlow(): void {
    const size = 64;
    this.glow.width = size;
    this.glow.height = size;
    const g = this.glow.getContext('2d');
    if (!g) return;
    const gradient = g.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
    gradient.addColorStop(0, 'rgba(232, 226, 208, 0.9)');
    gradient.addColorStop(0.25, 'rgba(79, 209, 165, 0.45)');
    gradient.addColorStop(1, 'rgba(79, 209, 165, 0)');
    g.fillStyle = gradient;
    g.fillRect(0, 0, size, size);
  }

  /** A small tile of faint random specks, repeated as a pattern. */
  private noise(g: CanvasRenderingContext2D): CanvasPattern | null {
    const tile = document.createElement('canvas');
    tile.width = 96;
    tile.height = 96;
    const tg = tile.getContext('2d');
    if (!tg) return null;
    const image = tg.createImageData(96, 96);
    for (let i = 0; i < image.data.length; i += 4) {
      const v = 120 + Math.random() * 135;
      image.data[i] = v * 0.8;
      image.data[i + 1] = v;
      image.data[i + 2] = v;
      image.data[i + 3] = Math.random() < 0.5 ? 10 : 0;
    }
    tg.putImageData(image, 0, 0);
    return g.createPattern(tile, 'repeat');
  }

  private paintBackdrop(dpr: number): void {
    const g = this.backdrop.getContext('2d');
    if (!g) return;
    const { width, height } = this.backdrop;
    g.fillStyle = BG;
    g.fillRect(0, 0, width, height);
    const pattern = this.noise(g);
    if (pattern) {
      g.fillStyle = pattern;
      g.fillRect(0, 0, width, height);
    }
    const vignette = g.createRadialGradient(
      width / 2,
      height / 2,
      Math.min(width, height) * 0.3,
      width / 2,
      height / 2,
      Math.max(width, height) * 0.75,
    );
    vignette.addColorStop(0, 'rgba(0, 0, 0, 0)');
    vignette.addColorStop(1, 'rgba(0, 0, 0, 0.6)');
    g.fillStyle = vignette;
    g.fillRect(0, 0, width, height);
    // a faint green rim around the well
    const line = Math.max(1, Math.round(dpr));
    g.strokeStyle = 'rgba(79, 209, 165, 0.22)';
    g.lineWidth = line;
    g.strokeRect(
      this.offsetX * dpr - line / 2,
      this.offsetY * dpr - line / 2,
      this.canvas.width + line,
      this.canvas.height + line,
    );
  }

  /** The field's own background: the well, darker at the top, a green glow rising from the depths. */
  private paintWell(): void {
    const g = this.wellImage.getContext('2d');
    if (!g) return;
    const { width, height } = this.wellImage;
    g.fillStyle = BG;
    g.fillRect(0, 0, width, height);
    const well = g.createLinearGradient(0, 0, 0, height);
    well.addColorStop(0, 'rgba(26, 36, 45, 0.9)');
    well.addColorStop(0.7, 'rgba(19, 27, 34, 0.6)');
    well.addColorStop(1, 'rgba(79, 209, 165, 0.08)');
    g.fillStyle = well;
    g.fillRect(0, 0, width, height);
    const pattern = this.noise(g);
    if (pattern) {
      g.fillStyle = pattern;
      g.fillRect(0, 0, width, height);
    }
    const shade = g.createRadialGradient(
      width / 2,
      height * 0.45,
      width * 0.3,
      width / 2,
      height * 0.45,
      height * 0.75,
    );
    shade.addColorStop(0, 'rgba(0, 0, 0, 0)');
    shade.addColorStop(1, 'rgba(0, 0, 0, 0.35)');
    g.fillStyle = shade;
    g.fillRect(0, 0, width, height);
  }

  /** Each monster: a rounded body in its hp colour, tentacles below, one eye per hit point left. */
  private drawMonsters(s: GameState, t: number, ballX: number): void {
    const ctx = this.ctx;
    const cw = CELL_W / FP_ONE;
    const ch = CELL_H / FP_ONE;
    const top = GRID_TOP / FP_ONE;
    for (let hp = 1; hp <= 4; hp++) {
      ctx.beginPath();
      let any = false;
      for (let cell = 0; cell < GRID_COLS * GRID_ROWS; cell++) {
        if (s.aGrid[cell] !== hp) continue;
        any = true;
        const x = (cell % GRID_COLS) * cw;
        const y = top + Math.floor(cell / GRID_COLS) * ch;
        for (let k = 0; k < 4; k++) {
          const tx = x + 3.5 + k * 4.3;
          const sway = Math.sin(t * 3 + cell + k * 1.7) * 1.2;
          ctx.moveTo(tx, y + ch - 2.5);
          ctx.quadraticCurveTo(tx + sway, y + ch + 0.5, tx - sway * 0.5, y + ch + 2);
        }
      }
      if (!any) continue;
      ctx.strokeStyle = HP_SHADES[hp]!;
      ctx.lineWidth = 1.1;
      ctx.stroke();
      ctx.beginPath();
      for (let cell = 0; cell < GRID_COLS * GRID_ROWS; cell++) {
        if (s.aGrid[cell] !== hp) continue;
        const x = (cell % GRID_COLS) * cw;
        const y = top + Math.floor(cell / GRID_COLS) * ch;
        ctx.roundRect(x + 1, y + 1, cw - 2, ch - 2.5, [4, 4, 2, 2]);
      }
      ctx.fillStyle = HP_COLORS[hp]!;
      ctx.fill();
      ctx.fillStyle = HP_SHADES[hp]!;
      ctx.globalAlpha = 0.55;
      ctx.beginPath();
      for (let cell = 0; cell < GRID_COLS * GRID_ROWS; cell++) {
        if (s.aGrid[cell] !== hp) continue;
        const x = (cell % GRID_COLS) * cw;
        const y = top + Math.floor(cell / GRID_COLS) * ch;
        ctx.rect(x + 1.5, y + ch - 4, cw - 3, 1.5);
      }
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    // eyes: dark sockets, then glowing pupils looking towards the ball
    ctx.beginPath();
    this.eyes(s, t, ballX, 2, 0);
    ctx.fillStyle = '#0b1014';
    ctx.fill();
    ctx.beginPath();
    this.eyes(s, t, ballX, 0.95, 0.7);
    ctx.fillStyle = '#f4efd9';
    ctx.fill();
  }

  private eyes(s: GameState, t: number, ballX: number, radius: number, look: number): void {
    const ctx = this.ctx;
    const cw = CELL_W / FP_ONE;
    const ch = CELL_H / FP_ONE;
    const top = GRID_TOP / FP_ONE;
    for (let cell = 0; cell < GRID_COLS * GRID_ROWS; cell++) {
      const hp = s.aGrid[cell]!;
      if (hp <= 0) continue;
      // a monster blinks for a moment every few seconds, each on its own beat
      if ((t * 0.7 + cell * 0.37) % 4 < 0.12) continue;
      const cx = (cell % GRID_COLS) * cw + cw / 2;
      const cy = top + Math.floor(cell / GRID_COLS) * ch + ch / 2 - 1;
      const dx = ballX < cx - 4 ? -look : ballX > cx + 4 ? look : 0;
      const gap = hp === 4 ? 4.1 : 4.8;
      for (let e = 0; e < hp; e++) {
        const ex = cx + (e - (hp - 1) / 2) * gap + dx;
        ctx.moveTo(ex + radius, cy);
        ctx.arc(ex, cy, radius, 0, Math.PI * 2);
      }
    }
  }

  private drawBoss(s: GameState, x: number, t: number, ballX: number, flash: number): void {
    const ctx = this.ctx;
    const w = BOSS_W / FP_ONE;
    const h = BOSS_H / FP_ONE;
    const y = BOSS_TOP / FP_ONE;
    const cx = x + w / 2;
    // tentacles
    ctx.beginPath();
    for (let k = 0; k < 7; k++) {
      const tx = x + 8 + k * ((w - 16) / 6);
      const sway = Math.sin(t * 2.2 + k * 0.9) * 4;
      ctx.moveTo(tx, y + h - 8);
      ctx.bezierCurveTo(tx + sway, y + h + 2, tx - sway, y + h + 6, tx + sway * 0.6, y + h + 11);
    }
    ctx.strokeStyle = '#3d5e55';
    ctx.lineWidth = 3;
    ctx.lineCap = 'round';
    ctx.stroke();
    ctx.strokeStyle = '#4fd1a5';
    ctx.globalAlpha = 0.35;
    ctx.lineWidth = 1;
    ctx.stroke();
    ctx.globalAlpha = 1;
    // body: a lumpy dome
    ctx.beginPath();
    ctx.moveTo(x + 2, y + h - 6);
    ctx.bezierCurveTo(x - 3, y + 8, x + 14, y - 3, cx, y);
    ctx.bezierCurveTo(x + w - 14, y - 3, x + w + 3, y + 8, x + w - 2, y + h - 6);
    ctx.quadraticCurveTo(cx, y + h + 2, x + 2, y + h - 6);
    ctx.fillStyle = '#22303a';
    ctx.fill();
    ctx.strokeStyle = '#4fd1a5';
    ctx.lineWidth = 0.8;
    ctx.stroke();
    if (flash > 0) {
      ctx.globalAlpha = flash * 0.7;
      ctx.fillStyle = BONE;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
    // a jagged maw under the eyes
    ctx.beginPath();
    ctx.moveTo(cx - 16, y + 35);
    ctx.quadraticCurveTo(cx, y + 43, cx + 16, y + 35);
    ctx.quadraticCurveTo(cx, y + 38, cx - 16, y + 35);
    ctx.fillStyle = '#0b1014';
    ctx.fill();
    ctx.beginPath();
    for (let i = 0; i < 6; i++) {
      const tx = cx - 12.5 + i * 5;
      ctx.moveTo(tx - 1.3, y + 36.6);
      ctx.lineTo(tx, y + 39);
      ctx.lineTo(tx + 1.3, y + 36.6);
    }
    ctx.fillStyle = BONE;
    ctx.fill();
    // many eyes of many sizes, all watching the ball
    const look = ballX < cx - 10 ? -0.8 : ballX > cx + 10 ? 0.8 : 0;
    const eyes = BOSS_EYES;
    ctx.beginPath();
    for (let i = 0; i < eyes.length; i += 3) {
      const ex = cx + eyes[i]!;
      const ey = y + eyes[i + 1]!;
      const r = eyes[i + 2]!;
      ctx.moveTo(ex + r, ey);
      ctx.ellipse(ex, ey, r, r * 0.8, 0, 0, Math.PI * 2);
    }
    ctx.fillStyle = '#e9d98a';
    ctx.fill();
    ctx.beginPath();
    for (let i = 0; i < eyes.length; i += 3) {
      const r = eyes[i + 2]!;
      const ex = cx + eyes[i]! + look * r * 0.4;
      const ey = y + eyes[i + 1]!;
      ctx.moveTo(ex + r * 0.3, ey);
      ctx.ellipse(ex, ey, r * 0.3, r * 0.7, 0, 0, Math.PI * 2);
    }
    ctx.fillStyle = '#0b1014';
    ctx.fill();
    // hp bar
    const frac = s.iBossHp / s.config.iBossHp;
    ctx.fillStyle = 'rgba(11, 16, 20, 0.8)';
    ctx.fillRect(x + 6, y - 7, w - 12, 3);
    ctx.fillStyle = frac > 0.3 ? RED : GOLD;
    ctx.fillRect(x + 6, y - 7, (w - 12) * frac, 3);
  }

  private drawShield(s: GameState, t: number): void {
    if (s.iShields <= 0) return;
    const ctx = this.ctx;
    const y = SHIELD_Y / FP_ONE;
    ctx.globalAlpha = 0.35 + 0.15 * s.iShields + Math.sin(t * 4) * 0.1;
    ctx.fillStyle = GREEN;
    ctx.fillRect(0, y, W, 1.2);
    ctx.globalAlpha = 1;
  }

  private drawDrops(s: GameState, prev: Snapshot, alpha: number, t: number): void {
    const ctx = this.ctx;
    ctx.font = FONT_SMALL;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < s.iDrops; i++) {
      const style = DROP_STYLE[s.aDropKind[i]!];
      if (!style) continue;
      const x = s.aDropX[i]! / FP_ONE;
      const y = lerp(i < prev.iDrops ? prev.aDropY[i]! : s.aDropY[i]!, s.aDropY[i]!, alpha);
      ctx.globalAlpha = 0.25;
      ctx.drawImage(this.glow, x - 9, y - 9, 18, 18);
      ctx.globalAlpha = 1;
      ctx.beginPath();
      ctx.arc(x, y, 5 + Math.sin(t * 6 + i) * 0.3, 0, Math.PI * 2);
      ctx.fillStyle = '#0b1014';
      ctx.fill();
      ctx.strokeStyle = style.color;
      ctx.lineWidth = 1.1;
      ctx.stroke();
      ctx.fillStyle = style.color;
      ctx.fillText(style.glyph, x, y + 0.4);
    }
  }

  /** A carved stone slab with a glowing rune groove. */
  private drawPaddle(s: GameState, xCenter: number): void {
    const ctx = this.ctx;
    const w = s.iPaddleW / FP_ONE;
    const h = PADDLE_H / FP_ONE;
    const x = xCenter - w / 2;
    const y = PADDLE_TOP / FP_ONE;
    ctx.translate(x, y);
    ctx.beginPath();
    ctx.moveTo(2, 0);
    ctx.lineTo(w - 2, 0);
    ctx.lineTo(w, 2.5);
    ctx.lineTo(w - 1, h);
    ctx.lineTo(1, h);
    ctx.lineTo(0, 2.5);
    ctx.closePath();
    ctx.fillStyle = this.slabGradient ?? '#6d685c';
    ctx.fill();
    ctx.strokeStyle = '#2a2822';
    ctx.lineWidth = 0.6;
    ctx.stroke();
    ctx.beginPath();
    for (let r = 5; r < w - 4; r += 7) {
      ctx.moveTo(r, 3);
      ctx.lineTo(r + 2, 5.5);
      ctx.lineTo(r + 4, 3);
    }
    ctx.strokeStyle = 'rgba(79, 209, 165, 0.75)';
    ctx.lineWidth = 0.7;
    ctx.stroke();
    ctx.translate(-x, -y);
  }

  private drawBalls(s: GameState, prev: Snapshot, alpha: number): void {
    const ctx = this.ctx;
    for (let i = 0; i < s.iBalls; i++) {
      const same = i < prev.iBalls;
      const x = lerp(same ? prev.aBallX[i]! : s.aBallX[i]!, s.aBallX[i]!, alpha);
      const y = lerp(same ? prev.aBallY[i]! : s.aBallY[i]!, s.aBallY[i]!, alpha);
      ctx.drawImage(this.glow, x - 10, y - 10, 20, 20);
    }
    ctx.beginPath();
    for (let i = 0; i < s.iBalls; i++) {
      const same = i < prev.iBalls;
      const x = lerp(same ? prev.aBallX[i]! : s.aBallX[i]!, s.aBallX[i]!, alpha);
      const y = lerp(same ? prev.aBallY[i]! : s.aBallY[i]!, s.aBallY[i]!, alpha);
      ctx.moveTo(x + 3, y);
      ctx.arc(x, y, 3, 0, Math.PI * 2);
    }
    ctx.fillStyle = '#f4efd9';
    ctx.fill();
  }

  private drawParticles(fx: GameFx): void {
    if (fx.iCount === 0) return;
    const ctx = this.ctx;
    for (let c = 0; c < PARTICLE_COLORS.length; c++) {
      ctx.beginPath();
      let any = false;
      for (let i = 0; i < fx.iCount; i++) {
        if (fx.aColor[i] !== c) continue;
        any = true;
        const size = 0.6 + fx.aLife[i]! * 2;
        ctx.rect(fx.aX[i]! - size / 2, fx.aY[i]! - size / 2, size, size);
      }
      if (!any) continue;
      ctx.fillStyle = PARTICLE_COLORS[c]!;
      ctx.fill();
    }
  }

  private drawHud(s: GameState): void {
    const ctx = this.ctx;
    if (s.iScore !== this.lastScore || this.scoreText === '') {
      this.lastScore = s.iScore;
      this.scoreText = String(s.iScore);
    }
    ctx.fillStyle = 'rgba(11, 16, 20, 0.55)';
    ctx.fillRect(0, 0, W, 15);
    ctx.font = FONT_SMALL;
    ctx.textBaseline = 'middle';
    ctx.textAlign = 'left';
    ctx.fillStyle = GOLD;
    ctx.fillText(this.scoreText, 5, 8);
    if (s.iLevel !== this.hudLevel) {
      this.hudLevel = s.iLevel;
      this.levelText = `${ROMAN[s.iLevel] ?? ''} · ${levelLayout(s.iLevel, s.config.iLevels).sName}`;
    }
    ctx.textAlign = 'center';
    ctx.fillStyle = BONE;
    ctx.fillText(this.levelText, W / 2, 8);
    if (s.iCombo >= 2) {
      ctx.textAlign = 'left';
      ctx.fillStyle = GREEN;
      ctx.fillText(
        COMBO_TEXT[Math.min(s.iCombo, COMBO_TEXT.length - 1)]!,
        5 + ctx.measureText(this.scoreText).width + 6,
        8,
      );
    }
    // lives: small green eyes, right-aligned; past five, a count
    const icons = Math.min(s.iLives, LIFE_ICONS);
    if (s.iLives > LIFE_ICONS) {
      ctx.textAlign = 'right';
      ctx.fillStyle = GREEN;
      ctx.fillText(PLUS_TEXT[s.iLives - LIFE_ICONS] ?? '', W - 4 - icons * 8, 8);
    }
    ctx.beginPath();
    for (let i = 0; i < icons; i++) {
      const ex = W - 7 - i * 8;
      ctx.moveTo(ex + 3, 8);
      ctx.ellipse(ex, 8, 3, 2, 0, 0, Math.PI * 2);
    }
    ctx.fillStyle = GREEN;
    ctx.fill();
    ctx.beginPath();
    for (let i = 0; i < icons; i++) {
      const ex = W - 7 - i * 8;
      ctx.moveTo(ex + 0.8, 8);
      ctx.ellipse(ex, 8, 0.8, 1.7, 0, 0, Math.PI * 2);
    }
    ctx.fillStyle = BG;
    ctx.fill();
  }

  private drawMessages(s: GameState, t: number, fx: GameFx): void {
    const ctx = this.ctx;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    if (s.iPhase === Phase.Serve) {
      const layout = levelLayout(s.iLevel, s.config.iLevels);
      if (s.iServeTicks < 150 || fx.fBanner > 0) {
        ctx.font = FONT_MID;
        ctx.fillStyle = GOLD;
        ctx.fillText(`${ROMAN[s.iLevel] ?? ''} · ${layout.sName}`, W / 2, 200);
      }
      ctx.globalAlpha = 0.55 + 0.45 * Math.abs(Math.sin(t * 2.5));
      ctx.font = FONT_SMALL;
      ctx.fillStyle = BONE;
      ctx.fillText('Space, click or tap to launch', W / 2, 240);
      ctx.globalAlpha = 1;
    } else if (s.iPhase === Phase.Won || s.iPhase === Phase.Lost) {
      ctx.fillStyle = 'rgba(11, 16, 20, 0.72)';
      ctx.fillRect(0, 140, W, 80);
      ctx.font = FONT_BIG;
      ctx.fillStyle = s.iPhase === Phase.Won ? GREEN : RED;
      ctx.fillText(s.iPhase === Phase.Won ? 'The Old One sleeps' : 'Consumed by the deep', W / 2, 170);
      ctx.font = FONT_MID;
      ctx.fillStyle = GOLD;
      ctx.fillText(`Score ${this.scoreText}`, W / 2, 195);
    }
  }
}

/** Boss eyes as (dx from centre, dy from top, radius) triples. */
const BOSS_EYES = [0, 17, 6, -20, 14, 4, 20, 14, 4, -11, 28, 3.2, 11, 28, 3.2, -29, 25, 2.4, 29, 25, 2.4, 0, 6, 2.5];
