import { lazy, Suspense } from 'react';
import styles from './LazyMarkdown.module.css';

const Markdown = lazy(() => import('./markdown/Markdown'));

/** Markdown rendered by a lazily loaded chunk (react-markdown is ~49 KB gzip: never in the entry). */
export function LazyMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <Suspense
      fallback={
        <div className={styles.skeleton} aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      }
    >
      <Markdown className={className}>{children}</Markdown>
    </Suspense>
  );
}
