import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  ANNOUNCE_BODY_MAX,
  ANNOUNCE_TITLE_MAX,
  type AnnouncementSegment,
  type ConsoleAnnouncementRow,
  describeSegment,
  EVERYONE,
  segmentIsEmpty,
} from '../../../../protocol/announcements';
import type { ConsoleError } from '../../../api/console';
import { formatWhen, useConsoleTitle, useOperatorMay } from '../../../lib/console';
import { Button } from '../../../ui/Button';
import shared from '../../../ui/ConsoleScreen.module.css';
import { type ColumnDef, DataTable } from '../../../ui/DataTable';
import { Field } from '../../../ui/Field';
import { formatCount } from '../../../ui/format';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import { Notice } from '../../../ui/Notice';
import { PageHeader } from '../../../ui/PageHeader';
import { ReasonDialog } from '../../../ui/ReasonDialog';
import {
  announcementKeys,
  cancelAnnouncement,
  countSegment,
  listAnnouncements,
  sendAnnouncement,
} from '../api/announcements';
import styles from './AnnouncementsScreen.module.css';

/** `datetime-local` value (local time) ⇄ epoch ms; '' is 0. */
const fromLocal = (value: string) => (value ? new Date(value).getTime() || 0 : 0);

interface Draft {
  title: string;
  body: string;
  everyone: boolean;
  joinedAfter: string;
  joinedBefore: string;
  collection: string;
  played: boolean;
  verified: boolean;
  later: boolean;
  at: string;
  email: boolean;
}

const EMPTY: Draft = {
  title: '',
  body: '',
  everyone: false,
  joinedAfter: '',
  joinedBefore: '',
  collection: '',
  played: false,
  verified: false,
  later: false,
  at: '',
  email: false,
};

function segmentOf(draft: Draft): AnnouncementSegment {
  if (draft.everyone) return { ...EVERYONE };
  return {
    bEveryone: false,
    iJoinedAfter: fromLocal(draft.joinedAfter),
    iJoinedBefore: fromLocal(draft.joinedBefore),
    sCollectionID: draft.collection,
    bPlayed: draft.played,
    bVerified: draft.verified,
  };
}

function statusText(row: ConsoleAnnouncementRow): string {
  switch (row.sStatus) {
    case 'scheduled':
      return 'Scheduled';
    case 'sending':
      return `Sending ${formatCount(row.iDelivered)}/${formatCount(row.iTotal)}`;
    case 'sent':
      return `Sent to ${formatCount(row.iDelivered)}`;
    case 'cancelled':
      return row.iDelivered ? `Cancelled after ${formatCount(row.iDelivered)}` : 'Cancelled';
  }
}

type Open = { kind: 'send' } | { kind: 'cancel'; row: ConsoleAnnouncementRow } | null;

/**
 * Announcements (issue 29): compose a short markdown message with a preview, pick who gets it (a
 * segment with its live count), when and whether by email, confirm with the count; the list with
 * each send's progress, and cancel. Viewers read it all; sending and cancelling need announce:send.
 */
export default function AnnouncementsScreen() {
  useConsoleTitle('Announcements');
  const may = useOperatorMay();
  const canSend = may('announce:send');
  const queries = useQueryClient();
  const ids = { body: useId(), collection: useId(), audience: useId(), when: useId() };
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const [pageIndex, setPageIndex] = useState(0);
  const list = useQuery({
    queryKey: announcementKeys.page(pageIndex),
    queryFn: ({ signal }) => listAnnouncements(pageIndex, signal),
    placeholderData: keepPreviousData,
    // While something is on its way, its progress moves.
    refetchInterval: (query) =>
      query.state.data?.aRows.some((r) => r.sStatus === 'sending' || r.sStatus === 'scheduled') ? 3000 : false,
  });
  const collections = list.data?.aCollections ?? [];
  const names = new Map(collections.map((c) => [c.sCollectionID, c.sName]));
  const segment = segmentOf(draft);
  const countable = segment.bEveryone || !segmentIsEmpty(segment);
  const count = useQuery({
    queryKey: announcementKeys.count(segment),
    queryFn: ({ signal }) => countSegment(segment, signal),
    enabled: countable,
    placeholderData: keepPreviousData,
    retry: false,
  });

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
      const sent = await sendAnnouncement({
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
      await cancelAnnouncement(open.row.iAnnouncementID, reason);
      setDone(`“${open.row.sTitle}” is cancelled.`);
    }
    await queries.invalidateQueries({ queryKey: announcementKeys.list });
  }

  const columns: ColumnDef<ConsoleAnnouncementRow, unknown>[] = [
    { id: 'title', header: 'Title', cell: ({ row }) => <span className={styles.wrap}>{row.original.sTitle}</span> },
    {
      id: 'audience',
      header: 'Audience',
      cell: ({ row }) => (
        <span className={styles.wrap}>
          {describeSegment(row.original.pSegment, (id) => names.get(id) ?? id)}
          {row.original.bEmail && <span className={styles.muted}> · email</span>}
        </span>
      ),
    },
    { id: 'when', header: 'When', cell: ({ row }) => formatWhen(row.original.iSendAt) },
    {
      id: 'status',
      header: 'Status',
      cell: ({ row }) => <span className={styles[row.original.sStatus]}>{statusText(row.original)}</span>,
    },
    {
      id: 'emailed',
      header: 'Emails',
      cell: ({ row }) => (row.original.bEmail ? formatCount(row.original.iEmailed) : '—'),
    },
    { id: 'by', header: 'By', cell: ({ row }) => row.original.sCreatedBy },
    ...(canSend
      ? [
          {
            id: 'actions',
            header: 'Actions',
            cell: ({ row }: { row: { original: ConsoleAnnouncementRow } }) =>
              row.original.sStatus === 'scheduled' || row.original.sStatus === 'sending' ? (
                <button
                  type="button"
                  className={`${styles.small} ${styles.danger}`}
                  aria-label={`Cancel “${row.original.sTitle}”`}
                  onClick={() => {
                    setDone(null);
                    setOpen({ kind: 'cancel', row: row.original });
                    setDialogOpen(true);
                  }}
                >
                  Cancel
                </button>
              ) : null,
          } satisfies ColumnDef<ConsoleAnnouncementRow, unknown>,
        ]
      : []),
  ];

  const audience = segment.bEveryone ? 'every member' : describeSegment(segment, (id) => names.get(id) ?? id);
  const countText = !countable
    ? 'Choose everyone or at least one criterion.'
    : count.error
      ? (count.error as ConsoleError).message
      : count.data
        ? `Matches ${formatCount(count.data.iCount)} member${count.data.iCount === 1 ? '' : 's'} now.`
        : 'Counting…';

  return (
    <div className={`${shared.screen} ${styles.screen}`}>
      <PageHeader
        title="Announcements"
        subtitle="A short message to every member or a segment: in their notifications, as a popup once, and by email if you choose."
      />
      {done && <Notice tone="success">{done}</Notice>}
      {canSend ? (
        <section className={styles.compose} aria-labelledby="compose-title">
          <h2 id="compose-title">New announcement</h2>
          <div className={styles.columns}>
            <div>
              <Field
                label="Title"
                value={draft.title}
                maxLength={ANNOUNCE_TITLE_MAX}
                hint={`${draft.title.length}/${ANNOUNCE_TITLE_MAX}`}
                onChange={(event) => set('title', event.target.value)}
              />
              <div className={styles.field}>
                <label htmlFor={ids.body}>Message (markdown)</label>
                <textarea
                  id={ids.body}
                  className={styles.textarea}
                  value={draft.body}
                  rows={6}
                  maxLength={ANNOUNCE_BODY_MAX}
                  aria-describedby={`${ids.body}-hint`}
                  onChange={(event) => set('body', event.target.value)}
                />
                <span id={`${ids.body}-hint`} className={styles.muted}>
                  **bold**, *italic*, [links](https://…), lists. {draft.body.length}/{ANNOUNCE_BODY_MAX}
                </span>
              </div>
            </div>
            <section className={styles.preview} aria-label="Preview">
              <h3>{draft.title.trim() || 'Preview'}</h3>
              {draft.body.trim() ? (
                <LazyMarkdown>{draft.body}</LazyMarkdown>
              ) : (
                <p className={styles.muted}>The message shows here as members will see it.</p>
              )}
            </section>
          </div>

          <fieldset className={styles.group}>
            <legend>Who gets it</legend>
            <div className={styles.choices}>
              <label>
                <input
                  type="radio"
                  name={ids.audience}
                  checked={!draft.everyone}
                  onChange={() => set('everyone', false)}
                />
                Members matching all of these
              </label>
              <label>
                <input
                  type="radio"
                  name={ids.audience}
                  checked={draft.everyone}
                  onChange={() => set('everyone', true)}
                />
                Everyone
              </label>
            </div>
            {!draft.everyone && (
              <div className={styles.criteria}>
                <Field
                  label="Joined after"
                  type="datetime-local"
                  step={1}
                  value={draft.joinedAfter}
                  onChange={(event) => set('joinedAfter', event.target.value)}
                />
                <Field
                  label="Joined before"
                  type="datetime-local"
                  step={1}
                  value={draft.joinedBefore}
                  onChange={(event) => set('joinedBefore', event.target.value)}
                />
                <div className={styles.field}>
                  <label htmlFor={ids.collection}>Holds a collection</label>
                  <select
                    id={ids.collection}
                    className={styles.select}
                    value={draft.collection}
                    onChange={(event) => set('collection', event.target.value)}
                  >
                    <option value="">Any (not a criterion)</option>
                    {collections.map((c) => (
                      <option key={c.sCollectionID} value={c.sCollectionID}>
                        {c.sName}
                      </option>
                    ))}
                  </select>
                </div>
                <div className={styles.checks}>
                  <label>
                    <input type="checkbox" checked={draft.played} onChange={(e) => set('played', e.target.checked)} />
                    Has played a game
                  </label>
                  <label>
                    <input
                      type="checkbox"
                      checked={draft.verified}
                      onChange={(e) => set('verified', e.target.checked)}
                    />
                    Verified email
                  </label>
                </div>
              </div>
            )}
            <output
              className={styles.count}
              aria-live="polite"
              data-testid="segment-count"
              data-idle={countable && !count.error ? undefined : ''}
            >
              {countText}
            </output>
          </fieldset>

          <fieldset className={styles.group}>
            <legend>When and how</legend>
            <div className={styles.choices}>
              <label>
                <input type="radio" name={ids.when} checked={!draft.later} onChange={() => set('later', false)} />
                Now
              </label>
              <label>
                <input type="radio" name={ids.when} checked={draft.later} onChange={() => set('later', true)} />
                At a time
              </label>
            </div>
            {draft.later && (
              <Field
                label="Send at (your local time)"
                type="datetime-local"
                value={draft.at}
                onChange={(event) => set('at', event.target.value)}
              />
            )}
            <p className={styles.muted}>
              Every member it reaches gets an entry in their notifications and a popup once.
            </p>
            <label className={styles.check}>
              <input type="checkbox" checked={draft.email} onChange={(e) => set('email', e.target.checked)} />
              Also by email (to members who asked for news by email)
            </label>
          </fieldset>

          {problem && <Notice tone="warning">{problem}</Notice>}
          <div>
            <Button onClick={review}>Review and send</Button>
          </div>
        </section>
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
        title={open?.kind === 'cancel' ? `Cancel “${open.row.sTitle}”` : `Send “${draft.title.trim()}”`}
        danger={open?.kind === 'cancel'}
        confirmLabel={open?.kind === 'cancel' ? 'Cancel the send' : draft.later ? 'Schedule' : 'Send now'}
        description={
          open?.kind === 'cancel' ? (
            <p>No more members get it. Members who already have it keep it.</p>
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
