import { describe, expect, it } from 'vitest';
import { chunkRun, joinChunks, verifyRun } from './chunks';
import { fnv1a64, hashState } from './hash';
import { decodeInputLog, encodeInputLog } from './inputLog';
import { replay } from './replay';
import { cloneState } from './state';
import { createGame, step } from './step';
import { playAutopilot } from './testSupport';

describe('monster breaker determinism', () => {
  const seed = 12345;
  const { aInputs, state } = playAutopilot(seed, {}, 6000);

  it('gives the same hash for the same seed and inputs, every time', () => {
    const first = hashState(replay(seed, {}, aInputs));
    const second = hashState(replay(seed, {}, aInputs));
    expect(first).toBe(hashState(state));
    expect(second).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{16}$/);
  });

  it('survives a JSON round trip of the encoded log and of its chunks', () => {
    const log = JSON.parse(JSON.stringify({ sLog: encodeInputLog(aInputs) })) as { sLog: string };
    expect(hashState(replay(seed, {}, log.sLog))).toBe(hashState(state));
    const chunks = JSON.parse(JSON.stringify(chunkRun(seed, {}, aInputs)));
    expect(Array.from(joinChunks(chunks))).toEqual(aInputs);
    expect(verifyRun(seed, {}, chunks)).toMatchObject({ bValid: true, sFinalHash: hashState(state) });
  });

  it('depends on the seed and on the config', () => {
    const inputs = decodeInputLog(encodeInputLog(aInputs));
    expect(hashState(replay(seed + 1, {}, inputs))).not.toBe(hashState(state));
    expect(hashState(replay(seed, { iLives: 4 }, inputs))).not.toBe(hashState(state));
  });

  it('does not share mutable state between games or clones', () => {
    const a = createGame(7);
    const b = cloneState(a);
    for (let i = 0; i < 400; i++) step(a, 4 | (i & 1 ? 1 : 2));
    expect(hashState(b)).toBe(hashState(createGame(7)));
    expect(hashState(a)).not.toBe(hashState(b));
  });

  it('computes FNV-1a 64 exactly (published test vectors)', () => {
    const bytes = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
    expect(fnv1a64([])).toBe('cbf29ce484222325');
    expect(fnv1a64(bytes('a'))).toBe('af63dc4c8601ec8c');
    expect(fnv1a64(bytes('foobar'))).toBe('85944171f73967e8');
  });
});
