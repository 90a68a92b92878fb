import { describe, expect, it } from 'vitest';
import type { SubmitChunkAnswer } from '../../../../protocol/games';
import type { InputChunk } from '../../../../protocol/monsterBreaker/chunks';
import { type ChunkAnswer, ChunkQueue } from './chunkQueue';

const chunk = (iFromTick: number): InputChunk => ({ iFromTick, sInputs: 'AA', sStateHash: '0'.repeat(16) });
const accepted = (iTick: number, bOver = false): SubmitChunkAnswer => ({ iErrorCode: 0, iTick, bOver, pResult: null });
const noPause = async () => {};

describe('the chunk queue', () => {
  it('sends chunks one at a time, in order, and settles after the last', async () => {
    const sent: number[] = [];
    let inFlight = 0;
    const queue = new ChunkQueue(
      async (c) => {
        inFlight++;
        expect(inFlight).toBe(1);
        await new Promise((resolve) => setTimeout(resolve, 2));
        inFlight--;
        sent.push(c.iFromTick);
        return accepted(c.iFromTick + 120, c.iFromTick === 240);
      },
      { sleep: noPause },
    );
    for (const from of [0, 120, 240]) queue.push(chunk(from));
    const outcome = await queue.settled();
    expect(sent).toEqual([0, 120, 240]);
    expect(outcome).toEqual({ last: accepted(360, true), failure: null });
  });

  it('sends a chunk again when the network or the transport fails, not when the server refuses', async () => {
    const answers: ChunkAnswer[] = [null, { iErrorCode: 502 }, accepted(120), { iErrorCode: 50, sMessage: 'forged' }];
    const calls: number[] = [];
    const failures: unknown[] = [];
    const queue = new ChunkQueue(
      async (c) => {
        calls.push(c.iFromTick);
        return answers.shift() ?? null;
      },
      { sleep: noPause, onFailure: (f) => failures.push(f) },
    );
    queue.push(chunk(0));
    queue.push(chunk(120));
    queue.push(chunk(240));
    const outcome = await queue.settled();
    expect(calls).toEqual([0, 0, 0, 120]);
    expect(outcome.failure).toEqual({ iErrorCode: 50, sMessage: 'forged' });
    expect(failures).toHaveLength(1);
    // a failed queue takes no more chunks
    queue.push(chunk(360));
    expect((await queue.settled()).last?.iTick).toBe(120);
    expect(calls).toHaveLength(4);
  });

  it('gives up after its attempts when the server stays out of reach', async () => {
    let calls = 0;
    const queue = new ChunkQueue(
      async () => {
        calls++;
        return null;
      },
      { sleep: noPause, attempts: 3 },
    );
    queue.push(chunk(0));
    expect((await queue.settled()).failure).toEqual({ iErrorCode: 0 });
    expect(calls).toBe(3);
  });
});
