import { type ReactNode, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Statement } from './Statement';
import styles from './StoreTabs.module.css';

/**
 * The store's two tabs: its shelves (`children`, under `label`) and History, the member's points
 * statement. The tab lives in the address (`?tab=history`), so it survives a reload and can be linked.
 */
export function StoreTabs({ label, children }: { label: string; children: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'history' ? 'history' : 'shelves';
  const ids = useId();
  const tabs = [
    { id: 'shelves', label },
    { id: 'history', label: 'History' },
  ] as const;
  return (
    <>
      <div className={styles.tabs} role="tablist" aria-label="Reward Store">
        {tabs.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`${ids}-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`${ids}-${t.id}-panel`}
            className={styles.tab}
            onClick={() => setParams(t.id === 'history' ? { tab: 'history' } : {}, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${ids}-${tab}-panel`} aria-labelledby={`${ids}-${tab}`}>
        {tab === 'history' ? <Statement /> : children}
      </div>
    </>
  );
}
