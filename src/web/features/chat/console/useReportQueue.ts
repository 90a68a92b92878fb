import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ConsoleReportRow, ReportResolutionName } from '../../../../protocol/console';
import { ErrorCode } from '../../../../protocol/errors';
import { ConsoleError, consoleCall } from '../../../api/console';

/** How often the queue asks for reports newer than the last it has. */
export const POLL_MS = 4_000;
const PAGE = 25;

/**
 * The open chat reports, oldest first (reportList), kept live: once the last page is in, the
 * queue polls `reportsSince` with the cursor of its newest report and appends what arrived.
 * `arrived` counts the reports the last poll brought (the screen announces it).
 */
export function useReportQueue() {
  const [reports, setReports] = useState<ConsoleReportRow[]>([]);
  const [cursor, setCursor] = useState<number | null>(null);
  const [more, setMore] = useState(false);
  const [arrived, setArrived] = useState({ count: 0, at: 0 });

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
    queryKey: ['console', 'reports', 'since', cursor],
    queryFn: ({ signal }) => consoleCall('reportsSince', { iCursor: cursor ?? 0, iPageSize: PAGE }, signal),
    enabled: live,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: true,
    gcTime: 0,
  });
  useEffect(() => {
    const answer = since.data;
    if (!answer || answer.aRows.length === 0) return;
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
