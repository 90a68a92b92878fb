import { useEffect } from 'react';

const PREFIX = /^\(\d+\+?\) /;

/**
 * "(n) " before the tab's title while the member has unread mentions. Screens set their own
 * titles as they open, so the prefix is put back whenever the title changes.
 */
export function useTitleCount(count: number): void {
  useEffect(() => {
    const apply = () => {
      const base = document.title.replace(PREFIX, '');
      const next = count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base;
      if (document.title !== next) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = document.title.replace(PREFIX, '');
    };
  }, [count]);
}
