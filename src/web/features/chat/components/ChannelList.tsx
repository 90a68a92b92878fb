import { Hash } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { UNREAD_CAP } from '../../../../protocol/chat';
import type { ChannelView } from '../model/state';
import styles from './ChannelList.module.css';

const count = (n: number) => (n >= UNREAD_CAP ? `${UNREAD_CAP - 1}+` : String(n));

/** The channels with their unread badges (an @ when one of them mentions the member). */
export function ChannelList({
  channels,
  activeId,
  onSelect,
}: {
  channels: ChannelView[];
  activeId: string | null;
  onSelect(channelId: string): void;
}) {
  const list = useRef<HTMLElement>(null);
  // On a narrow screen the channels are a strip: keep the current one in sight.
  useEffect(() => {
    if (!activeId) return;
    list.current
      ?.querySelector(`[data-channel-id="${CSS.escape(activeId)}"]`)
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeId]);
  return (
    <nav className={styles.list} aria-label="Channels" ref={list}>
      <ul>
        {channels.map(({ channel, unread }) => {
          const active = channel.sChannelID === activeId;
          const label =
            unread.iUnread > 0
              ? `${count(unread.iUnread)} unread${unread.bMentioned ? ', you are mentioned' : ''}`
              : '';
          return (
            <li key={channel.sChannelID}>
              <button
                type="button"
                className={`${styles.channel} ${active ? styles.active : ''} ${unread.iUnread > 0 ? styles.fresh : ''}`}
                aria-current={active ? 'page' : undefined}
                data-channel-id={channel.sChannelID}
                onClick={() => onSelect(channel.sChannelID)}
              >
                <Hash size={16} aria-hidden="true" />
                <span className={styles.name}>{channel.sName}</span>
                {unread.iUnread > 0 && (
                  <>
                    <span
                      className={`${styles.badge} ${unread.bMentioned ? styles.mention : ''} tabular`}
                      aria-hidden="true"
                    >
                      {unread.bMentioned && '@ '}
                      {count(unread.iUnread)}
                    </span>
                    <span className="visually-hidden">, {label}</span>
                  </>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
