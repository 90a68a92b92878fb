import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { DIALOG_CLOSE_MS } from '../config';
import styles from './Dialog.module.css';
import { CloseIcon } from './icons';

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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      setState('open');
      if (!dialog.open) dialog.showModal();
      return;
    }
    if (!dialog.open) return;
    setState('closing');
    const timer = setTimeout(() => {
      dialog.close();
      setState('closed');
    }, DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [open]);

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
          <div className={styles.body}>{children}</div>
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
