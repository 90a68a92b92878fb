import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { NotificationEntry } from '../../../../protocol/notifications';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationKeys,
} from '../api/notifications';
import type { MemberLive } from '../model/live';
import styles from './NotificationPanel.module.css';

const KIND_LABEL: Record<NotificationEntry['sKind'], string> = {
  mention: 'Chat',
  raffle: 'Raffle',
  prize: 'Prize',
  store: 'Store',
  referral: 'Friends',
  announcement: 'News',
  trade: 'Trades',
};

function when(at: number, now: number): string {
  const minutes = Math.round((now - at) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  return new Date(at).toLocaleDateString();
}

export interface NotificationPanelProps {
  open: boolean;
  onClose(): void;
  live: MemberLive;
  /** Changes when the server announces new entries or read state: the list loads again. */
  revision: number;
}

/** The bell's panel: the member's entries, newest first, each linking where it belongs. */
export default function NotificationPanel({ open, onClose, live, revision }: NotificationPanelProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  // A refused "Mark all read" says so (issue 42: it failed silently and the badge stayed).
  const [markFailed, setMarkFailed] = useState(false);
  const query = useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => listNotifications(pageParam || undefined),
    initialPageParam: 0,
    getNextPageParam: (last) => last.iNextBeforeID || undefined,
    enabled: open,
  });
  const { refetch } = query;

  // biome-ignore lint/correctness/useExhaustiveDependencies: load again on each announced change while open
  useEffect(() => {
    if (open) refetch();
  }, [open, revision]);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target)) return;
      if ((target as Element).closest?.('[data-testid="bell"]')) return;
      onClose();
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open, onClose]);

  if (!open) return null;
  const entries = query.data?.pages.flatMap((page) => page.aNotifications) ?? [];
  const unread = live.getState().notifications.iUnread;
  const now = Date.now();

  const openEntry = async (entry: NotificationEntry) => {
    if (!entry.iReadAt) {
      markNotificationRead(entry.iNotificationID).then(live.setCounts, () => {});
    }
    onClose();
    if (entry.sLink) navigate(entry.sLink);
  };

  return (
    <div ref={panel} className={styles.panel} role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          Notifications
        </h2>
        <button
          type="button"
          className={styles.markAll}
          disabled={unread === 0}
          onClick={() => {
            setMarkFailed(false);
            markAllNotificationsRead().then(live.setCounts, () => setMarkFailed(true));
          }}
        >
          Mark all read
        </button>
      </div>
      {markFailed && (
        <p className={styles.empty} role="alert">
          Could not mark them read. Please try again.
        </p>
      )}
      {query.isPending ? (
        <p className={styles.empty}>Loading…</p>
      ) : query.isError ? (
        <p className={styles.empty}>Could not load your notifications. Please try again.</p>
      ) : entries.length === 0 ? (
        <p className={styles.empty}>Nothing yet. Mentions, raffle results, prizes and news land here.</p>
      ) : (
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.iNotificationID}>
              <button
                type="button"
                className={`${styles.entry} ${entry.iReadAt ? '' : styles.unread}`}
                onClick={() => openEntry(entry)}
              >
                <span className={styles.meta}>
                  <span className={styles.kind}>{KIND_LABEL[entry.sKind] ?? 'News'}</span>
                  <span>{when(entry.iCreatedAt, now)}</span>
                  {!entry.iReadAt && <span className="visually-hidden">Unread.</span>}
                </span>
                <span className={styles.entryTitle}>{entry.sTitle}</span>
                {entry.sBody && <span className={styles.body}>{entry.sBody}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className={styles.more}
          disabled={query.isFetchingNextPage}
          onClick={() => query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </button>
      )}
    </div>
  );
}
