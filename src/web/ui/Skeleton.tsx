import { LOADING_TEXT } from './Loading';
import styles from './Skeleton.module.css';

/** Placeholder cards in the shape of what loads (lists and card grids on a slow network). */
export function CardSkeletons({ count = 4, className }: { count?: number; className?: string }) {
  return (
    <div className={className ?? styles.grid} role="status" aria-live="polite" data-testid="skeleton">
      <span className="visually-hidden">{LOADING_TEXT}</span>
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <span key={index} className={styles.card} aria-hidden="true">
          <span className={styles.art} />
          <span className={styles.line} />
        </span>
      ))}
    </div>
  );
}
