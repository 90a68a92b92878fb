import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_BUCKET,
  STATUS_BUCKETS,
  STATUS_RANGES,
  type StatusBucket,
  type StatusInstance,
  type StatusInstancesAnswer,
  type StatusJob,
  type StatusJobsAnswer,
  type StatusPulseAnswer,
  type StatusRange,
} from '../../../../protocol/status';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { formatWhen, useConsoleTitle } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { PulseChart } from '../components/PulseChart';
import {
  formatBucket,
  formatEvery,
  formatMs,
  formatPercent,
  formatPool,
  formatRate,
  formatUptime,
  instancesSentence,
  seriesSummary,
  shortId,
} from '../model/statusFormat';
import styles from './StatusScreen.module.css';

const RANGE_LABELS: Record<StatusRange, string> = { '24h': '24 h', '7d': '7 d', '30d': '30 d' };
const BUCKET_LABELS: Record<StatusBucket, string> = { hour: 'Per hour', day: 'Per day' };
const PULSE_REFRESH_MS = 60_000;

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
      row.original.aLeases.length > 0 ? row.original.aLeases.join(', ') : <span className={shared.muted}>none</span>,
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
    header: 'Last run (local)',
    cell: ({ row }) => {
      const run = row.original.pLastRun;
      if (!run) return <span className={shared.muted}>not yet</span>;
      return (
        <time dateTime={new Date(run.iAt).toISOString()} title={`on ${shortId(run.sInstanceID)}`}>
          {formatWhen(run.iAt)}:{String(new Date(run.iAt).getSeconds()).padStart(2, '0')}
        </time>
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

/** A row of the pulse's table: one bucket, a value per series. */
interface PulseRow {
  at: number;
  values: number[];
}

function Segmented<T extends string>({
  label,
  options,
  labels,
  value,
  onChange,
}: {
  label: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className={styles.segmented}>
      <legend className="visually-hidden">{label}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={option === value}
          className={option === value ? styles.selected : undefined}
          onClick={() => onChange(option)}
        >
          {labels[option]}
        </button>
      ))}
    </fieldset>
  );
}

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

  const instances = useQuery({
    queryKey: ['console', 'status', 'instances'],
    queryFn: ({ signal }) => consoleCall<StatusInstancesAnswer>('statusInstances', {}, signal),
    refetchInterval: (query) => query.state.data?.iIntervalMs ?? 5000,
  });
  const interval = instances.data?.iIntervalMs ?? 5000;
  const jobs = useQuery({
    queryKey: ['console', 'status', 'jobs'],
    queryFn: ({ signal }) => consoleCall<StatusJobsAnswer>('statusJobs', {}, signal),
    refetchInterval: interval,
  });
  const pulse = useQuery({
    queryKey: ['console', 'status', 'pulse', range, bucket],
    queryFn: ({ signal }) => consoleCall<StatusPulseAnswer>('statusPulse', { sRange: range, sBucket: bucket }, signal),
    refetchInterval: PULSE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });

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

  const data = pulse.data;
  const pulseRows = useMemo<PulseRow[]>(
    () =>
      data ? data.aBuckets.map((at, i) => ({ at, values: data.aSeries.map((s) => s.aValues[i] ?? 0) })).reverse() : [],
    [data],
  );
  const pulseColumns = useMemo<ColumnDef<PulseRow, unknown>[]>(
    () =>
      data
        ? [
            {
              id: 'at',
              header: data.sBucket === 'hour' ? 'Hour (local)' : 'Day',
              cell: ({ row }) => formatBucket(row.original.at, data.sBucket, true),
            },
            ...data.aSeries.map(
              (series, i): ColumnDef<PulseRow, unknown> => ({
                id: series.sKey,
                header: series.sLabel,
                cell: ({ row }) => formatCount(row.original.values[i] ?? 0),
              }),
            ),
          ]
        : [],
    [data],
  );

  const list = instances.data?.aInstances ?? [];
  return (
    <div className={styles.screen}>
      <PageHeader
        title="Status"
        subtitle="The instances serving the portal, the game's pulse and the background jobs, refreshed every few seconds."
      />

      <section className={styles.section} aria-labelledby="status-instances">
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

      <section className={styles.section} aria-labelledby="status-pulse">
        <div className={styles.sectionHead}>
          <h2 id="status-pulse">The game's pulse</h2>
          <div className={styles.controls}>
            <Segmented
              label="Range"
              options={STATUS_RANGES}
              labels={RANGE_LABELS}
              value={range}
              onChange={(value) => choose({ range: value })}
            />
            <Segmented
              label="Buckets"
              options={STATUS_BUCKETS}
              labels={BUCKET_LABELS}
              value={bucket}
              onChange={(value) => choose({ bucket: value })}
            />
          </div>
        </div>
        {pulse.error && <Notice tone="danger">{(pulse.error as ConsoleError).message}</Notice>}
        {data && (
          <>
            <p className={styles.note} aria-live="polite">
              Last {RANGE_LABELS[data.sRange]}, {data.sBucket === 'hour' ? 'per hour' : 'per day'} (UTC buckets, shown
              in your time zone); the last one is still filling.
            </p>
            <div className={styles.charts} aria-busy={pulse.isFetching || undefined}>
              {data.aSeries.map((series) => (
                <figure key={series.sKey} className={styles.chartCard} aria-labelledby={`pulse-${series.sKey}`}>
                  <figcaption>
                    <h3 id={`pulse-${series.sKey}`}>{series.sLabel}</h3>
                    <p className={styles.summary}>{seriesSummary(series, data.aBuckets, data.sBucket)}</p>
                  </figcaption>
                  <PulseChart
                    buckets={data.aBuckets}
                    values={series.aValues}
                    bucket={data.sBucket}
                    label={series.sLabel}
                  />
                </figure>
              ))}
            </div>
            <details className={styles.details}>
              <summary>Every figure as a table</summary>
              <DataTable
                caption={`The game's pulse, last ${RANGE_LABELS[data.sRange]}, ${data.sBucket === 'hour' ? 'per hour' : 'per day'}, newest first`}
                columns={pulseColumns}
                rows={pulseRows}
                rowId={(row) => String(row.at)}
              />
            </details>
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="status-jobs">
        <div className={styles.sectionHead}>
          <h2 id="status-jobs">Jobs</h2>
          {jobs.data && (
            <p className={styles.note}>
              Mint queue: <strong>{formatCount(jobs.data.iMintQueue)}</strong>{' '}
              {jobs.data.iMintQueue === 1 ? 'item waits' : 'items wait'} for a token id.
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
