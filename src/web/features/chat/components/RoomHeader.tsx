import { Timer, Users } from 'lucide-react';
import type { ChatChannel } from '../../../../protocol/chat';
import styles from './RoomHeader.module.css';

/** The open channel's name and topic, whether slow mode is on, and how many members are here. */
export function RoomHeader({ channel, here }: { channel: ChatChannel; here: number }) {
  return (
    <header className={styles.roomHeader}>
      <div className={styles.roomTitle}>
        <h2 id="chat-room-title"># {channel.sName}</h2>
        {channel.sTopic && <p className={styles.topic}>{channel.sTopic}</p>}
      </div>
      <div className={styles.roomFacts}>
        {channel.iSlowModeMs > 0 && (
          <span className={styles.slowBadge} title="One message per member per interval">
            <Timer size={15} aria-hidden="true" /> {channel.bAutoSlow ? 'Busy: slow mode' : 'Slow mode'}
          </span>
        )}
        <span className={`${styles.here} tabular`}>
          <Users size={15} aria-hidden="true" /> {here} here
        </span>
      </div>
    </header>
  );
}
