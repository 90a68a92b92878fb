import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DIALOG_CLOSE_MS } from '../config';
import styles from './Dialog.module.css';
import { CloseIcon } from './icons';

/**
 * After a dialog closes: back to what opened it when it is still there, else (a popup nobody opened,
 * an opener that went away) to the page's main landmark, never the page body.
 */
function returnFocus(opener: Element | null): void {
  if (opener instanceof HTMLElement && opener !== document.body && opener.isConnected) {
    opener.focus();
    return;
  }
  if (document.activeElement && document.activeElement !== document.body) return;
  const main = document.getElementById('main');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus({ preventScroll: true });
}

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}

/**
 * A modal on the native <dialog> (top layer, focus kept inside, Escape). It fades and rises in,
 * and when `open` turns false it plays the spec's 600 ms close animation before closing.
 */
export function Dialog({ open, onClose, title, children, footer, wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, setState] = useState<'open' | 'closing' | 'closed'>(open ? 'open' : 'closed');
  const opener = useRef<Element | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      setState('open');
      if (!dialog.open) {
        opener.current = document.activeElement;
        dialog.showModal();
      }
      return;
    }
    if (!dialog.open) return;
    setState('closing');
    const timer = setTimeout(() => {
      dialog.close();
      setState('closed');
      returnFocus(opener.current);
      opener.current = null;
    }, DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

  // Unmounted while shown or closing (a queue of popups that ends): focus still goes somewhere sensible.
  useEffect(
    () => () => {
      if (opener.current === null) return;
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) returnFocus(opener.current);
    },
    [],
  );

  // A body that scrolls (a long item on a phone) is reachable by keyboard.
  useEffect(() => {
    const body = bodyRef.current;
    if (!body || state === 'closed') return;
    const mark = () => {
      if (body.scrollHeight > body.clientHeight + 1) body.tabIndex = 0;
      else body.removeAttribute('tabindex');
    };
    mark();
    const observer = new ResizeObserver(mark);
    observer.observe(body);
    for (const child of body.children) observer.observe(child);
    return () => observer.disconnect();
  });

  // A step that replaces the focused button (Confirm → the outcome) would drop focus to the page body.
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog?.open || dialog.contains(document.activeElement)) return;
    const target = dialog.querySelector<HTMLElement>(`.${styles.footer} button, .${styles.footer} a`);
    (target ?? dialog.querySelector<HTMLElement>('button'))?.focus();
  });

  return (
    <dialog
      ref={ref}
      className={`${styles.dialog} ${wide ? styles.wide : ''}`}
      aria-labelledby={titleId}
      data-state={state}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {state !== 'closed' && (
        <div className={styles.panel}>
          <header className={styles.header}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
              <CloseIcon />
            </button>
          </header>
          <div ref={bodyRef} className={styles.body}>
            {children}
          </div>
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
