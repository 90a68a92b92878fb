import type { ComponentType } from 'react';
import { CHUNK_TIMEOUT_MS } from '../config';

let chunkCounter = 0;

/** A chunk that did not arrive in time (docs/product.md §8: "Loading chunk N failed", ChunkLoadError). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
  constructor(
    chunk: number | string,
    override readonly cause?: unknown,
  ) {
    super(`Loading chunk ${chunk} failed.`);
  }
}

/**
 * Wraps a screen's dynamic import for the router's `lazy`: a 120 s timeout, and any failure becomes
 * a ChunkLoadError that the route error screen turns into a recoverable "reload" page. The screen's
 * `loader`, if it exports one, runs when the route is entered.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType; loader?: () => null }>) {
  const chunk = ++chunkCounter;
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), CHUNK_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      // A screen may start its data with the route (a `loader` that only prefetches, answering null).
      return module.loader ? { Component: module.default, loader: module.loader } : { Component: module.default };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk, error);
    } finally {
      clearTimeout(timer);
    }
  };
}
