import type { SubmitChunkAnswer } from '../../../../protocol/games';
import type { InputChunk } from '../../../../protocol/monsterBreaker/chunks';

/** An answer of submitChunk: accepted, refused with a code, or nothing at all (the network). */
export type ChunkAnswer = SubmitChunkAnswer | { iErrorCode: number; sMessage?: string } | null;

export interface ChunkFailure {
  /** The refusal's iErrorCode; 0 when the server could not be reached. */
  iErrorCode: number;
  sMessage?: string;
}

export interface QueueOutcome {
  /** The answer to the last chunk accepted (its pResult is set once the run is over). */
  last: SubmitChunkAnswer | null;
  failure: ChunkFailure | null;
}

interface Options {
  /** Attempts per chunk when the network or the server's transport fails (HTTP statuses). */
  attempts?: number;
  firstRetryMs?: number;
  onAccepted?(answer: SubmitChunkAnswer): void;
  onFailure?(failure: ChunkFailure): void;
  sleep?(ms: number): Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a run's chunks to the server one at a time, in order, while the game goes on. A chunk the
 * network lost is sent again (the server answers a repeat like the first time); an application
 * refusal (a forged or impossible run) stops the queue for good.
 */
export class ChunkQueue {
  private readonly pending: InputChunk[] = [];
  private sending = false;
  private last: SubmitChunkAnswer | null = null;
  private failure: ChunkFailure | null = null;
  private idle: Array<() => void> = [];
  private readonly attempts: number;
  private readonly firstRetryMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly send: (chunk: InputChunk) => Promise<ChunkAnswer>,
    private readonly options: Options = {},
  ) {
    this.attempts = options.attempts ?? 6;
    this.firstRetryMs = options.firstRetryMs ?? 500;
    this.sleep = options.sleep ?? wait;
  }

  push(chunk: InputChunk): void {
    if (this.failure) return;
    this.pending.push(chunk);
    void this.pump();
  }

  /** Settles once every chunk pushed so far is answered, or the queue failed. */
  settled(): Promise<QueueOutcome> {
    if (!this.sending) return Promise.resolve(this.outcome());
    return new Promise((resolve) => this.idle.push(() => resolve(this.outcome())));
  }

  private outcome(): QueueOutcome {
    return { last: this.last, failure: this.failure };
  }

  private async pump(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    while (this.pending.length > 0 && !this.failure) {
      const answer = await this.deliver(this.pending[0] as InputChunk);
      if (answer && answer.iErrorCode === 0 && 'iTick' in answer) {
        this.pending.shift();
        this.last = answer;
        this.options.onAccepted?.(answer);
      } else {
        this.failure = answer ? { iErrorCode: answer.iErrorCode, sMessage: answer.sMessage } : { iErrorCode: 0 };
        this.pending.length = 0;
        this.options.onFailure?.(this.failure);
      }
    }
    this.sending = false;
    const waiting = this.idle;
    this.idle = [];
    for (const resolve of waiting) resolve();
  }

  /** One chunk, again after a growing pause while the answer is missing or a transport status. */
  private async deliver(chunk: InputChunk): Promise<ChunkAnswer> {
    let answer: ChunkAnswer = null;
    for (let attempt = 0; attempt < this.attempts; attempt++) {
      if (attempt > 0) await this.sleep(this.firstRetryMs * 2 ** (attempt - 1));
      answer = await this.send(chunk).catch(() => null);
      if (answer && answer.iErrorCode < 100) return answer;
    }
    return answer;
  }
}
