import type { FastifyInstance } from 'fastify';
import { mintPendingItems } from '../core/rewards/index';
import type { Deps } from '../deps';

/**
 * The mint queue (DESIGN.md §4): items wait a short delay after their grant, then get the next
 * token id of their collection. In-process timer; with several instances the unique
 * (collection, token) index makes a colliding batch fail and retry on the next tick.
 */
export interface MintOptions {
  /** How old an item must be before it is minted. */
  delayMs: number;
  intervalMs: number;
  batchSize: number;
}

/** One pass of the queue: how many items got a token id. */
export function mintTick(deps: Pick<Deps, 'db' | 'clock'>, options: Pick<MintOptions, 'delayMs' | 'batchSize'>) {
  return mintPendingItems(deps.db, { now: deps.clock.now(), delayMs: options.delayMs, batchSize: options.batchSize });
}

export interface MintQueue {
  stop(): Promise<void>;
}

/** Starts ticking (call before the app is ready); stops with the app (onClose) or stop(). Ticks never overlap. */
export function startMintQueue(
  app: FastifyInstance,
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  options: MintOptions = deps.config.mint,
): MintQueue {
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running.then(() =>
      stopped
        ? 0
        : mintTick(deps, options).catch((error: unknown) => app.log.warn({ err: error }, 'mint tick failed; retrying')),
    );
  }, options.intervalMs);
  timer.unref();
  const stop = async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
  app.addHook('onClose', stop);
  return { stop };
}
