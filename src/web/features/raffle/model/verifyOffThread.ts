import { type VerifyCheck, verifyRaffle } from './verification';
import type { VerifyRequest } from './verify.worker';

export interface VerifyResult {
  checks: VerifyCheck[];
  /** Time spent checking (not counting the transfer to the worker). */
  ms: number;
}

async function verifyHere(input: VerifyRequest): Promise<VerifyResult> {
  const verifyBeacon = input.raffle.pBeacon ? (await import('../../../../protocol/drand')).verifyDrawBeacon : undefined;
  const began = performance.now();
  const checks = verifyRaffle({ ...input, verifyBeacon });
  return { checks, ms: performance.now() - began };
}

/**
 * The checks in a worker; on the main thread for a beacon draw (its BLS code loads only then) or
 * where a worker cannot start (an old browser, assets served from another origin).
 */
export function verifyOffThread(input: VerifyRequest): Promise<VerifyResult> {
  if (input.raffle.pBeacon) return verifyHere(input);
  let worker: Worker;
  try {
    worker = new Worker(new URL('./verify.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return verifyHere(input);
  }
  return new Promise((resolve) => {
    worker.onmessage = (event: MessageEvent<VerifyResult>) => {
      worker.terminate();
      resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      resolve(verifyHere(input));
    };
    worker.postMessage(input);
  });
}
