import { ErrorCode } from '../../../protocol/errors';
import type { FinishRunAnswer, SubmitChunkAnswer } from '../../../protocol/games';
import { type InputChunk, RunVerifier } from '../../../protocol/monsterBreaker/chunks';
import { TICKS_PER_SECOND } from '../../../protocol/monsterBreaker/constants';
import { decodeInputLog } from '../../../protocol/monsterBreaker/inputLog';
import type { SessionUser } from '../../capability';
import { fail } from '../../http/actions';
import type { Clock } from '../../shared/clock';
import { abandonRun, findRun, ownRun, type RunRow, refuseRun, runResult } from './runs';
import type { GamesDb } from './tables';
import { settleRun } from './wins';

/** The longest chunk accepted: the browser sends about 2 s (CHUNK_TICKS); 10 s leaves room. */
export const MAX_CHUNK_TICKS = 10 * TICKS_PER_SECOND;
/** Timers and the network may make a run look a little faster than it was; never more than this. */
export const WALL_CLOCK_SLACK_MS = 1500;
const CACHED_RUNS = 5000;

/**
 * The earliest a run may have reached `tick`, in ms after its start: N ticks take N/60 s of play
 * (divided by the speed a test server allows), less the slack.
 */
export function minPlayMs(tick: number, speedLimit: number): number {
  return (tick * 1000) / (TICKS_PER_SECOND * speedLimit) - WALL_CLOCK_SLACK_MS;
}

/** The protocol code of a RunVerifier refusal ('hash-mismatch: …'). */
export function refusalCode(reason: string): number {
  const kind = reason.slice(0, reason.indexOf(':'));
  if (kind === 'hash-mismatch') return ErrorCode.RUN_FORGED;
  if (kind === 'bad-seed') return ErrorCode.RUN_WRONG_SEED;
  if (kind === 'bad-start' || kind === 'gap') return ErrorCode.RUN_OUT_OF_ORDER;
  return ErrorCode.RUN_IMPOSSIBLE;
}

class Conflict extends Error {}

export type ChunkSubmission = InputChunk & { iSeed: number };

/**
 * Replays runs as their chunks arrive (docs/product.md §15). Each live run keeps its RunVerifier
 * in memory, so a chunk costs only its own ticks; another instance, or this one after a restart,
 * rebuilds it from the stored chunks (a 10-minute run replays in a few ms). The database is the
 * truth: progress moves only with a conditional update, so two requests for the same run, here or
 * on two servers, never both advance it. Chunks of one run are handled one at a time per process.
 */
export class RunReplays {
  private readonly verifiers = new Map<number, RunVerifier>();
  private readonly queues = new Map<number, Promise<unknown>>();

  constructor(private readonly deps: { db: GamesDb; clock: Clock; speedLimit: number }) {}

  submit(
    runId: number,
    key: string,
    session: () => Promise<SessionUser | null>,
    chunk: ChunkSubmission,
  ): Promise<SubmitChunkAnswer | ReturnType<typeof fail>> {
    return this.oneAtATime(runId, async () => {
      const owned = await ownRun(this.deps.db, runId, key, session);
      if ('code' in owned) return fail(owned.code);
      const { run } = owned;
      if (chunk.iFromTick < run.ticks) return this.resent(run, chunk);
      if (run.status === 'refused') return fail(run.refusedCode ?? ErrorCode.RUN_FORGED);
      if (run.status !== 'playing') return fail(ErrorCode.RUN_CLOSED);
      if (chunk.iSeed !== run.seed) {
        return this.refuse(run, ErrorCode.RUN_WRONG_SEED, `played seed ${chunk.iSeed}, run seed ${run.seed}`);
      }
      if (chunk.iFromTick > run.ticks) return fail(ErrorCode.RUN_OUT_OF_ORDER);

      let ticks: number;
      try {
        ticks = decodeInputLog(chunk.sInputs, MAX_CHUNK_TICKS).length;
      } catch (error) {
        return this.refuse(run, ErrorCode.RUN_IMPOSSIBLE, (error as Error).message);
      }
      const now = this.deps.clock.now();
      const end = run.ticks + ticks;
      if (now - run.startedAt < minPlayMs(end, this.deps.speedLimit)) {
        return this.refuse(run, ErrorCode.RUN_TOO_FAST, `tick ${end} after ${now - run.startedAt} ms`);
      }

      const verifier = await this.verifierOf(run);
      const refusal = verifier.accept(chunk);
      if (refusal !== undefined) return this.refuse(run, refusalCode(refusal), refusal);
      const verdict = verifier.verdict();
      try {
        await this.deps.db.transaction().execute(async (trx) => {
          const stored = await trx
            .insertInto('game_run_chunk')
            .values({
              run_id: run.id,
              from_tick: chunk.iFromTick,
              to_tick: verdict.iTicks,
              inputs: chunk.sInputs,
              state_hash: chunk.sStateHash,
              received_at: now,
            })
            .onConflict((oc) => oc.columns(['run_id', 'from_tick']).doNothing())
            .returning('run_id')
            .executeTakeFirst();
          const moved = await trx
            .updateTable('game_run')
            .set({
              ticks: verdict.iTicks,
              score: verdict.iScore,
              level: verdict.iLevel,
              state_hash: verdict.sFinalHash,
              updated_at: now,
            })
            .where('id', '=', run.id)
            .where('status', '=', 'playing')
            .where('ticks', '=', run.ticks)
            .executeTakeFirst();
          if (!stored || Number(moved.numUpdatedRows) !== 1) throw new Conflict();
          if (verdict.bOver) await settleRun(trx, run, verdict, now);
        });
      } catch (error) {
        this.verifiers.delete(run.id);
        if (error instanceof Conflict) return fail(ErrorCode.RUN_OUT_OF_ORDER);
        throw error;
      }
      if (verdict.bOver) this.verifiers.delete(run.id);
      else this.remember(run.id, verifier);
      return {
        iErrorCode: ErrorCode.OK,
        iTick: verdict.iTicks,
        bOver: verdict.bOver,
        pResult: verdict.bOver ? await this.resultOf(run.id) : null,
      };
    });
  }

  /** The player is done with a run: one still in play ends as abandoned. Answers its result. */
  finish(
    runId: number,
    key: string,
    session: () => Promise<SessionUser | null>,
  ): Promise<FinishRunAnswer | ReturnType<typeof fail>> {
    return this.oneAtATime(runId, async () => {
      const owned = await ownRun(this.deps.db, runId, key, session);
      if ('code' in owned) return fail(owned.code);
      if (owned.run.status === 'playing') {
        await abandonRun(this.deps.db, runId, this.deps.clock.now());
        this.verifiers.delete(runId);
      }
      return { iErrorCode: ErrorCode.OK, pResult: await this.resultOf(runId) };
    });
  }

  /** A chunk sent again (its answer was lost): the same chunk is answered like the first time, another refused. */
  private async resent(run: RunRow, chunk: ChunkSubmission): Promise<SubmitChunkAnswer | ReturnType<typeof fail>> {
    const stored = await this.deps.db
      .selectFrom('game_run_chunk')
      .select(['inputs', 'state_hash'])
      .where('run_id', '=', run.id)
      .where('from_tick', '=', chunk.iFromTick)
      .executeTakeFirst();
    if (!stored || stored.inputs !== chunk.sInputs || stored.state_hash !== chunk.sStateHash) {
      return fail(ErrorCode.RUN_OUT_OF_ORDER);
    }
    const over = run.status !== 'playing';
    return {
      iErrorCode: ErrorCode.OK,
      iTick: run.ticks,
      bOver: over,
      pResult: over ? await runResult(this.deps.db, run) : null,
    };
  }

  private async refuse(run: RunRow, code: number, reason: string) {
    this.verifiers.delete(run.id);
    await refuseRun(this.deps.db, { id: run.id, code, reason, now: this.deps.clock.now() });
    return fail(code);
  }

  private async resultOf(runId: number) {
    const run = await findRun(this.deps.db, runId);
    if (!run) throw new Error(`run ${runId} vanished`);
    return runResult(this.deps.db, run);
  }

  /** The run's verifier at its stored progress: the cached one, or one rebuilt from its chunks. */
  private async verifierOf(run: RunRow): Promise<RunVerifier> {
    const cached = this.verifiers.get(run.id);
    if (cached && cached.state.iTick === run.ticks) return cached;
    const verifier = new RunVerifier(run.seed, run.config);
    const chunks = await this.deps.db
      .selectFrom('game_run_chunk')
      .select(['from_tick', 'inputs', 'state_hash'])
      .where('run_id', '=', run.id)
      .orderBy('from_tick')
      .execute();
    for (const stored of chunks) {
      const refusal = verifier.accept({
        iFromTick: Number(stored.from_tick),
        sInputs: stored.inputs,
        sStateHash: stored.state_hash,
      });
      if (refusal !== undefined) throw new Error(`stored chunks of run ${run.id} no longer replay: ${refusal}`);
    }
    if (verifier.state.iTick !== run.ticks) throw new Error(`stored chunks of run ${run.id} end before its progress`);
    return verifier;
  }

  private remember(runId: number, verifier: RunVerifier): void {
    this.verifiers.delete(runId);
    this.verifiers.set(runId, verifier);
    if (this.verifiers.size > CACHED_RUNS) {
      const oldest = this.verifiers.keys().next().value;
      if (oldest !== undefined) this.verifiers.delete(oldest);
    }
  }

  private oneAtATime<T>(runId: number, work: () => Promise<T>): Promise<T> {
    const before = this.queues.get(runId) ?? Promise.resolve();
    const result = before.then(work, work);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(runId, settled);
    void settled.then(() => {
      if (this.queues.get(runId) === settled) this.queues.delete(runId);
    });
    return result;
  }
}
