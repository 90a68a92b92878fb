import type { Ref } from 'react';
import { Link } from 'react-router';
import type { ConsoleReportRow, ReportResolutionName } from '../../../../protocol/console';
import { consoleMemberPath } from '../../../../protocol/routes';
import { formatWhen } from '../../../lib/console';
import styles from './ReportCard.module.css';

export const RESOLUTION_LABELS: Record<ReportResolutionName, string> = {
  dismiss: 'Dismiss',
  delete: 'Delete message',
  mute: 'Mute author',
  ban: 'Ban author',
};

/** One open report: who reported whom and why, the reported message among its neighbours, the levers. */
export function ReportCard({
  report,
  levers,
  onLever,
  focused = false,
  cardRef,
  onFocus,
}: {
  report: ConsoleReportRow;
  /** The resolutions this operator may use (none: read only). */
  levers: ReportResolutionName[];
  onLever(resolution: ReportResolutionName): void;
  /** The report keyboard triage acts on (issue 38): outlined. */
  focused?: boolean;
  cardRef?: Ref<HTMLElement>;
  onFocus?(): void;
}) {
  const headingId = `report-${report.iReportID}`;
  return (
    <article
      ref={cardRef}
      tabIndex={-1}
      className={focused ? `${styles.card} ${styles.focused}` : styles.card}
      aria-labelledby={headingId}
      aria-current={focused ? 'true' : undefined}
      onFocus={onFocus}
    >
      <header className={styles.header}>
        <h2 id={headingId} className={styles.title}>
          Report #{report.iReportID}: {report.sReason}
        </h2>
        <p className={styles.meta}>
          <Link to={consoleMemberPath(report.sReporterUserID)}>{report.sReporterUsername || 'a member'}</Link> reported{' '}
          <Link to={consoleMemberPath(report.sAuthorUserID)}>{report.sAuthorUsername || 'a member'}</Link> in #
          {report.sChannelID}, {formatWhen(report.iCreatedAt)}
        </p>
        {report.sNote && <p className={styles.note}>“{report.sNote}”</p>}
      </header>
      <ol className={styles.context} aria-label="The reported message in its context">
        {report.aContext.map((message) => (
          <li
            key={message.iMessageID}
            className={message.bReported ? styles.reported : styles.message}
            aria-current={message.bReported ? 'true' : undefined}
          >
            <span className={styles.author}>{message.sUsername || 'a member'}</span>
            <time className={styles.time} dateTime={new Date(message.iCreatedAt).toISOString()}>
              {formatWhen(message.iCreatedAt)}
            </time>
            {message.bReported && <span className={styles.flag}>Reported</span>}
            <p className={styles.text}>{message.bDeleted ? <em>(deleted)</em> : message.sText}</p>
          </li>
        ))}
      </ol>
      {levers.length > 0 && (
        <div className={styles.levers}>
          {levers.map((lever) => (
            <button
              key={lever}
              type="button"
              className={lever === 'dismiss' ? styles.lever : styles.leverDanger}
              onClick={() => onLever(lever)}
            >
              {RESOLUTION_LABELS[lever]}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
