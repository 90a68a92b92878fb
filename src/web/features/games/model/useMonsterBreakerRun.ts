import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ErrorCode } from '../../../../protocol/errors';
import type { RunResult, StartRunAnswer } from '../../../../protocol/games';
import type { InputChunk } from '../../../../protocol/monsterBreaker/chunks';
import { forgetGuest, loadGuest, saveGuest } from '../../../lib/guest';
import { memberKeys } from '../../../lib/memberData';
import { finishRun, gamesKeys, startRun, submitChunk } from '../api/games';
import type { MonsterBreakerResult } from '../components/MonsterBreakerCanvas';
import { type ChunkFailure, ChunkQueue } from './chunkQueue';

/** Where a run of Monster Breaker is, as the player sees it. */
export type RunView =
  | { phase: 'starting' }
  | { phase: 'playing'; run: StartRunAnswer; iVerifiedTick: number }
  /** The game ended in the browser; the server is replaying the last chunks. */
  | { phase: 'confirming'; run: StartRunAnswer; local: MonsterBreakerResult }
  | { phase: 'done'; run: StartRunAnswer; result: RunResult }
  /** The server refused the run (iErrorCode), or could not be reached (0). */
  | { phase: 'refused'; run: StartRunAnswer; failure: ChunkFailure }
  | { phase: 'failed'; iErrorCode: number | null; sMessage?: string };

/** startRun with this browser's guest; a guest the server no longer knows (registered since) is dropped for a new one. */
async function begin(): Promise<StartRunAnswer | { iErrorCode: number | null; sMessage?: string }> {
  const guest = loadGuest();
  let answer = await startRun(guest);
  if (guest && answer?.iErrorCode === ErrorCode.GUEST_INVALID) {
    forgetGuest();
    answer = await startRun(null);
  }
  if (!answer) return { iErrorCode: null };
  if (answer.iErrorCode !== 0) return answer;
  if (answer.sGuestPassword) {
    saveGuest({ iGuestUserID: answer.iGuestUserID, sGuestPassword: answer.sGuestPassword, bBeatDemo: false });
  }
  return answer;
}

/**
 * One run of Monster Breaker against the game service (docs/product.md §15): a server-issued seed,
 * the chunks sent as the game goes, and the verified result when it ends. A new `attempt` starts
 * a new run; leaving mid-game tells the server the run is over.
 */
export function useMonsterBreakerRun(attempt: number) {
  const queryClient = useQueryClient();
  const [view, setView] = useState<RunView>({ phase: 'starting' });
  const current = useRef<{ run: StartRunAnswer; queue: ChunkQueue; ended: boolean } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each attempt is a new run
  useEffect(() => {
    let cancelled = false;
    setView({ phase: 'starting' });
    begin().then((answer) => {
      if (cancelled) {
        if ('iRunID' in answer) void finishRun(answer);
        return;
      }
      if (!('iRunID' in answer)) {
        setView({ phase: 'failed', iErrorCode: answer.iErrorCode, sMessage: answer.sMessage });
        return;
      }
      const run = answer;
      const queue = new ChunkQueue((chunk) => submitChunk(run, chunk), {
        onAccepted: (accepted) =>
          setView((v) => (v.phase === 'playing' && v.run === run ? { ...v, iVerifiedTick: accepted.iTick } : v)),
        onFailure: (failure) => setView({ phase: 'refused', run, failure }),
      });
      current.current = { run, queue, ended: false };
      setView({ phase: 'playing', run, iVerifiedTick: 0 });
    });
    return () => {
      cancelled = true;
      const live = current.current;
      current.current = null;
      // leaving mid-game: the run ends here (best effort)
      if (live && !live.ended) void finishRun(live.run);
    };
  }, [attempt]);

  const onChunk = useCallback((chunk: InputChunk) => current.current?.queue.push(chunk), []);

  const onEnd = useCallback(
    async (local: MonsterBreakerResult) => {
      const live = current.current;
      if (!live) return;
      live.ended = true;
      const { run, queue } = live;
      setView((v) => (v.phase === 'refused' ? v : { phase: 'confirming', run, local }));
      const outcome = await queue.settled();
      if (outcome.failure) return;
      const finished = await finishRun(run);
      const result = finished?.iErrorCode === 0 ? finished.pResult : outcome.last?.pResult;
      if (!result) {
        setView({
          phase: 'refused',
          run,
          failure: { iErrorCode: finished?.iErrorCode ?? 0, sMessage: finished?.sMessage },
        });
        return;
      }
      if (result.bGuest && result.sStatus === 'won') {
        const guest = loadGuest();
        if (guest) saveGuest({ ...guest, bBeatDemo: true });
      }
      setView({ phase: 'done', run, result });
      // the best score, the leaderboard, and the Agent's popup (pUserData.pNFT) changed
      void queryClient.invalidateQueries({ queryKey: gamesKeys.all });
      void queryClient.invalidateQueries({ queryKey: memberKeys.all });
    },
    [queryClient],
  );

  /** The player walks away: the server closes the run (it counts for nothing). */
  const quit = useCallback(async () => {
    const live = current.current;
    if (!live || live.ended) return;
    live.ended = true;
    await finishRun(live.run);
  }, []);

  return { view, onChunk, onEnd, quit };
}
