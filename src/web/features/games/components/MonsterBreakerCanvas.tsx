/**
 * <MonsterBreakerCanvas>: the Monster Breaker game in the browser.
 *
 * Three layers, kept apart so the server can replay exactly what the player did:
 * - Input (monsterBreakerInput.ts): keyboard, mouse and touch events only update an InputCollector;
 *   once per simulation tick it yields one TickInput (keys, or an absolute pointer target).
 * - Simulation (src/protocol/monsterBreaker): requestAnimationFrame feeds elapsed time into an
 *   accumulator that runs step() at a fixed 60 Hz, whatever the display rate. Each tick's input goes
 *   to a ChunkRecorder; every 120 ticks (2 s) and at the end it becomes an InputChunk for onChunk.
 *   Nothing else touches the GameState, so the recorded inputs replay to the same hash anywhere.
 * - Rendering (monsterBreakerRenderer.ts, monsterBreakerFx.ts, monsterBreakerAudio.ts): draws the
 *   state interpolated between the last two ticks, and turns each tick's GameEvents into particles,
 *   shake and oscillator sounds. Cosmetic only: it may use floats and Math.random freely.
 */
import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { type CSSProperties, useCallback, useEffect, useRef, useState } from 'react';
import type { InputChunk } from '../../../../protocol/monsterBreaker/chunks';
import type { GameConfig } from '../../../../protocol/monsterBreaker/config';
import type { GameEvents } from '../../../../protocol/monsterBreaker/events';
import type { GameState } from '../../../../protocol/monsterBreaker/state';
import { GameAudio, loadMuted, saveMuted } from './monsterBreakerAudio';
import { type MonsterBreakerResult, startGame } from './monsterBreakerLoop';

export type { MonsterBreakerResult };

export interface MonsterBreakerCanvasProps {
  seed: number;
  config?: Partial<GameConfig>;
  /** After every simulation tick (keep it cheap: 60 calls a second). */
  onTick?: (state: Readonly<GameState>, events: Readonly<GameEvents>) => void;
  onChunk: (chunk: InputChunk) => void;
  onEnd: (result: MonsterBreakerResult) => void;
  /** Let the built-in bot play (demos, tests); player input is ignored. */
  autopilot?: boolean;
  /** Paused from outside (e.g. a dialog is open). The player can also pause with P or Escape. */
  paused?: boolean;
  /** Simulation ticks per 1/60 s of real time: 1 to play; more fast-forwards autopilot demos and tests. */
  speed?: number;
  className?: string;
  style?: CSSProperties;
}

const frameStyle: CSSProperties = {
  position: 'relative',
  width: '100%',
  height: '100%',
  minHeight: 240,
  overflow: 'hidden',
  background: '#0b1014',
  outline: 'none',
  touchAction: 'none',
  userSelect: 'none',
};
const backdropStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  display: 'block',
};
/** The renderer sets its box to the field's rectangle on every resize. */
const fieldStyle: CSSProperties = { position: 'absolute', display: 'block' };
const buttonStyle: CSSProperties = {
  position: 'absolute',
  top: 8,
  width: 36,
  height: 36,
  display: 'grid',
  placeItems: 'center',
  border: '1px solid rgba(79, 209, 165, 0.35)',
  borderRadius: 8,
  background: 'rgba(11, 16, 20, 0.7)',
  color: '#e8e2d0',
  cursor: 'pointer',
};
const overlayStyle: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'grid',
  placeContent: 'center',
  justifyItems: 'center',
  gap: 16,
  background: 'rgba(11, 16, 20, 0.72)',
  color: '#e8e2d0',
  fontFamily: 'Cinzel, Georgia, serif',
  textAlign: 'center',
};
const resumeStyle: CSSProperties = {
  ...buttonStyle,
  position: 'static',
  width: 'auto',
  height: 'auto',
  display: 'inline-flex',
  gap: 8,
  alignItems: 'center',
  padding: '10px 18px',
  fontFamily: 'inherit',
  fontSize: 16,
  background: '#4fd1a5',
  color: '#06231a',
};

export function MonsterBreakerCanvas({
  seed,
  config,
  onTick,
  onChunk,
  onEnd,
  autopilot = false,
  paused = false,
  speed = 1,
  className,
  style,
}: MonsterBreakerCanvasProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const backdropRef = useRef<HTMLCanvasElement>(null);
  const [bUserPaused, setUserPaused] = useState(false);
  const [bMuted, setMuted] = useState(loadMuted);
  // Game over: the field shows its last words; nothing pauses any more.
  const [bOver, setOver] = useState(false);
  const audioRef = useRef<GameAudio | null>(null);
  // the loop reads the latest props and pause state through refs, so it never restarts for them
  const live = useRef({ onTick, onChunk, onEnd, autopilot, speed, paused: paused || bUserPaused });
  live.current = { onTick, onChunk, onEnd, autopilot, speed, paused: paused || bUserPaused };
  const configKey = JSON.stringify(config ?? {});

  const togglePause = useCallback(() => setUserPaused((p) => !p), []);
  const toggleMute = useCallback(() => {
    setMuted((m) => {
      saveMuted(!m);
      if (audioRef.current) audioRef.current.bMuted = !m;
      return !m;
    });
  }, []);

  useEffect(() => {
    const frame = frameRef.current;
    const canvas = canvasRef.current;
    const backdrop = backdropRef.current;
    if (!frame || !canvas || !backdrop) return;
    setOver(false);
    const audio = new GameAudio();
    audioRef.current = audio;
    const stop = startGame(seed, JSON.parse(configKey) as Partial<GameConfig>, { frame, canvas, backdrop }, audio, {
      live,
      togglePause,
      pause: () => setUserPaused(true),
      over: () => {
        setOver(true);
        setUserPaused(false);
      },
    });
    return () => {
      stop();
      audio.close();
      audioRef.current = null;
    };
  }, [seed, configKey, togglePause]);

  const bPaused = (paused || bUserPaused) && !bOver;
  return (
    <div
      ref={frameRef}
      role="application"
      aria-roledescription="game"
      className={className}
      style={style ? { ...frameStyle, ...style } : frameStyle}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the game area (role application) takes focus for its key controls
      tabIndex={0}
      aria-label="Monster Breaker. Arrow keys or A and D move, Space launches, P pauses; or drag the paddle."
    >
      <canvas ref={backdropRef} style={backdropStyle} />
      <canvas ref={canvasRef} style={fieldStyle} role="img" aria-label="Monster Breaker playfield" />
      {bPaused && (
        <div style={overlayStyle} role="dialog" aria-label="Paused">
          <div style={{ fontSize: 28, color: '#d9a94a', letterSpacing: 2 }}>Paused</div>
          {!paused && (
            <div style={{ fontSize: 14, color: '#9aa5ad', fontFamily: 'system-ui, sans-serif' }}>
              The deep waits. Press P or Escape to go on.
            </div>
          )}
          {!paused && (
            <button type="button" style={resumeStyle} onClick={togglePause} autoFocus>
              <Play size={16} aria-hidden="true" /> Resume
            </button>
          )}
        </div>
      )}
      {!bOver && (
        <button
          type="button"
          style={{ ...buttonStyle, right: 52 }}
          onClick={togglePause}
          aria-label={bPaused ? 'Resume game' : 'Pause game'}
        >
          {bPaused ? <Play size={18} aria-hidden="true" /> : <Pause size={18} aria-hidden="true" />}
        </button>
      )}
      <button
        type="button"
        style={{ ...buttonStyle, right: 8 }}
        onClick={toggleMute}
        aria-label={bMuted ? 'Unmute sound' : 'Mute sound'}
        aria-pressed={bMuted}
      >
        {bMuted ? <VolumeX size={18} aria-hidden="true" /> : <Volume2 size={18} aria-hidden="true" />}
      </button>
    </div>
  );
}
