import type { HTMLAttributes } from 'react';
import styles from './Card.module.css';

/** A surface with a border and a soft inner glow on hover when `interactive`. */
export function Card({
  interactive = false,
  className,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { interactive?: boolean }) {
  return (
    <div className={[styles.card, interactive && styles.interactive, className].filter(Boolean).join(' ')} {...rest} />
  );
}
