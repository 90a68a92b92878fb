import { useState } from 'react';
import { type ConsoleAnnouncementRow, describeSegment, segmentIsEmpty } from '../../../../protocol/announcements';
import type { ConsoleError } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import shared from '../../../ui/ConsoleScreen.module.css';
import { DataTable } from '../../../ui/DataTable';
import { formatCount } from '../../../ui/format';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import styles from './AnnouncementsScreen.module.css';
import { announcementColumns } from './announcementColumns';
import { useAnnouncementLevers, useAnnouncementPage, useSegmentCount } from './api';
import { ComposeForm } from './ComposeForm';
import { type Draft, EMPTY, fromLocal, segmentOf } from './draft';

type Open =
  | { kind: 'send' }
  | { kind: 'cancel'; row: ConsoleAnnouncementRow }
  | { kind: 'retry'; row: ConsoleAnnouncementRow }
  | null;

/**
 * Announcements (issue 29): compose a short markdown message with a preview, pick who gets it (a
 * segment with its live count), when and whether by email, confirm with the count; the list with
 * each send's progress, cancel, and the failed mail of a send sent again. Viewers read it all;
 * sending, cancelling and sending again need announce:send.
 */
export default function AnnouncementsScreen() {
  useConsoleTitle('Announcements');
  const may = useOperatorMay();
  const canSend = may('announce:send');
  const levers = useAnnouncementLevers();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const [pageIndex, setPageIndex] = useState(0);
  const list = useAnnouncementPage(pageIndex);
  const collections = list.data?.aCollections ?? [];
  const names = new Map(collections.map((c) => [c.sCollectionID, c.sName]));
  const segment = segmentOf(draft);
  const countable = segment.bEveryone || !segmentIsEmpty(segment);
  const count = useSegmentCount(segment, countable);

  function review() {
    setDone(null);
    const title = draft.title.trim();
    const body = draft.body.trim();
    if (!title || !body) return setProblem('Write a title and a message first.');
    if (!countable) return setProblem('Choose everyone, or at least one criterion.');
    if (draft.later && fromLocal(draft.at) <= Date.now()) return setProblem('Choose a time in the future.');
    setProblem(null);
    setOpen({ kind: 'send' });
    setDialogOpen(true);
  }

  async function confirm(reason: string) {
    if (open?.kind === 'send') {
      const sent = await levers.send({
        sTitle: draft.title.trim(),
        sBody: draft.body.trim(),
        pSegment: segment,
        iSendAt: draft.later ? fromLocal(draft.at) : 0,
        bEmail: draft.email,
        sReason: reason,
      });
      setDone(
        `“${draft.title.trim()}” ${draft.later ? `is scheduled for ${formatWhen(fromLocal(draft.at))}` : 'is on its way'} to ${formatCount(sent.iCount)} member${sent.iCount === 1 ? '' : 's'}.`,
      );
      setDraft(EMPTY);
    } else if (open?.kind === 'cancel') {
      await levers.cancel(open.row.iAnnouncementID, reason);
      setDone(`“${open.row.sTitle}” is cancelled.`);
    } else if (open?.kind === 'retry') {
      const again = await levers.retryMail(open.row.iAnnouncementID, reason);
      setDone(retriedText(open.row.sTitle, again.iQueued, again.iStillFailed));
    }
    await levers.refresh();
  }

  const ask = (next: NonNullable<Open>) => {
    setDone(null);
    setOpen(next);
    setDialogOpen(true);
  };
  const columns = announcementColumns(
    names,
    canSend
      ? { cancel: (row) => ask({ kind: 'cancel', row }), retryMail: (row) => ask({ kind: 'retry', row }) }
      : undefined,
  );
  const audience = segment.bEveryone ? 'every member' : describeSegment(segment, (id) => names.get(id) ?? id);

  return (
    <div className={`${shared.screen} ${styles.screen}`}>
      <PageHeader
        title="Announcements"
        subtitle="A short message to every member or a segment: in their notifications, as a popup once, and by email if you choose."
      />
      {done && <Notice tone="success">{done}</Notice>}
      {canSend ? (
        <ComposeForm
          draft={draft}
          set={set}
          collections={collections}
          countable={countable}
          count={count}
          problem={problem}
          onReview={review}
        />
      ) : (
        <p className={styles.muted}>Your role reads announcements; sending and cancelling need an admin.</p>
      )}

      <section className={styles.section} aria-labelledby="sent-title">
        <h2 id="sent-title">Sent and scheduled</h2>
        {list.error ? (
          <Notice tone="danger">{(list.error as ConsoleError).message}</Notice>
        ) : (
          <DataTable
            caption="Announcements"
            columns={columns}
            rows={list.data?.aRows ?? []}
            rowId={(row) => String(row.iAnnouncementID)}
            busy={list.isPending}
            empty="No announcements yet."
            page={{ index: pageIndex, more: list.data?.bMore ?? false, onChange: setPageIndex }}
          />
        )}
      </section>

      <ReasonDialog
        open={dialogOpen}
        title={dialogTitle(open, draft.title.trim())}
        danger={open?.kind === 'cancel'}
        confirmLabel={
          open?.kind === 'cancel'
            ? 'Stop sending'
            : open?.kind === 'retry'
              ? 'Send again'
              : draft.later
                ? 'Schedule'
                : 'Send now'
        }
        dismissLabel={open?.kind === 'send' ? 'Back to editing' : open?.kind === 'cancel' ? 'Keep it' : 'Not now'}
        description={
          open?.kind === 'cancel' ? (
            <p>No more members get it. Members who already have it keep it.</p>
          ) : open?.kind === 'retry' ? (
            <p>
              <strong>{formatCount(open.row.iMailFailed)}</strong> mail{open.row.iMailFailed === 1 ? '' : 's'} failed.
              Those the mail server kept deferring get five more tries over the next hours; those it refused (an address
              that does not exist) stay failed. Each member gets the mail once at most.
            </p>
          ) : (
            <p>
              To <strong>{audience}</strong>: <strong>{formatCount(count.data?.iCount ?? 0)}</strong> member
              {count.data?.iCount === 1 ? '' : 's'} now,{' '}
              {draft.later ? `at ${formatWhen(fromLocal(draft.at))}` : 'right away'}
              {draft.email ? ', with an email to those who asked for news' : ''}. It cannot be taken back once
              delivered.
            </p>
          )
        }
        onClose={() => setDialogOpen(false)}
        onConfirm={confirm}
      />
    </div>
  );
}

function dialogTitle(open: Open, draftTitle: string): string {
  if (open?.kind === 'cancel') return `Stop “${open.row.sTitle}”`;
  if (open?.kind === 'retry') return `Send the failed mail of “${open.row.sTitle}” again`;
  return `Send “${draftTitle}”`;
}

function retriedText(title: string, queued: number, stillFailed: number): string {
  const refused = stillFailed > 0 ? ` ${formatCount(stillFailed)} stay failed: the mail server refused them.` : '';
  if (queued === 0) return `No mail of “${title}” can be sent again.${refused}`;
  return `${formatCount(queued)} mail${queued === 1 ? '' : 's'} of “${title}” will be sent again.${refused}`;
}
