import { ArrowLeftRight, Flag, MicOff, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import styles from './MessageList.module.css';

export interface MessageMenuActions {
  onEdit?(): void;
  onDelete?(): void;
  onReport?(): void;
  onMute?(): void;
  /** Issue 39 (behind bTrading): the offer composer addressed to the author. */
  offerTradePath?: string;
}

/**
 * The "…" menu of a message: edit and delete (own), report and offer a trade (others'); a chat
 * operator also deletes and mutes.
 */
export function MessageMenu({
  author,
  onEdit,
  onDelete,
  onReport,
  onMute,
  offerTradePath,
}: MessageMenuActions & { author: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const away = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      // Back to the button that opened it, not the page body.
      button.current?.focus();
    };
    document.addEventListener('mousedown', away);
    document.addEventListener('keydown', onEscape);
    root.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open]);

  if (!onEdit && !onDelete && !onReport && !onMute && !offerTradePath) return null;
  const choose = (action?: () => void) => () => {
    setOpen(false);
    // A dialog the action opens returns focus here when it closes.
    button.current?.focus();
    action?.();
  };
  return (
    <div className={styles.menu} ref={root}>
      <button
        ref={button}
        type="button"
        className={styles.menuButton}
        aria-label={`Actions for the message by ${author}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <MoreHorizontal size={18} aria-hidden="true" />
      </button>
      {open && (
        <div className={styles.menuList} role="menu" id={menuId}>
          {onEdit && (
            <button type="button" role="menuitem" onClick={choose(onEdit)}>
              <Pencil size={16} aria-hidden="true" /> Edit
            </button>
          )}
          {onDelete && (
            <button type="button" role="menuitem" className={styles.danger} onClick={choose(onDelete)}>
              <Trash2 size={16} aria-hidden="true" /> Delete
            </button>
          )}
          {offerTradePath && (
            <button type="button" role="menuitem" onClick={choose(() => navigate(offerTradePath))}>
              <ArrowLeftRight size={16} aria-hidden="true" /> Offer a trade
            </button>
          )}
          {onReport && (
            <button type="button" role="menuitem" onClick={choose(onReport)}>
              <Flag size={16} aria-hidden="true" /> Report
            </button>
          )}
          {onMute && (
            <button type="button" role="menuitem" className={styles.danger} onClick={choose(onMute)}>
              <MicOff size={16} aria-hidden="true" /> Mute {author}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
