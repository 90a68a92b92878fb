import {
  type DrandRound,
  drandRoundAt,
  drandRoundTime,
  QUICKNET_CHAIN_INFO,
  verifyDrandRound,
} from '../../../protocol/drand';

/**
 * The optional public beacon of a draw (docs/raffle-draw.md §8): a drand quicknet round published
 * after entries close, committed to at opening. Off by default (these machines reach no beacon);
 * the draw then waits for the round, fetched from drand's HTTP API or handed in by an operator.
 */
export const CHAIN = QUICKNET_CHAIN_INFO;

/** The round a raffle closing at `closesAt` (ms) commits to: the first one published after it. */
export function beaconRoundFor(closesAt: number): number {
  return drandRoundAt(CHAIN, Math.floor(closesAt / 1000) + 1);
}

/** Milliseconds at which a round is published. */
export function beaconRoundTime(round: number): number {
  return drandRoundTime(CHAIN, round) * 1000;
}

/** Where a draw gets its round from: the network, or a test's recorded rounds. */
export type BeaconSource = (round: number) => Promise<DrandRound | null>;

/** drand's HTTP API (v2 path); null when unreachable or not published yet. */
export function httpBeaconSource(baseUrl: string, timeoutMs = 5000): BeaconSource {
  return async (round) => {
    try {
      const response = await fetch(`${baseUrl.replace(/\/$/, '')}/v2/beacons/quicknet/rounds/${round}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as { round?: number; signature?: string };
      return typeof body.signature === 'string' ? { round, signature: body.signature } : null;
    } catch {
      return null;
    }
  };
}

/** The beacon randomness of a round that verifies under the chain key, or the reason it does not. */
export function checkBeacon(expectedRound: number, round: DrandRound): { randomness: string } | { problem: string } {
  if (round.round !== expectedRound)
    return { problem: `the draw is committed to round ${expectedRound}, not ${round.round}` };
  const verified = verifyDrandRound(CHAIN, round);
  return verified.bValid ? { randomness: verified.sRandomnessHex } : { problem: verified.sReason };
}
