import type { StatusJob, StatusJobsAnswer } from '../../../protocol/status';
import type { Job } from '../../capability';
import { mailWaiting } from '../../mail/retry';
import { listLeases } from '../../shared/lease';
import { mintQueueDepth } from '../collectibles/index';
import type { Snapshot } from './snapshots';
import type { StatusDb } from './tables';

/**
 * Each job with its leader (the lease's live holder, for leader-only jobs) and its latest run on
 * any live instance, as their snapshots report them; the mint queue's depth and the mail waiting to
 * be sent again.
 */
export async function readJobs(
  db: StatusDb,
  jobs: readonly Job[],
  snapshots: readonly Snapshot[],
  now: number,
): Promise<Omit<StatusJobsAnswer, 'iErrorCode'>> {
  const [leases, iMintQueue, iMailQueue] = await Promise.all([listLeases(db), mintQueueDepth(db), mailWaiting(db)]);
  const holders = new Map(leases.filter((l) => Number(l.expires_at) > now).map((l) => [l.name, l.holder]));
  const aJobs = jobs.map((job): StatusJob => {
    let last: StatusJob['pLastRun'] = null;
    for (const snapshot of snapshots) {
      const run = snapshot.aJobRuns.find((r) => r.job === job.name);
      if (run && (!last || run.at > last.iAt))
        last = {
          iAt: run.at,
          iDurationMs: run.durationMs,
          iLagMs: run.lagMs,
          sOutcome: run.outcome,
          sInstanceID: snapshot.sInstanceID,
        };
    }
    return {
      sName: job.name,
      iEveryMs: job.everyMs,
      bLeaderOnly: job.leader === true,
      sLeader: job.leader ? (holders.get(job.name) ?? null) : null,
      pLastRun: last,
    };
  });
  aJobs.sort((a, b) => a.sName.localeCompare(b.sName));
  return { aJobs, iMintQueue, iMailQueue };
}
