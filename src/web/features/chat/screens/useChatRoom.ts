import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useChatItem } from '../api/chat';
import type { ChatSession } from '../model/session';
import type { ChannelView, ChatState } from '../model/state';

const READ_DELAY_MS = 600;

/** The first unread message when the channel was opened: a divider and "jump to first unread". */
export function useFirstUnread(view: ChannelView | undefined): number {
  const [openedWith, setOpenedWith] = useState<{ channelId: string; firstUnreadId: number } | null>(null);
  useEffect(() => {
    if (!view || openedWith?.channelId === view.channel.sChannelID) return;
    setOpenedWith({ channelId: view.channel.sChannelID, firstUnreadId: view.unread.iFirstUnreadID });
  }, [view, openedWith]);
  return view && openedWith?.channelId === view.channel.sChannelID ? openedWith.firstUnreadId : 0;
}

/** Messages seen at the bottom of a visible page are read: the server keeps the marker for every device. */
export function useReadMarker(
  channelId: string | null,
  state: ChatState,
  view: ChannelView | undefined,
  session: ChatSession,
): void {
  const lastId = view?.messages.at(-1)?.iMessageID ?? 0;
  const marked = useRef(new Map<string, number>());
  const { atBottom, visible } = state.viewing;
  useEffect(() => {
    if (!channelId || !atBottom || !visible || state.status !== 'online') return;
    if (lastId <= (marked.current.get(channelId) ?? 0) && !(view?.unread.iUnread ?? 0)) return;
    const timer = setTimeout(() => {
      marked.current.set(channelId, lastId);
      session.markRead(channelId);
    }, READ_DELAY_MS);
    return () => clearTimeout(timer);
  }, [channelId, lastId, atBottom, visible, state.status, view?.unread.iUnread, session]);
}

/** The Howl: a collectible of the member's, attached from its viewer (`?sItemID=`), and its removal. */
export function useHowlItem() {
  const [params, setParams] = useSearchParams();
  const sItemID = params.get('sItemID');
  const item = useChatItem(sItemID);
  const detach = useCallback(() => {
    setParams(
      (p) => {
        p.delete('sItemID');
        return p;
      },
      { replace: true },
    );
  }, [setParams]);
  return { sItemID, item, detach };
}

/** The names seen in the channel, newest first, the member's own left out: the composer suggests them first. */
export function useKnownNames(view: ChannelView | undefined, myName: string | undefined): string[] {
  return useMemo(() => {
    const names = (view?.messages ?? []).map((m) => m.sUserName).filter((n) => n !== myName);
    return [...new Set(names.reverse())];
  }, [view?.messages, myName]);
}
