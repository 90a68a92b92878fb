import { useQueryClient } from '@tanstack/react-query';
import { Bell, MessageSquare } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router';
import { ROUTES } from '../../../../protocol/routes';
import { useFlags } from '../../../lib/flags';
import { memberKeys } from '../../../lib/memberData';
import { memberSocket } from '../../../lib/memberSocket';
import { MemberLive } from '../model/live';
import styles from './MemberAlerts.module.css';
import { useTitleCount } from './useTitleCount';

// The list loads when the bell is first opened: the header itself stays tiny.
const NotificationPanel = lazy(() => import('./NotificationPanel'));

const cap = (n: number) => (n > 99 ? '99+' : String(n));

/**
 * The header's bell (the notification centre, issue 28) and, while bChat is on, the chat button
 * with its unread badge; the tab title counts unread mentions. Live over the member socket.
 */
export default function MemberAlerts() {
  const flags = useFlags();
  const location = useLocation();
  const [live] = useState(() => new MemberLive(memberSocket));
  useEffect(() => {
    live.start();
    return () => live.stop();
  }, [live]);
  const chatOn = flags.bChat;
  // The tab's one member socket (shared with the chat screen) while chat is on.
  useEffect(() => live.live(chatOn), [live, chatOn]);
  const state = useSyncExternalStore(live.subscribe, live.getState, live.getState);
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const bell = useRef<HTMLButtonElement>(null);
  const { iUnread, iMentions } = state.notifications;
  useTitleCount(iMentions);
  useFreshDataOnNews(iUnread - iMentions, state.counted);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the panel whenever the route changes
  useEffect(() => setOpen(false), [location.pathname, location.search]);

  const close = () => {
    setOpen(false);
    bell.current?.focus();
  };
  const chatLabel =
    state.chat.unread > 0
      ? `Chat: ${cap(state.chat.unread)} unread${state.chat.mentioned ? ', you were mentioned' : ''}`
      : 'Chat';

  return (
    <div className={styles.alerts}>
      {chatOn && (
        <Link to={ROUTES.chat} className={styles.button} aria-label={chatLabel} data-testid="chat-button">
          <MessageSquare size={20} aria-hidden="true" />
          {state.chat.unread > 0 && (
            <span className={`${styles.badge} ${state.chat.mentioned ? styles.mention : ''}`} aria-hidden="true">
              {state.chat.mentioned ? '@' : cap(state.chat.unread)}
            </span>
          )}
        </Link>
      )}
      <button
        ref={bell}
        type="button"
        className={styles.button}
        aria-label={iUnread > 0 ? `Notifications: ${cap(iUnread)} unread` : 'Notifications'}
        aria-expanded={open}
        aria-haspopup="dialog"
        data-testid="bell"
        onClick={() => {
          setLoaded(true);
          setOpen((value) => !value);
        }}
      >
        <Bell size={20} aria-hidden="true" />
        {iUnread > 0 && (
          <span className={styles.badge} aria-hidden="true">
            {cap(iUnread)}
          </span>
        )}
      </button>
      {loaded && (
        <Suspense fallback={null}>
          <NotificationPanel open={open} onClose={close} live={live} revision={state.revision} />
        </Suspense>
      )}
    </div>
  );
}

/**
 * A new entry other than a chat mention may come with something given (an operator's gift, a
 * prize): the member's data is asked again, so the balance and the gift's popup show without a
 * reload. Mentions give nothing, and a busy channel would otherwise ask on every one.
 */
function useFreshDataOnNews(unreadBesideMentions: number, counted: boolean) {
  const queries = useQueryClient();
  // null until the first counts arrive: those are what the page loaded with, not news.
  const before = useRef<number | null>(null);
  useEffect(() => {
    if (!counted) return;
    if (before.current !== null && unreadBesideMentions > before.current)
      void queries.invalidateQueries({ queryKey: memberKeys.all });
    before.current = unreadBesideMentions;
  }, [unreadBesideMentions, counted, queries]);
}
