import { memo, useState } from 'react';
import { type ChatMessage, highlightMentions } from '../../../../protocol/chat';
import { tradeComposerPath } from '../../../../protocol/trading';
import { mediaUrl } from '../../../api/media';
import { useFlags } from '../../../lib/flags';
import { Button } from '../../../ui/Button';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import type { Outcome } from '../model/session';
import { fullTime, timeOfDay } from '../model/time';
import { HowlCard } from './HowlCard';
import styles from './MessageList.module.css';
import { MessageMenu } from './MessageMenu';

/** A member's face in chat: their first Agent's art, or their initial. */
export function Avatar({ name, image }: { name: string; image: string }) {
  if (image)
    return <img className={styles.avatar} src={mediaUrl(image)} alt="" width={40} height={40} loading="lazy" />;
  return (
    <span className={`${styles.avatar} ${styles.initial}`} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

export interface MessageItemProps {
  message: ChatMessage;
  /** The member wrote it and may still edit or delete it. */
  editable: boolean;
  /** The member may delete it as a chat operator. */
  moderatable: boolean;
  /** It is someone else's (so it can be reported). */
  reportable: boolean;
  /** It mentions the member. */
  mentionsMe: boolean;
  maxLength: number;
  onEdit(iMessageID: number, text: string): Promise<Outcome>;
  onDelete(message: ChatMessage): void;
  onReport(message: ChatMessage): void;
  onMute(message: ChatMessage): void;
}

/** One message: avatar, author, time, safe markdown (mentions in bold), a Howl card, and its menu. */
export const MessageItem = memo(function MessageItem(props: MessageItemProps) {
  const { message, editable, moderatable, reportable, mentionsMe } = props;
  const [editing, setEditing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tradable = useFlags().bTrading && reportable;

  const save = async () => {
    if (editing === null) return;
    setBusy(true);
    const outcome = await props.onEdit(message.iMessageID, editing);
    setBusy(false);
    if (outcome.ok) {
      setEditing(null);
      setProblem(null);
    } else setProblem(outcome.message);
  };

  return (
    <li
      className={`${styles.message} ${mentionsMe ? styles.mentioned : ''}`}
      data-message-id={message.iMessageID}
      aria-label={`${message.sUserName} at ${timeOfDay(message.iCreatedAt)}`}
    >
      <Avatar name={message.sUserName} image={message.sAvatar} />
      <div className={styles.content}>
        <div className={styles.meta}>
          <span className={styles.author}>{message.sUserName}</span>
          <time
            className={`${styles.time} tabular`}
            dateTime={new Date(message.iCreatedAt).toISOString()}
            title={fullTime(message.iCreatedAt)}
          >
            {timeOfDay(message.iCreatedAt)}
          </time>
          {message.iEditedAt !== null && (
            <span className={styles.edited} title={`Edited ${fullTime(message.iEditedAt)}`}>
              (edited)
            </span>
          )}
        </div>
        {editing === null ? (
          message.sText && (
            <LazyMarkdown className={styles.body}>{highlightMentions(message.sText, message.aMentions)}</LazyMarkdown>
          )
        ) : (
          <div className={styles.editor}>
            <textarea
              aria-label="Edit your message"
              value={editing}
              maxLength={props.maxLength}
              rows={3}
              onChange={(event) => setEditing(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setEditing(null);
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  void save();
                }
              }}
              autoFocus
            />
            {problem && <p className={styles.problem}>{problem}</p>}
            <div className={styles.editorActions}>
              <Button variant="ghost" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button onClick={save} busy={busy}>
                Save
              </Button>
            </div>
          </div>
        )}
        {message.pItem && <HowlCard item={message.pItem} />}
      </div>
      <MessageMenu
        author={message.sUserName}
        onEdit={editable ? () => setEditing(message.sText) : undefined}
        onDelete={editable || moderatable ? () => props.onDelete(message) : undefined}
        onReport={reportable ? () => props.onReport(message) : undefined}
        onMute={moderatable ? () => props.onMute(message) : undefined}
        offerTradePath={tradable ? tradeComposerPath({ to: message.sUserName }) : undefined}
      />
    </li>
  );
});
