import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import { minPlayMs, refusalCode, WALL_CLOCK_SLACK_MS } from './replays';

describe('the run replay rules', () => {
  it('lets N ticks arrive no sooner than N/60 s after the start, less the slack', () => {
    expect(minPlayMs(60, 1)).toBe(1000 - WALL_CLOCK_SLACK_MS);
    expect(minPlayMs(36_000, 1)).toBe(600_000 - WALL_CLOCK_SLACK_MS);
    // a test server that accepts 60× fast-forward
    expect(minPlayMs(36_000, 60)).toBe(10_000 - WALL_CLOCK_SLACK_MS);
  });

  it("names each kind of RunVerifier refusal with the protocol's code", () => {
    expect(refusalCode('hash-mismatch: chunk 3')).toBe(ErrorCode.RUN_FORGED);
    expect(refusalCode('bad-log: invalid input 3 at tick 0')).toBe(ErrorCode.RUN_IMPOSSIBLE);
    expect(refusalCode('after-end: inputs after the game ended')).toBe(ErrorCode.RUN_IMPOSSIBLE);
    expect(refusalCode('too-long: log longer')).toBe(ErrorCode.RUN_IMPOSSIBLE);
    expect(refusalCode('empty-chunk: chunk has no ticks')).toBe(ErrorCode.RUN_IMPOSSIBLE);
    expect(refusalCode('gap: chunk starts at 5')).toBe(ErrorCode.RUN_OUT_OF_ORDER);
    expect(refusalCode('bad-seed: seed -1')).toBe(ErrorCode.RUN_WRONG_SEED);
  });
});
