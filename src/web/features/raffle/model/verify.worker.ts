/**
 * Runs the Verify panel's checks off the main thread, so the page stays responsive while a large
 * draw (100,000 entrants) is hashed and replayed. Same module, same checks as in the page. Draws
 * with a beacon are checked in the page instead: the BLS code stays out of this worker.
 */
import { type VerifyInput, verifyRaffle } from './verification';

export type VerifyRequest = Omit<VerifyInput, 'verifyBeacon'>;

self.onmessage = (event: MessageEvent<VerifyRequest>) => {
  const began = performance.now();
  const checks = verifyRaffle(event.data);
  self.postMessage({ checks, ms: performance.now() - began });
};
