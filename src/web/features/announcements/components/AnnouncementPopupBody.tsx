import type { AnnouncementPopup } from '../../../../protocol/announcements';
import { LazyMarkdown } from '../../../ui/LazyMarkdown';
import styles from './AnnouncementPopupBody.module.css';

/** An announcement in the member's popup queue (issue 29): its markdown, rendered safely, and when it came. */
export function AnnouncementPopupBody({ announcement }: { announcement: AnnouncementPopup }) {
  const when = new Date(announcement.iSentAt).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
  return (
    <div className={styles.body} data-testid="announcement-popup">
      <LazyMarkdown>{announcement.sBody}</LazyMarkdown>
      <p className={styles.meta}>An announcement from the portal team · {when}. It stays in your notifications.</p>
    </div>
  );
}
