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
 * a ChunkLoadError that the route error screen turns into a recoverable "reload" page.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  const chunk = ++chunkCounter;
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), CHUNK_TIMEOUT_MS);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: module.default };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError(chunk, error);
    } finally {
      clearTimeout(timer);
    }
  };
}
