import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ConsoleReportRow, ReportResolutionName } from '../../../../protocol/console';
import { RESTRICTION_DURATIONS as DURATIONS, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import { ChoiceGroup } from '../../../ui/ChoiceGroup';
import { Loading } from '../../../ui/Loading';
import { Notice } from '../../../ui/Notice';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import styles from './ModerationScreen.module.css';
import { RESOLUTION_LABELS, ReportCard } from './ReportCard';
import { ReportHistory } from './ReportHistory';
import { useReportQueue } from './useReportQueue';
import { useTriageKeys } from './useTriageKeys';

const WHAT: Record<ReportResolutionName, (r: ConsoleReportRow) => string> = {
  dismiss: () => 'The report closes; the message stays.',
  delete: (r) => `${r.sAuthorUsername}'s message is deleted for everyone, and the report closes.`,
  mute: (r) => `${r.sAuthorUsername} can read chat but not write, and is told why and until when.`,
  ban: (r) => `${r.sAuthorUsername} is signed out everywhere and cannot sign in until the ban ends.`,
};

const ONE_DAY = DURATIONS[1]?.value ?? 0;
const SEVEN_DAYS = DURATIONS[2]?.value ?? 0;

/**
 * The moderation queue (issue 27): open chat reports with the message in its context, one click
 * to dismiss, delete, mute or ban (each asks why, closes the report and is audited). Live: new
 * reports arrive as the bus announces them (issue 38) and are announced politely; j/k/d/m triage
 * by keyboard; "Resolved" lists the history (?view=resolved, so it survives a reload).
 */
export default function ModerationScreen() {
  useConsoleTitle('Moderation');
  const [params] = useSearchParams();
  const resolved = params.get('view') === 'resolved';
  return (
    <div className={styles.screen}>
      <header className={styles.header}>
        <h1 className={styles.title}>Moderation</h1>
        <nav aria-label="Reports" className={styles.views}>
          <Link to="?" className={styles.view} aria-current={resolved ? undefined : 'page'}>
            Open
          </Link>
          <Link to="?view=resolved" className={styles.view} aria-current={resolved ? 'page' : undefined}>
            Resolved
          </Link>
        </nav>
      </header>
      {resolved ? <ReportHistory /> : <OpenQueue />}
    </div>
  );
}

/** The open reports, live, with the levers and keyboard triage. */
function OpenQueue() {
  const queue = useReportQueue();
  const may = useOperatorMay();
  const [acting, setActing] = useState<{ report: ConsoleReportRow; resolution: ReportResolutionName } | null>(null);
  const [duration, setDuration] = useState(ONE_DAY);
  const [said, setSaid] = useState('');
  const cards = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    if (acting) setDuration(acting.resolution === 'ban' ? SEVEN_DAYS : ONE_DAY);
  }, [acting]);
  useEffect(() => {
    if (queue.arrived.count > 0)
      setSaid(`${queue.arrived.count} new report${queue.arrived.count === 1 ? '' : 's'} in the queue.`);
  }, [queue.arrived]);

  const levers: ReportResolutionName[] = may('chat:moderate')
    ? (['dismiss', 'delete', 'mute', 'ban'] as const).filter((r) => r !== 'ban' || may('member:ban'))
    : [];
  const timed = acting?.resolution === 'mute' || acting?.resolution === 'ban';
  const reports = queue.reports;
  const act = useCallback(
    (resolution: ReportResolutionName, index: number) => {
      const report = reports[index];
      if (report && levers.includes(resolution)) setActing({ report, resolution });
    },
    [reports, levers],
  );
  const triage = useTriageKeys({ count: reports.length, paused: acting !== null, act });
  const focusedId = reports[triage.index]?.iReportID;
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows a key's move, not a report's arrival
  useEffect(() => {
    if (triage.moved > 0 && focusedId !== undefined) cards.current.get(focusedId)?.focus();
  }, [triage.moved]);

  return (
    <>
      <p className={styles.live}>
        <span className={queue.live ? styles.dotOn : styles.dot} aria-hidden="true" />
        {queue.live
          ? 'Live: new reports appear here by themselves, as members send them.'
          : 'Older reports first: load them all to follow new ones live.'}
      </p>
      {levers.length > 0 && reports.length > 0 && (
        <p className={styles.keys}>
          Keys: <kbd>j</kbd> / <kbd>k</kbd> next and previous report, <kbd>d</kbd> dismiss, <kbd>m</kbd> mute the author
          (each asks why).
        </p>
      )}
      <p role="status" aria-live="polite" className={styles.said}>
        {said}
      </p>
      {queue.error && <Notice tone="danger">{queue.error.message}</Notice>}
      {queue.loading ? (
        <Loading />
      ) : reports.length === 0 ? (
        <p className={styles.empty}>No open reports. Nothing to do for now.</p>
      ) : (
        <section className={styles.list} aria-label={`Open reports (${reports.length})`}>
          {reports.map((report, index) => (
            <ReportCard
              key={report.iReportID}
              report={report}
              levers={levers}
              focused={report.iReportID === focusedId}
              onFocus={() => triage.setIndex(index)}
              cardRef={(element) => {
                if (element) cards.current.set(report.iReportID, element);
                else cards.current.delete(report.iReportID);
              }}
              onLever={(resolution) => setActing({ report, resolution })}
            />
          ))}
        </section>
      )}
      {queue.more && (
        <Button variant="secondary" busy={queue.loadingOlder} onClick={queue.loadOlder}>
          Load more reports
        </Button>
      )}

      <ReasonDialog
        open={acting !== null}
        title={acting ? `${RESOLUTION_LABELS[acting.resolution]}: report #${acting.report.iReportID}` : ''}
        description={acting ? WHAT[acting.resolution](acting.report) : ''}
        confirmLabel={acting ? RESOLUTION_LABELS[acting.resolution] : ''}
        danger={acting?.resolution !== 'dismiss'}
        onClose={() => setActing(null)}
        onConfirm={async (reason) => {
          if (!acting) return;
          const { report, resolution } = acting;
          await queue.resolve({
            iReportID: report.iReportID,
            sResolution: resolution,
            sReason: reason,
            ...(timed ? { iDurationMs: duration } : {}),
          });
          setSaid(`Report #${report.iReportID} closed: ${RESOLUTION_LABELS[resolution].toLowerCase()}.`);
        }}
      >
        {timed && (
          <ChoiceGroup
            legend="For how long?"
            name="report-duration"
            choices={DURATIONS}
            value={duration}
            onChange={setDuration}
          />
        )}
      </ReasonDialog>
    </>
  );
}
