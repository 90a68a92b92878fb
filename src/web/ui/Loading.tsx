import styles from './Loading.module.css';

export const LOADING_TEXT = 'Consulting Cthulhu. Please wait...';

/** A short themed spinner with its words (never a blank screen). */
export function Loading({ label = LOADING_TEXT, fullscreen = false }: { label?: string; fullscreen?: boolean }) {
  return (
    <div className={fullscreen ? styles.fullscreen : styles.inline} role="status" aria-live="polite">
      <span className={styles.eye} aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
