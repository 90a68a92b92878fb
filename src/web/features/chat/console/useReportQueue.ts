import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ConsoleReportRow, ReportResolutionName } from '../../../../protocol/console';
import { ErrorCode } from '../../../../protocol/errors';
import { ConsoleError, consoleCall } from '../../../api/console';

/** How long one `reportsSince` waits on the server for a new report (decision 0243). */
export const WAIT_MS = 20_000;
/** After a failed wait (network, server restart), the next one starts this much later. */
const RETRY_MS = 4_000;
const PAGE = 25;

/**
 * The open chat reports, oldest first (reportList), kept live: once the last page is in, the
 * queue asks `reportsSince` to wait for a report newer than its newest (the server answers as
 * soon as the bus announces one, issue 38) and appends what arrived, then asks again.
 * `arrived` counts the reports the last answer brought (the screen announces it).
 */
export function useReportQueue() {
  const [reports, setReports] = useState<ConsoleReportRow[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [more, setMore] = useState(false);
  const [arrived, setArrived] = useState({ count: 0, at: 0 });
  // Each answer (even an empty one after the wait) starts the next wait.
  const [round, setRound] = useState(0);

  const first = useQuery({
    queryKey: ['console', 'reports', 'first'],
    queryFn: ({ signal }) => consoleCall('reportList', { iCursor: 0, iPageSize: PAGE }, signal),
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (!first.data) return;
    setReports(first.data.aRows);
    setCursor(first.data.iCursor);
    setMore(first.data.bMore);
  }, [first.data]);

  const live = cursor !== null && !more;
  const since = useQuery({
    queryKey: ['console', 'reports', 'since', cursor, round],
    queryFn: ({ signal }) =>
      consoleCall('reportsSince', { iCursor: cursor ?? 0, iPageSize: PAGE, iWaitMs: WAIT_MS }, signal),
    enabled: live,
    retry: true,
    retryDelay: RETRY_MS,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  useEffect(() => {
    const answer = since.data;
    if (!answer) return;
    if (answer.aRows.length === 0) {
      setRound((r) => r + 1);
      return;
    }
    setReports((current) => {
      const known = new Set(current.map((r) => r.iReportID));
      return [...current, ...answer.aRows.filter((r) => !known.has(r.iReportID))];
    });
    setArrived({ count: answer.aRows.length, at: Date.now() });
    setMore(answer.bMore);
    setCursor(answer.iCursor);
  }, [since.data]);

  const older = useMutation({
    mutationFn: () => consoleCall('reportList', { iCursor: cursor ?? 0, iPageSize: PAGE }),
    onSuccess: (answer) => {
      setReports((current) => [...current, ...answer.aRows]);
      setCursor(answer.iCursor);
      setMore(answer.bMore);
    },
  });

  const drop = (reportId: number) => setReports((current) => current.filter((r) => r.iReportID !== reportId));
  const resolve = useMutation({
    mutationFn: (body: {
      iReportID: number;
      sResolution: ReportResolutionName;
      sReason: string;
      iDurationMs?: number;
    }) => consoleCall('reportResolve', body),
    onSuccess: (_answer, body) => drop(body.iReportID),
    onError: (error, body) => {
      // Another moderator closed it first: it leaves this queue too.
      if (error instanceof ConsoleError && error.code === ErrorCode.NOT_FOUND) drop(body.iReportID);
    },
  });

  return {
    reports,
    loading: first.isPending,
    error: first.error ?? since.error,
    live,
    arrived,
    more,
    loadOlder: () => older.mutate(),
    loadingOlder: older.isPending,
    resolve: resolve.mutateAsync,
  };
}
