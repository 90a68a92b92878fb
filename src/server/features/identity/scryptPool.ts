import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keylen: number;
  options: ScryptOptions;
}

interface Pending {
  job: ScryptJob;
  resolve(key: Buffer): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  pending: Pending | null;
  /** Closed while hashing: stops once its hash is answered. */
  retiring: boolean;
  exited: Promise<void>;
}

const workerModule = new URL('./scryptWorker.mjs', import.meta.url);

/**
 * scrypt in worker threads, one hash per worker at a time, with a queue on the main side.
 * Workers start on first use; an idle one is unref'd, so it never keeps the process alive.
 * A worker that fails rejects its hash (never a hang) and is replaced by the next hash.
 */
export class ScryptPool {
  readonly #size: number;
  readonly #spawn: () => Worker;
  readonly #slots = new Set<Slot>();
  readonly #queue: Pending[] = [];

  constructor(options: { size: number; spawn?: () => Worker }) {
    this.#size = Math.max(1, options.size);
    this.#spawn = options.spawn ?? (() => new Worker(workerModule));
  }

  /** Live workers (for tests). */
  get workers(): number {
    return this.#slots.size;
  }

  hash(job: ScryptJob): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ job, resolve, reject });
      this.#pump();
    });
  }

  /**
   * Stops every worker: idle ones now, busy ones once their hash is answered. Hashes still queued
   * (another app of this process) start new workers, so nothing in flight is lost.
   */
  async close(): Promise<void> {
    const exits: Promise<void>[] = [];
    for (const slot of this.#slots) {
      slot.retiring = true;
      exits.push(slot.exited);
      if (!slot.pending) void slot.worker.terminate();
    }
    await Promise.all(exits);
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      const slot = this.#idleSlot() ?? (this.#slots.size < this.#size ? this.#start() : null);
      if (!slot) return;
      const pending = this.#queue.shift() as Pending;
      slot.pending = pending;
      slot.worker.ref();
      // A small Buffer is a view of Node's shared 8 KB pool, which would be cloned whole: copy the salt.
      slot.worker.postMessage({ ...pending.job, salt: new Uint8Array(pending.job.salt) });
    }
  }

  #idleSlot(): Slot | null {
    for (const slot of this.#slots) if (!slot.pending && !slot.retiring) return slot;
    return null;
  }

  #start(): Slot {
    const worker = this.#spawn();
    worker.unref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const slot: Slot = { worker, pending: null, retiring: false, exited };
    this.#slots.add(slot);
    worker.on('message', (answer: { key?: Uint8Array; error?: Error }) => {
      const pending = slot.pending;
      slot.pending = null;
      worker.unref();
      if (slot.retiring) void worker.terminate();
      if (answer.key) pending?.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.byteLength));
      else pending?.reject(answer.error instanceof Error ? answer.error : new Error('scrypt failed'));
      this.#pump();
    });
    worker.on('error', (error) => this.#fail(slot, error));
    worker.on('exit', (code) => this.#fail(slot, new Error(`password hashing worker stopped (exit code ${code})`)));
    return slot;
  }

  /** A worker that threw or stopped: its hash is rejected, and it leaves the pool. */
  #fail(slot: Slot, error: Error): void {
    if (!this.#slots.delete(slot)) return;
    slot.pending?.reject(error);
    slot.pending = null;
    void slot.worker.terminate();
    this.#pump();
  }
}
