import { type ChatUnread, type ServerFrame, UNREAD_CAP, type WelcomeFrame } from '../../protocol/chat';

/**
 * The socket's welcome kept current by the live frames that change it (channels, unread counts,
 * who is here, the mute, the server's time): what a chat screen opened on an already open socket
 * starts from, and where the header reads chat's unread badge. `focused` is the channel this tab
 * shows (its last `focus` frame): a message there is read on sight, not counted.
 */
export function keepWelcome(welcome: WelcomeFrame, frame: ServerFrame, focused: string | null): WelcomeFrame {
  switch (frame.t) {
    case 'welcome':
      return frame;
    case 'unread':
      return { ...welcome, aUnread: withUnread(welcome.aUnread, frame.pUnread) };
    case 'message': {
      const message = frame.pMessage;
      const aChannels = welcome.aChannels.map((c) =>
        c.sChannelID === message.sChannelID ? { ...c, iLastID: Math.max(c.iLastID, message.iMessageID) } : c,
      );
      const me = welcome.pMe.sUserName.toLowerCase();
      if (message.sUserName.toLowerCase() === me || message.sChannelID === focused) return { ...welcome, aChannels };
      const before = welcome.aUnread.find((u) => u.sChannelID === message.sChannelID);
      const unread: ChatUnread = {
        sChannelID: message.sChannelID,
        iUnread: Math.min(UNREAD_CAP, (before?.iUnread ?? 0) + 1),
        iFirstUnreadID: before?.iFirstUnreadID || message.iMessageID,
        bMentioned: Boolean(before?.bMentioned) || message.aMentions.some((name) => name.toLowerCase() === me),
      };
      return { ...welcome, aChannels, aUnread: withUnread(welcome.aUnread, unread) };
    }
    case 'channel': {
      const id = frame.pChannel.sChannelID;
      const others = welcome.aChannels.filter((c) => c.sChannelID !== id);
      if (frame.bArchived)
        return { ...welcome, aChannels: others, aUnread: welcome.aUnread.filter((u) => u.sChannelID !== id) };
      const known = welcome.aChannels.some((c) => c.sChannelID === id);
      return {
        ...welcome,
        aChannels: known
          ? welcome.aChannels.map((c) =>
              c.sChannelID === id ? { ...frame.pChannel, iLastID: Math.max(frame.pChannel.iLastID, c.iLastID) } : c,
            )
          : [...others, frame.pChannel],
      };
    }
    case 'presence':
      return { ...welcome, pHere: frame.pHere };
    case 'mute':
      return { ...welcome, pMute: frame.pMute };
    case 'error':
      return frame.pMute ? { ...welcome, pMute: frame.pMute } : welcome;
    case 'pong':
      return { ...welcome, iServerTime: frame.iServerTime };
    default:
      return welcome;
  }
}

function withUnread(list: readonly ChatUnread[], unread: ChatUnread): ChatUnread[] {
  return [...list.filter((u) => u.sChannelID !== unread.sChannelID), unread];
}

/** Chat's badge in the header: unread messages over every channel, and whether one names the member. */
export function unreadSummary(welcome: WelcomeFrame | null): { unread: number; mentioned: boolean } {
  let unread = 0;
  let mentioned = false;
  for (const channel of welcome?.aUnread ?? []) {
    unread += channel.iUnread;
    mentioned ||= channel.bMentioned;
  }
  return { unread, mentioned };
}
