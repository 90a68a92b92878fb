import { useSearchParams } from 'react-router';
import {
  DEFAULT_BUCKET,
  STATUS_BUCKETS,
  STATUS_RANGES,
  type StatusBucket,
  type StatusInstance,
  type StatusJob,
  type StatusRange,
} from '../../../../protocol/status';
import type { ConsoleError } from '../../../api/console';
import { useConsoleTitle } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { When } from '../../../ui/ConsoleTime';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import {
  formatEvery,
  formatMs,
  formatPercent,
  formatPool,
  formatRate,
  formatUptime,
  instancesSentence,
  shortId,
} from '../model/statusFormat';
import { useInstances, useJobs } from './api';
import { PulseSection } from './PulseSection';
import styles from './StatusScreen.module.css';

const INSTANCE_COLUMNS: ColumnDef<StatusInstance, unknown>[] = [
  {
    id: 'id',
    header: 'Instance',
    cell: ({ row }) => (
      <span className={styles.instance}>
        <code title={row.original.sInstanceID}>{shortId(row.original.sInstanceID)}</code>
        {row.original.bThisInstance && <span className={styles.tag}>this one</span>}
      </span>
    ),
  },
  { id: 'version', header: 'Version', cell: ({ row }) => <code>{row.original.sVersion}</code> },
  { id: 'uptime', header: 'Uptime', cell: ({ row }) => formatUptime(row.original.iUptimeMs) },
  {
    id: 'state',
    header: 'State',
    cell: ({ row }) => (
      <span className={row.original.sState === 'ready' ? styles.ready : styles.draining}>
        {row.original.sState === 'ready' ? 'Ready' : 'Draining'}
      </span>
    ),
  },
  { id: 'sockets', header: 'Sockets', cell: ({ row }) => formatCount(row.original.iOpenSockets) },
  { id: 'rps', header: 'Requests/s', cell: ({ row }) => formatRate(row.original.fRequestsPerSecond) },
  { id: 'errors', header: 'Errors', cell: ({ row }) => formatPercent(row.original.fErrorRate) },
  { id: 'p95', header: 'p95', cell: ({ row }) => formatMs(row.original.fP95Ms) },
  { id: 'loop', header: 'Event loop', cell: ({ row }) => formatMs(row.original.fEventLoopDelayMs) },
  { id: 'pool', header: 'Database pool', cell: ({ row }) => formatPool(row.original.pDbPool) },
  {
    id: 'leases',
    header: 'Leases',
    cell: ({ row }) =>
      row.original.aLeases.length > 0 ? (
        // One lease a line: the list wraps in its cell instead of running past the table's frame.
        <span className={styles.leases}>{row.original.aLeases.join(', ')}</span>
      ) : (
        <span className={shared.muted}>none</span>
      ),
  },
];

const JOB_COLUMNS: ColumnDef<StatusJob, unknown>[] = [
  { id: 'name', header: 'Job', cell: ({ row }) => <code>{row.original.sName}</code> },
  { id: 'every', header: 'Every', cell: ({ row }) => formatEvery(row.original.iEveryMs) },
  {
    id: 'leader',
    header: 'Runs on',
    cell: ({ row }) => {
      const job = row.original;
      if (!job.bLeaderOnly) return 'every instance';
      return job.sLeader ? (
        <span>
          leader <code title={job.sLeader}>{shortId(job.sLeader)}</code>
        </span>
      ) : (
        <span className={shared.muted}>no leader now</span>
      );
    },
  },
  {
    id: 'last',
    header: 'Last run',
    cell: ({ row }) => {
      const run = row.original.pLastRun;
      if (!run) return <span className={shared.muted}>not yet</span>;
      return (
        <span title={`on ${shortId(run.sInstanceID)}`}>
          <When ms={run.iAt} seconds />
        </span>
      );
    },
  },
  { id: 'duration', header: 'Duration', cell: ({ row }) => formatMs(row.original.pLastRun?.iDurationMs ?? null) },
  { id: 'lag', header: 'Lag', cell: ({ row }) => formatMs(row.original.pLastRun?.iLagMs ?? null) },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) => {
      const outcome = row.original.pLastRun?.sOutcome;
      if (!outcome) return '—';
      return (
        <span className={outcome === 'ok' ? styles.ready : styles.draining}>{outcome === 'ok' ? 'OK' : 'Failed'}</span>
      );
    },
  },
];

/** The console's status page (issue 29): instances, the game's pulse and the jobs, refreshed live. */
export default function StatusScreen() {
  useConsoleTitle('Status');
  const [params, setParams] = useSearchParams();
  const range = (STATUS_RANGES as readonly string[]).includes(params.get('range') ?? '')
    ? (params.get('range') as StatusRange)
    : '24h';
  const bucket = (STATUS_BUCKETS as readonly string[]).includes(params.get('bucket') ?? '')
    ? (params.get('bucket') as StatusBucket)
    : DEFAULT_BUCKET[range];

  const instances = useInstances();
  const interval = instances.data?.iIntervalMs ?? 5000;
  const jobs = useJobs(interval);
  const choose = (next: { range?: StatusRange; bucket?: StatusBucket }) => {
    const nextRange = next.range ?? range;
    const nextBucket = next.bucket ?? (next.range ? DEFAULT_BUCKET[nextRange] : bucket);
    setParams(
      (was) => {
        const updated = new URLSearchParams(was);
        updated.set('range', nextRange);
        updated.set('bucket', nextBucket);
        return updated;
      },
      { replace: true },
    );
  };

  const list = instances.data?.aInstances ?? [];
  return (
    <div className={styles.screen}>
      <PageHeader
        title="Status"
        subtitle="The instances serving the portal, the game's pulse and the background jobs, refreshed every few seconds."
      />

      {/* Not landmarks of their own: their tables are the regions "Instances" and "Jobs" (axe: landmark-unique). */}
      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="status-instances">Instances</h2>
          {instances.data && (
            <p className={styles.note}>
              {instances.data.sTransport === 'redis' ? 'Gathered over Redis' : 'Gathered through the database'}, every{' '}
              {formatEvery(interval)}.
            </p>
          )}
        </div>
        {/* Re-rendered with the same words on every poll: only a change is announced. */}
        <p className="visually-hidden" role="status">
          {instances.data ? instancesSentence(list) : ''}
        </p>
        {instances.error && <Notice tone="danger">{(instances.error as ConsoleError).message}</Notice>}
        <DataTable
          caption="Instances"
          columns={INSTANCE_COLUMNS}
          rows={list}
          rowId={(row) => row.sInstanceID}
          busy={instances.isPending}
          empty="No instance has reported yet."
        />
      </section>

      <PulseSection range={range} bucket={bucket} choose={choose} />

      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="status-jobs">Jobs</h2>
          {jobs.data && (
            <p className={styles.note}>
              Mint queue: <strong>{formatCount(jobs.data.iMintQueue)}</strong>{' '}
              {jobs.data.iMintQueue === 1 ? 'item waits' : 'items wait'} for a token id. Mail queue:{' '}
              <strong>{formatCount(jobs.data.iMailQueue)}</strong>{' '}
              {jobs.data.iMailQueue === 1 ? 'mail waits' : 'mails wait'} to be sent again.
            </p>
          )}
        </div>
        {jobs.error && <Notice tone="danger">{(jobs.error as ConsoleError).message}</Notice>}
        <DataTable
          caption="Jobs"
          columns={JOB_COLUMNS}
          rows={jobs.data?.aJobs ?? []}
          rowId={(row) => row.sName}
          busy={jobs.isPending}
        />
      </section>
    </div>
  );
}
