/**
 * One Monster Breaker game on the page (see MonsterBreakerCanvas.tsx for the three layers): the
 * player's input listeners, the view's size and motion preference, and the fixed-step loop.
 * startGame wires them and answers the function that stops them all.
 */
import { autopilotInput } from '../../../../protocol/monsterBreaker/autopilot';
import { ChunkRecorder, type InputChunk } from '../../../../protocol/monsterBreaker/chunks';
import type { GameConfig } from '../../../../protocol/monsterBreaker/config';
import { TICKS_PER_SECOND } from '../../../../protocol/monsterBreaker/constants';
import { createEvents, type GameEvents } from '../../../../protocol/monsterBreaker/events';
import { hashState } from '../../../../protocol/monsterBreaker/hash';
import { isOver } from '../../../../protocol/monsterBreaker/replay';
import { type GameState, Phase } from '../../../../protocol/monsterBreaker/state';
import { createGame, step } from '../../../../protocol/monsterBreaker/step';
import type { GameAudio } from './monsterBreakerAudio';
import { GameFx } from './monsterBreakerFx';
import { InputCollector } from './monsterBreakerInput';
import { MonsterBreakerRenderer, Snapshot } from './monsterBreakerRenderer';

const STEP_MS = 1000 / TICKS_PER_SECOND;
/** At most this much time is caught up after a stall (tab in background, debugger), then it is dropped. */
const MAX_CATCH_UP_MS = 250;
const GAME_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'KeyA', 'KeyD', 'Space', 'KeyP', 'Escape']);

export interface MonsterBreakerResult {
  bWon: boolean;
  iScore: number;
  iTicks: number;
  sFinalHash: string;
}

/** What the loop reads afresh on every tick (the component's latest props and pause state). */
export interface LiveProps {
  onTick?: (state: Readonly<GameState>, events: Readonly<GameEvents>) => void;
  onChunk: (chunk: InputChunk) => void;
  onEnd: (result: MonsterBreakerResult) => void;
  autopilot: boolean;
  speed: number;
  paused: boolean;
}

export interface GameHooks {
  live: { readonly current: LiveProps };
  togglePause: () => void;
  /** The page was hidden mid-game: the player pauses. */
  pause: () => void;
  /** The game is over (the field shows its last words). */
  over: () => void;
}

export interface GameElements {
  frame: HTMLDivElement;
  canvas: HTMLCanvasElement;
  backdrop: HTMLCanvasElement;
}

function isEditable(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
  );
}

/** Keyboard, pointer, blur and visibility listeners feeding the InputCollector; answers their removal. */
function listenToPlayer(
  frame: HTMLDivElement,
  renderer: MonsterBreakerRenderer,
  input: InputCollector,
  audio: GameAudio,
  hooks: GameHooks,
  ended: () => boolean,
): () => void {
  const { live } = hooks;
  const onKey = (event: KeyboardEvent) => {
    if (ended() || isEditable(event.target) || !GAME_KEYS.has(event.code)) return;
    const bPauseKey = event.code === 'KeyP' || event.code === 'Escape';
    // while paused only the pause keys are the game's; Space and Enter then work the Resume button
    if (live.current.paused && !bPauseKey) return;
    event.preventDefault();
    audio.unlock();
    if (live.current.autopilot) {
      if (event.type === 'keydown' && bPauseKey) hooks.togglePause();
      return;
    }
    if (input.onKey(event.code, event.type === 'keydown') === 'pause' && !event.repeat) hooks.togglePause();
  };
  const onPointer = (event: PointerEvent) => {
    if (event.pointerType === 'touch' && event.type === 'pointermove' && event.buttons === 0) return;
    input.onPointer(renderer.toFieldX(event.clientX, frame.getBoundingClientRect().left));
  };
  const onPointerDown = (event: PointerEvent) => {
    audio.unlock();
    if (live.current.paused || (event.target instanceof Element && event.target.closest('button'))) return;
    frame.focus({ preventScroll: true });
    onPointer(event);
    input.launch();
  };
  const onBlur = () => input.release();
  const onHidden = () => {
    if (document.hidden && !ended()) hooks.pause();
  };
  window.addEventListener('keydown', onKey);
  window.addEventListener('keyup', onKey);
  window.addEventListener('blur', onBlur);
  document.addEventListener('visibilitychange', onHidden);
  frame.addEventListener('pointermove', onPointer);
  frame.addEventListener('pointerdown', onPointerDown);
  return () => {
    window.removeEventListener('keydown', onKey);
    window.removeEventListener('keyup', onKey);
    window.removeEventListener('blur', onBlur);
    document.removeEventListener('visibilitychange', onHidden);
    frame.removeEventListener('pointermove', onPointer);
    frame.removeEventListener('pointerdown', onPointerDown);
  };
}

/** The renderer follows the frame's size, the effects the reduced-motion preference; answers their removal. */
function watchView(frame: HTMLDivElement, renderer: MonsterBreakerRenderer, fx: GameFx): () => void {
  const motionQuery = window.matchMedia('(prefers-reduced-motion: reduce)');
  const onMotion = () => {
    fx.bReducedMotion = motionQuery.matches;
    if (fx.bReducedMotion) fx.clear();
  };
  onMotion();
  motionQuery.addEventListener('change', onMotion);
  const resize = () => {
    const rect = frame.getBoundingClientRect();
    renderer.resize(rect.width, rect.height, Math.min(window.devicePixelRatio || 1, 3));
  };
  resize();
  const observer = new ResizeObserver(resize);
  observer.observe(frame);
  return () => {
    observer.disconnect();
    motionQuery.removeEventListener('change', onMotion);
  };
}

/** Starts one game on the frame's canvases; answers the function that stops it (the audio is the caller's). */
export function startGame(
  seed: number,
  gameConfig: Partial<GameConfig>,
  { frame, canvas, backdrop }: GameElements,
  audio: GameAudio,
  hooks: GameHooks,
): () => void {
  const { live } = hooks;
  const state = createGame(seed, gameConfig);
  const events = createEvents();
  const recorder = new ChunkRecorder();
  const input = new InputCollector();
  const prev = new Snapshot();
  const fx = new GameFx();
  const renderer = new MonsterBreakerRenderer(canvas, backdrop);
  prev.capture(state);
  // canvas text does not make the browser fetch a web font; ask for the display face explicitly
  void document.fonts?.load('700 16px Cinzel').catch(() => undefined);

  let raf = 0;
  let last = performance.now();
  let acc = 0;
  let ended = false;
  const stopView = watchView(frame, renderer, fx);
  const stopInput = listenToPlayer(frame, renderer, input, audio, hooks, () => ended);

  const tick = () => {
    prev.capture(state);
    const tickInput = live.current.autopilot ? autopilotInput(state) : input.next();
    step(state, tickInput, events);
    recorder.push(tickInput);
    fx.onEvents(events);
    audio.play(events);
    live.current.onTick?.(state, events);
    const over = isOver(state);
    if (recorder.bFull || over) {
      const chunk = recorder.flush(state);
      if (chunk) live.current.onChunk(chunk);
    }
    if (over && !ended) {
      ended = true;
      hooks.over();
      live.current.onEnd({
        bWon: state.iPhase === Phase.Won,
        iScore: state.iScore,
        iTicks: state.iTick,
        sFinalHash: hashState(state),
      });
    }
  };

  const frameLoop = (now: number) => {
    raf = requestAnimationFrame(frameLoop);
    const dt = Math.min(now - last, MAX_CATCH_UP_MS);
    last = now;
    if (live.current.paused || ended) acc = 0;
    else {
      acc += dt * Math.max(1, live.current.speed);
      while (acc >= STEP_MS && !ended) {
        tick();
        acc -= STEP_MS;
      }
    }
    fx.update(live.current.paused ? 0 : dt / 1000);
    renderer.draw(state, prev, ended ? 1 : acc / STEP_MS, now, fx);
  };
  raf = requestAnimationFrame(frameLoop);

  return () => {
    cancelAnimationFrame(raf);
    stopView();
    stopInput();
  };
}
