import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { StatusBucket, StatusPulseAnswer, StatusRange } from '../../../../protocol/status';
import { STATUS_BUCKETS, STATUS_RANGES } from '../../../../protocol/status';
import { type ConsoleError, consoleCall } from '../../../api/console';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { type TimeZoneChoice, useTimeZoneChoice, zoneName } from '../../../ui/timeZone';
import { PulseChart } from '../components/PulseChart';
import { formatBucket, seriesSummary } from '../model/statusFormat';
import styles from './StatusScreen.module.css';

export const RANGE_LABELS: Record<StatusRange, string> = { '24h': '24 h', '7d': '7 d', '30d': '30 d' };
const BUCKET_LABELS: Record<StatusBucket, string> = { hour: 'Per hour', day: 'Per day' };
const PULSE_REFRESH_MS = 60_000;

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

function usePulseTable(data: StatusPulseAnswer | undefined, choice: TimeZoneChoice) {
  const rows = useMemo<PulseRow[]>(
    () =>
      data ? data.aBuckets.map((at, i) => ({ at, values: data.aSeries.map((s) => s.aValues[i] ?? 0) })).reverse() : [],
    [data],
  );
  const columns = useMemo<ColumnDef<PulseRow, unknown>[]>(
    () =>
      data
        ? [
            {
              id: 'at',
              header: data.sBucket === 'hour' ? `Hour (${zoneName(choice)})` : 'Day (UTC)',
              cell: ({ row }) => formatBucket(row.original.at, data.sBucket, true, choice),
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
    [data, choice],
  );
  return { rows, columns };
}

/** The game's pulse (issue 29): a chart per series over a range, and every figure as a table. */
export function PulseSection({
  range,
  bucket,
  choose,
}: {
  range: StatusRange;
  bucket: StatusBucket;
  choose(next: { range?: StatusRange; bucket?: StatusBucket }): void;
}) {
  const choice = useTimeZoneChoice();
  const pulse = useQuery({
    queryKey: ['console', 'status', 'pulse', range, bucket],
    queryFn: ({ signal }) => consoleCall('statusPulse', { sRange: range, sBucket: bucket }, signal),
    refetchInterval: PULSE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
  const data = pulse.data;
  const { rows: pulseRows, columns: pulseColumns } = usePulseTable(data, choice);
  return (
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
            Last {RANGE_LABELS[data.sRange]}, {data.sBucket === 'hour' ? 'per hour' : 'per day'} (UTC buckets
            {data.sBucket === 'hour' ? `, hours shown in ${zoneName(choice)}` : ''}); the last one is still filling.
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
  );
}
