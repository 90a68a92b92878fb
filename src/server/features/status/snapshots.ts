import type { StatusInstance } from '../../../protocol/status';
import type { Config } from '../../config';
import type { JobRunRecord } from '../../http/instanceFigures';
import type { Bus } from '../../shared/bus';
import type { Clock } from '../../shared/clock';
import type { InstanceProbe } from '../../shared/instance';
import { listLeases } from '../../shared/lease';
import type { StatusDb } from './tables';

/**
 * Every instance publishes a small snapshot of itself each STATUS_INTERVAL_MS (the `status` job):
 * over the Redis bus when there is one (each instance keeps what it hears), else as a heartbeat
 * row in the database. A snapshot older than three intervals is an instance that left: it drops
 * out of the list (and its row is deleted). Shutdown publishes a last one, "draining", at once.
 */
export const STATUS_TOPIC = 'status.snapshot';
/** Intervals without a snapshot after which an instance has left. */
export const MISSED_INTERVALS = 3;

export interface Snapshot extends Omit<StatusInstance, 'bThisInstance' | 'iUptimeMs'> {
  /** The latest run of each job on that instance. */
  aJobRuns: JobRunRecord[];
}

export interface BoardDeps {
  db: StatusDb;
  bus: Bus;
  clock: Clock;
  config: Pick<Config, 'version' | 'statusIntervalMs'>;
  instance: InstanceProbe;
}

const isSnapshot = (value: unknown): value is Snapshot =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Snapshot).sInstanceID === 'string' &&
  typeof (value as Snapshot).iSeenAt === 'number' &&
  Array.isArray((value as Snapshot).aJobRuns);

export class InstanceBoard {
  /** What this instance heard over Redis, by instance, with when it arrived (this instance's clock). */
  private readonly heard = new Map<string, { snapshot: Snapshot; receivedAt: number }>();
  private own: Snapshot | null = null;
  private readonly unsubscribe: Array<() => void> = [];

  constructor(private readonly deps: BoardDeps) {
    if (deps.bus.kind === 'redis') {
      this.unsubscribe.push(
        deps.bus.subscribe(STATUS_TOPIC, (message) => {
          if (!isSnapshot(message)) return;
          this.heard.set(message.sInstanceID, { snapshot: message, receivedAt: deps.clock.now() });
        }),
      );
    }
    this.unsubscribe.push(deps.instance.onDraining(() => void this.publish().catch(() => {})));
  }

  get transport(): 'redis' | 'database' {
    return this.deps.bus.kind === 'redis' ? 'redis' : 'database';
  }

  get instanceId(): string {
    return this.deps.bus.instanceId;
  }

  private ttlMs(): number {
    return this.deps.config.statusIntervalMs * MISSED_INTERVALS;
  }

  /** This instance now: the app's metrics (rates since the previous snapshot) and the leases it holds. */
  async take(): Promise<Snapshot> {
    const now = this.deps.clock.now();
    const [figures, leases] = await Promise.all([this.deps.instance.figures(), listLeases(this.deps.db)]);
    return {
      sInstanceID: this.instanceId,
      sVersion: this.deps.config.version,
      iStartedAt: this.deps.instance.startedAt,
      sState: figures?.draining ? 'draining' : 'ready',
      iOpenSockets: figures?.openSockets ?? 0,
      fRequestsPerSecond: figures?.requestsPerSecond ?? 0,
      fErrorRate: figures?.errorRate ?? 0,
      fP95Ms: figures?.p95Ms ?? null,
      fEventLoopDelayMs: figures?.eventLoopDelayMs ?? 0,
      pDbPool: figures?.dbPool
        ? { iTotal: figures.dbPool.total, iIdle: figures.dbPool.idle, iWaiting: figures.dbPool.waiting }
        : null,
      aLeases: leases.filter((l) => l.holder === this.instanceId && Number(l.expires_at) > now).map((l) => l.name),
      iSeenAt: now,
      aJobRuns: figures?.jobRuns ?? [],
    };
  }

  /** Takes and publishes this instance's snapshot (the `status` job; at once when draining). */
  async publish(): Promise<Snapshot> {
    const snapshot = await this.take();
    this.own = snapshot;
    if (this.transport === 'redis') {
      this.deps.bus.publish(STATUS_TOPIC, snapshot);
      return snapshot;
    }
    const json = JSON.stringify(snapshot);
    await this.deps.db
      .insertInto('status_instance')
      .values({ instance_id: snapshot.sInstanceID, snapshot: json, seen_at: snapshot.iSeenAt })
      .onConflict((oc) => oc.column('instance_id').doUpdateSet({ snapshot: json, seen_at: snapshot.iSeenAt }))
      .execute();
    await this.deps.db
      .deleteFrom('status_instance')
      .where('seen_at', '<', snapshot.iSeenAt - this.ttlMs())
      .execute();
    return snapshot;
  }

  /**
   * Every live instance's latest snapshot, this one first. This instance's is at most one interval
   * old (taken now when older, before the job's first tick for one).
   */
  async gather(): Promise<Snapshot[]> {
    const now = this.deps.clock.now();
    const own =
      this.own && now - this.own.iSeenAt < this.deps.config.statusIntervalMs ? this.own : await this.publish();
    const others: Snapshot[] = [];
    if (this.transport === 'redis') {
      for (const [id, { snapshot, receivedAt }] of this.heard) {
        if (now - receivedAt > this.ttlMs()) this.heard.delete(id);
        else if (id !== own.sInstanceID) others.push(snapshot);
      }
    } else {
      const rows = await this.deps.db
        .selectFrom('status_instance')
        .select(['instance_id', 'snapshot'])
        .where('seen_at', '>=', now - this.ttlMs())
        .where('instance_id', '<>', own.sInstanceID)
        .execute();
      for (const row of rows) {
        try {
          const snapshot: unknown = JSON.parse(row.snapshot);
          if (isSnapshot(snapshot)) others.push(snapshot);
        } catch {
          // a row written by a newer version we cannot read: left out
        }
      }
    }
    others.sort((a, b) => a.iStartedAt - b.iStartedAt || a.sInstanceID.localeCompare(b.sInstanceID));
    return [own, ...others];
  }

  stop(): void {
    for (const unsubscribe of this.unsubscribe.splice(0)) unsubscribe();
  }
}

/** A snapshot as the console shows it. */
export function instanceRow(snapshot: Snapshot, now: number, thisInstance: string): StatusInstance {
  const { aJobRuns: _runs, ...figures } = snapshot;
  return {
    ...figures,
    iUptimeMs: Math.max(0, now - snapshot.iStartedAt),
    bThisInstance: snapshot.sInstanceID === thisInstance,
  };
}
