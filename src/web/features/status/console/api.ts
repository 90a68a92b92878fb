import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StatusBucket, StatusRange } from '../../../../protocol/status';
import { consoleCall } from '../../../api/console';

/** The status capability's console calls (issues 29, 38) and their query keys. */
export const statusKeys = {
  overview: ['console', 'overview'] as const,
  pulse: (range: StatusRange, bucket: StatusBucket) => ['console', 'status', 'pulse', range, bucket] as const,
  instances: ['console', 'status', 'instances'] as const,
  jobs: ['console', 'status', 'jobs'] as const,
};

/** Today's figures, refreshed every 30 s. */
export function useOverview() {
  return useQuery({
    queryKey: statusKeys.overview,
    queryFn: ({ signal }) => consoleCall('consoleOverview', {}, signal),
    refetchInterval: 30_000,
  });
}

/** The pulse's series over a range, in buckets; the last answer stays while the next loads. */
export function usePulse(range: StatusRange, bucket: StatusBucket, refetchInterval: number) {
  return useQuery({
    queryKey: statusKeys.pulse(range, bucket),
    queryFn: ({ signal }) => consoleCall('statusPulse', { sRange: range, sBucket: bucket }, signal),
    refetchInterval,
    placeholderData: keepPreviousData,
  });
}

/** The instances' board, refreshed at the interval the server names. */
export function useInstances() {
  return useQuery({
    queryKey: statusKeys.instances,
    queryFn: ({ signal }) => consoleCall('statusInstances', {}, signal),
    refetchInterval: (query) => query.state.data?.iIntervalMs ?? 5000,
  });
}

export function useJobs(refetchInterval: number) {
  return useQuery({
    queryKey: statusKeys.jobs,
    queryFn: ({ signal }) => consoleCall('statusJobs', {}, signal),
    refetchInterval,
  });
}
