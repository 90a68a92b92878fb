import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import type { StatusBucket } from '../../../../protocol/status';
import { formatBucket } from '../model/statusFormat';
import styles from './PulseChart.module.css';

/** uPlot and its stylesheet, loaded on the status page only (never in the member's entry bundle). */
const loadUplot = () =>
  Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([module]) => module.default);

const token = (name: string, fallback: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;

/**
 * One series as bars over its buckets. The canvas is decoration for sighted operators: the card
 * around it gives the same figures in words, and the page a table of every value.
 */
export function PulseChart({
  buckets,
  values,
  bucket,
  label,
}: {
  buckets: readonly number[];
  values: readonly number[];
  bucket: StatusBucket;
  label: string;
}) {
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    loadUplot().then((UPlot) => {
      if (cancelled) return;
      const accent = token('--accent', '#4fd1a5');
      const muted = token('--muted', '#9aa5ad');
      const grid = token('--border', '#24323d');
      const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
      plot = new UPlot(
        {
          width: Math.max(200, element.clientWidth),
          height: 140,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          axes: [
            {
              ...axis,
              values: (_u, ticks) => ticks.map((i) => formatBucket(buckets[Math.round(i)] ?? 0, bucket)),
              space: 60,
            },
            { ...axis, size: 44, values: (_u, ticks) => ticks.map((v) => (Number.isInteger(v) ? String(v) : '')) },
          ],
          series: [
            {},
            {
              label,
              stroke: accent,
              fill: `${accent}55`,
              width: 1,
              paths: UPlot.paths.bars?.({ size: [0.7, 40] }),
              points: { show: false },
            },
          ],
        },
        [buckets.map((_, i) => i), [...values]],
        element,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(200, element.clientWidth), height: 140 }));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [buckets, values, bucket, label]);
  return <div ref={frame} className={styles.chart} aria-hidden="true" />;
}
