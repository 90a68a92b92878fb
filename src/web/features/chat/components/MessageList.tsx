import { ArrowUp } from 'lucide-react';
import { Fragment, type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type ChatMessage, type ChatRules, withinEditWindow } from '../../../../protocol/chat';
import { Button } from '../../../ui/Button';
import type { Outcome } from '../model/session';
import type { ChannelView, PendingMessage } from '../model/state';
import { dayLabel, sameDay } from '../model/time';
import { HowlCard } from './HowlCard';
import { Avatar, MessageItem } from './MessageItem';
import styles from './MessageList.module.css';

const NEAR_BOTTOM_PX = 48;

export interface MessageListProps {
  view: ChannelView;
  pending: PendingMessage[];
  me: { sUserName: string; sAvatar: string; bOperator: boolean };
  rules: ChatRules;
  now: number;
  /** The first unread message when the channel was opened (0: none): a divider, and a way to jump to it. */
  firstUnreadId: number;
  onLoadOlder(): Promise<void>;
  onAtBottom(atBottom: boolean): void;
  onEdit(iMessageID: number, text: string): Promise<Outcome>;
  onDelete(message: ChatMessage): void;
  onReport(message: ChatMessage): void;
  onMute(message: ChatMessage): void;
  onRetry(sNonce: string): void;
  onDiscard(sNonce: string): void;
}

/**
 * The messages of one channel, oldest at the top: scrolling up loads earlier ones (keeping the
 * reader's place), new ones keep the view at the bottom when it was there, and "jump to first
 * unread" pages back as far as needed.
 */
export function MessageList(props: MessageListProps) {
  const { view, pending, me, rules, now, firstUnreadId } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Where the reader was before earlier messages were added above. */
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [jumping, setJumping] = useState(false);
  const [unreadVisible, setUnreadVisible] = useState(false);
  const messages = view.messages;
  const firstId = messages[0]?.iMessageID ?? 0;
  const channelId = view.channel.sChannelID;

  const loadOlder = useCallback(async () => {
    const box = scroller.current;
    if (!box || loadingOlder) return;
    anchor.current = { height: box.scrollHeight, top: box.scrollTop };
    setLoadingOlder(true);
    try {
      await props.onLoadOlder();
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder, props.onLoadOlder]);

  // A new channel starts at the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the channel changes
  useLayoutEffect(() => {
    atBottom.current = true;
    anchor.current = null;
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [channelId]);

  // After an update: keep the reader's place when earlier messages came in above, else follow the bottom.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box) return;
    if (anchor.current) {
      box.scrollTop = box.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (atBottom.current) {
      box.scrollTop = box.scrollHeight;
    }
  }, [messages, pending.length, firstId]);

  const onScroll = () => {
    const box = scroller.current;
    if (!box) return;
    const bottom = box.scrollHeight - box.scrollTop - box.clientHeight < NEAR_BOTTOM_PX;
    if (bottom !== atBottom.current) {
      atBottom.current = bottom;
      props.onAtBottom(bottom);
    }
    const divider = box.querySelector('[data-unread-divider]');
    if (divider) {
      const place = divider.getBoundingClientRect();
      const frame = box.getBoundingClientRect();
      setUnreadVisible(place.bottom > frame.top && place.top < frame.bottom);
    }
  };

  useLoadOlderAtTop(sentinel, scroller, view, loadOlder);

  // Jumping to the first unread pages back until it is loaded, then shows it.
  useEffect(() => {
    if (!jumping) return;
    const element = scroller.current?.querySelector(`[data-message-id="${firstUnreadId}"]`);
    if (element || !view.hasOlder) {
      setJumping(false);
      anchor.current = null;
      (element ?? scroller.current?.querySelector('[data-message-id]'))?.scrollIntoView({ block: 'center' });
      setUnreadVisible(true);
      return;
    }
    if (!loadingOlder) void loadOlder();
  }, [jumping, firstUnreadId, view.hasOlder, loadingOlder, loadOlder]);

  const mine = pending.filter((p) => p.sChannelID === channelId);
  const showJump = firstUnreadId > 0 && !unreadVisible && !jumping;

  return (
    <div className={styles.frame}>
      {showJump && (
        <button type="button" className={styles.jump} onClick={() => setJumping(true)}>
          <ArrowUp size={16} aria-hidden="true" /> Jump to first unread
        </button>
      )}
      <div
        className={styles.scroller}
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={`Messages in ${view.channel.sName}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the message log scrolls with the keyboard
        tabIndex={0}
      >
        <div ref={sentinel} className={styles.top}>
          {view.loaded && view.hasOlder && (
            <Button variant="ghost" onClick={loadOlder} busy={loadingOlder}>
              Load earlier messages
            </Button>
          )}
          {view.loaded && !view.hasOlder && messages.length > 0 && (
            <p className={styles.beginning}>This is the beginning of #{view.channel.sName}.</p>
          )}
        </div>
        {view.loaded && messages.length === 0 && mine.length === 0 && (
          <p className={styles.empty}>No messages yet. Say hello!</p>
        )}
        <ol className={styles.messages}>
          <MessageRows
            messages={messages}
            me={me}
            rules={rules}
            now={now}
            firstUnreadId={firstUnreadId}
            onEdit={props.onEdit}
            onDelete={props.onDelete}
            onReport={props.onReport}
            onMute={props.onMute}
          />
          {mine.map((p) => (
            <PendingItem
              key={p.sNonce}
              pending={p}
              me={me}
              onRetry={() => props.onRetry(p.sNonce)}
              onDiscard={() => props.onDiscard(p.sNonce)}
            />
          ))}
        </ol>
      </div>
    </div>
  );
}

type RowsProps = Pick<
  MessageListProps,
  'me' | 'rules' | 'now' | 'firstUnreadId' | 'onEdit' | 'onDelete' | 'onReport' | 'onMute'
> & { messages: ChatMessage[] };

/** The channel's messages, each day and the first unread one marked by a divider. */
function MessageRows({ messages, me, rules, now, firstUnreadId, onEdit, onDelete, onReport, onMute }: RowsProps) {
  const me_ = me.sUserName.toLowerCase();
  return messages.map((message, index) => {
    const previous = messages[index - 1];
    const own = message.sUserName === me.sUserName;
    return (
      <Fragment key={message.iMessageID}>
        {(!previous || !sameDay(previous.iCreatedAt, message.iCreatedAt)) && (
          <li className={styles.day} aria-hidden="true">
            <span>{dayLabel(message.iCreatedAt, now)}</span>
          </li>
        )}
        {message.iMessageID === firstUnreadId && (
          <li className={styles.unreadDivider} data-unread-divider>
            <span>New messages</span>
          </li>
        )}
        <MessageItem
          message={message}
          editable={own && withinEditWindow(message.iCreatedAt, now, rules)}
          moderatable={me.bOperator && !own}
          reportable={!own}
          mentionsMe={message.aMentions.some((name) => name.toLowerCase() === me_)}
          maxLength={rules.iMaxLength}
          onEdit={onEdit}
          onDelete={onDelete}
          onReport={onReport}
          onMute={onMute}
        />
      </Fragment>
    );
  });
}

/** The member's own message on its way, or refused with Retry and Discard. */
function PendingItem({
  pending,
  me,
  onRetry,
  onDiscard,
}: {
  pending: PendingMessage;
  me: MessageListProps['me'];
  onRetry: () => void;
  onDiscard: () => void;
}) {
  return (
    <li className={`${styles.message} ${styles.pending}`} aria-label="Your message, sending">
      <Avatar name={me.sUserName} image={me.sAvatar} />
      <div className={styles.content}>
        <div className={styles.meta}>
          <span className={styles.author}>{me.sUserName}</span>
          <span className={styles.time}>{pending.sError ? 'Not sent' : 'Sending…'}</span>
        </div>
        {pending.sText && <p className={styles.plain}>{pending.sText}</p>}
        {pending.pItem && <HowlCard item={pending.pItem} linked={false} />}
        {pending.sError && (
          <div className={styles.failed} role="alert">
            <span>{pending.sError}</span>
            <Button variant="ghost" onClick={onRetry}>
              Retry
            </Button>
            <Button variant="ghost" onClick={onDiscard}>
              Discard
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}

/** Scrolling to the top (the sentinel comes into view) loads earlier messages. */
function useLoadOlderAtTop(
  sentinel: RefObject<HTMLDivElement | null>,
  scroller: RefObject<HTMLDivElement | null>,
  view: ChannelView,
  loadOlder: () => Promise<void>,
): void {
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !view.loaded || !view.hasOlder) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) void loadOlder();
      },
      { root: scroller.current, rootMargin: '120px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [view.loaded, view.hasOlder, loadOlder, sentinel, scroller]);
}
