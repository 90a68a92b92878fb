import {
  type ChatChannel,
  type ChatItemCard,
  type ChatMe,
  type ChatMessage,
  type ChatMute,
  type ChatRules,
  type ChatUnread,
  type ServerFrame,
  UNREAD_CAP,
} from '../../../../protocol/chat';
import { ErrorCode } from '../../../../protocol/errors';

/**
 * The chat screen's state and the pure reducer that applies server frames and local events to it
 * (docs/product.md §14). Message lists are kept sorted by id without duplicates, whatever order
 * live messages, resumes and history pages arrive in.
 */

export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'refused';

/** A message on its way: shown at once, replaced by the real one when it arrives. */
export interface PendingMessage {
  sNonce: string;
  sChannelID: string;
  sText: string;
  pItem: ChatItemCard | null;
  /** Set by the ack: the stored message's id. */
  iMessageID: number | null;
  /** Why the server refused it (the member may retry or discard it). */
  sError: string | null;
}

export interface ChannelView {
  channel: ChatChannel;
  /** Oldest first, no duplicates. */
  messages: ChatMessage[];
  /** The newest page has been loaded (else only live messages are here). */
  loaded: boolean;
  /** The channel holds older messages than the first one here. */
  hasOlder: boolean;
  /** The channel holds newer messages than the last one here that are not loaded yet (after a long absence). */
  hasNewer: boolean;
  unread: ChatUnread;
}

export interface ChatState {
  status: ConnectionStatus;
  /** When the next reconnect attempt happens (client clock), while reconnecting. */
  retryAt: number | null;
  /** Why the server will not talk to us (signed out, not a member, chat off). */
  refusal: string | null;
  me: ChatMe | null;
  rules: ChatRules | null;
  order: string[];
  channels: Record<string, ChannelView>;
  here: Record<string, number>;
  mute: ChatMute | null;
  /** Server time of the newest frame that carried one (a resume asks for edits since then). */
  serverTime: number | null;
  pending: PendingMessage[];
  /** Until when (client clock) the member must wait before writing in a channel: slow mode, rate limit. */
  cooldownUntil: Record<string, number>;
  /** What the member looks at: messages arriving there while at the bottom are read, not unread. */
  viewing: { channelId: string | null; atBottom: boolean; visible: boolean };
}

export const initialChatState: ChatState = {
  status: 'connecting',
  retryAt: null,
  refusal: null,
  me: null,
  rules: null,
  order: [],
  channels: {},
  here: {},
  mute: null,
  serverTime: null,
  pending: [],
  cooldownUntil: {},
  viewing: { channelId: null, atBottom: true, visible: true },
};

export type ChatAction =
  | { type: 'frame'; frame: ServerFrame; now: number }
  | { type: 'status'; status: ConnectionStatus; retryAt?: number | null; refusal?: string | null }
  | {
      type: 'history';
      channelId: string;
      messages: ChatMessage[];
      more: boolean;
      direction: 'latest' | 'older' | 'newer';
    }
  | { type: 'pending'; message: PendingMessage }
  | { type: 'discard'; sNonce: string }
  | { type: 'viewing'; viewing: Partial<ChatState['viewing']> }
  | { type: 'readLocally'; channelId: string }
  | { type: 'cooldown'; channelId: string; until: number };

// ── Message lists ─────────────────────────────────────────────────────────────────────────────

/** Merges messages into a sorted list: new ids inserted in order, known ids replaced (an edit), nothing twice. */
export function mergeMessages(list: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return list as ChatMessage[];
  const byId = new Map(list.map((m) => [m.iMessageID, m]));
  for (const message of incoming) byId.set(message.iMessageID, message);
  const last = list.at(-1);
  // The common case, one newer message, needs no sort.
  if (incoming.length === 1 && last && (incoming[0] as ChatMessage).iMessageID > last.iMessageID) {
    return [...list, incoming[0] as ChatMessage];
  }
  return [...byId.values()].sort((a, b) => a.iMessageID - b.iMessageID);
}

/** Replaces messages that are in the list; ignores the others (an edit of a message not loaded). */
export function replaceKnown(list: readonly ChatMessage[], edited: readonly ChatMessage[]): ChatMessage[] {
  if (edited.length === 0) return list as ChatMessage[];
  const byId = new Map(edited.map((m) => [m.iMessageID, m]));
  return list.map((m) => byId.get(m.iMessageID) ?? m);
}

export function removeMessages(list: readonly ChatMessage[], ids: readonly number[]): ChatMessage[] {
  if (ids.length === 0) return list as ChatMessage[];
  const gone = new Set(ids);
  return list.filter((m) => !gone.has(m.iMessageID));
}

/** The newest message id the client holds per channel: what a reconnect or resync resumes from. */
export function lastSeen(state: ChatState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const id of state.order) {
    const view = state.channels[id] as ChannelView;
    out[id] = Math.max(view.channel.iLastID, view.messages.at(-1)?.iMessageID ?? 0);
  }
  return out;
}

const emptyUnread = (sChannelID: string): ChatUnread => ({
  sChannelID,
  iUnread: 0,
  iFirstUnreadID: 0,
  bMentioned: false,
});

function channelView(channel: ChatChannel, before: ChannelView | undefined, unread?: ChatUnread): ChannelView {
  return {
    channel,
    messages: before?.messages ?? [],
    loaded: before?.loaded ?? false,
    hasOlder: before?.hasOlder ?? true,
    hasNewer: before?.hasNewer ?? false,
    unread: unread ?? before?.unread ?? emptyUnread(channel.sChannelID),
  };
}

function withChannel(state: ChatState, id: string, change: (view: ChannelView) => ChannelView): ChatState {
  const view = state.channels[id];
  if (!view) return state;
  return { ...state, channels: { ...state.channels, [id]: change(view) } };
}

// ── Reducer ─────────────────────────────────────────────────────────────────────────────────

export function chatReducer(state: ChatState, action: ChatAction): ChatState {
  switch (action.type) {
    case 'frame':
      return applyFrame(state, action.frame, action.now);
    case 'status':
      return {
        ...state,
        status: action.status,
        retryAt: action.retryAt ?? null,
        refusal: action.refusal === undefined ? state.refusal : action.refusal,
      };
    case 'history':
      return withChannel(state, action.channelId, (view) => ({
        ...view,
        messages: mergeMessages(view.messages, action.messages),
        loaded: view.loaded || action.direction === 'latest',
        hasOlder: action.direction === 'newer' ? view.hasOlder : action.more,
        hasNewer: action.direction === 'newer' ? action.more : action.direction === 'latest' ? false : view.hasNewer,
      }));
    case 'pending':
      return {
        ...state,
        pending: [...state.pending.filter((p) => p.sNonce !== action.message.sNonce), action.message],
      };
    case 'discard':
      return { ...state, pending: state.pending.filter((p) => p.sNonce !== action.sNonce) };
    case 'viewing':
      return { ...state, viewing: { ...state.viewing, ...action.viewing } };
    case 'readLocally':
      return withChannel(state, action.channelId, (view) => ({ ...view, unread: emptyUnread(action.channelId) }));
    case 'cooldown':
      return { ...state, cooldownUntil: { ...state.cooldownUntil, [action.channelId]: action.until } };
  }
}

function applyFrame(state: ChatState, frame: ServerFrame, now: number): ChatState {
  switch (frame.t) {
    case 'welcome': {
      const channels: Record<string, ChannelView> = {};
      for (const channel of frame.aChannels) {
        const unread = frame.aUnread.find((u) => u.sChannelID === channel.sChannelID);
        channels[channel.sChannelID] = channelView(channel, state.channels[channel.sChannelID], unread);
      }
      return {
        ...state,
        status: 'online',
        retryAt: null,
        refusal: null,
        me: frame.pMe,
        rules: frame.pRules,
        order: frame.aChannels.map((c) => c.sChannelID),
        channels,
        here: frame.pHere,
        mute: frame.pMute,
        serverTime: frame.iServerTime,
      };
    }
    case 'missed':
      return withChannel(state, frame.sChannelID, (view) => ({
        ...view,
        messages: removeMessages(
          replaceKnown(mergeMessages(view.messages, frame.aMessages), frame.aEdited),
          frame.aDeletedIDs,
        ),
        hasNewer: view.hasNewer || frame.bMore,
      }));
    case 'message':
      return receive(state, frame.pMessage);
    case 'edited':
      return withChannel(state, frame.pMessage.sChannelID, (view) => ({
        ...view,
        messages: replaceKnown(view.messages, [frame.pMessage]),
      }));
    case 'deleted':
      return withChannel(state, frame.sChannelID, (view) => ({
        ...view,
        messages: removeMessages(view.messages, [frame.iMessageID]),
      }));
    case 'presence':
      return { ...state, here: frame.pHere };
    case 'channel': {
      const id = frame.pChannel.sChannelID;
      if (frame.bArchived) {
        const { [id]: _gone, ...rest } = state.channels;
        return { ...state, channels: rest, order: state.order.filter((c) => c !== id) };
      }
      const before = state.channels[id];
      const channel = { ...frame.pChannel, iLastID: Math.max(frame.pChannel.iLastID, before?.channel.iLastID ?? 0) };
      return {
        ...state,
        channels: { ...state.channels, [id]: channelView(channel, before) },
        order: state.order.includes(id) ? state.order : [...state.order, id],
      };
    }
    case 'unread':
      return withChannel(state, frame.pUnread.sChannelID, (view) => ({ ...view, unread: frame.pUnread }));
    case 'mute':
      return { ...state, mute: frame.pMute };
    case 'ack': {
      const pending = state.pending.find((p) => p.sNonce === frame.sNonce);
      if (!pending) return state;
      const arrived = state.channels[pending.sChannelID]?.messages.some((m) => m.iMessageID === frame.iMessageID);
      return {
        ...state,
        pending: arrived
          ? state.pending.filter((p) => p !== pending)
          : state.pending.map((p) => (p === pending ? { ...p, iMessageID: frame.iMessageID } : p)),
      };
    }
    case 'error': {
      const pending = state.pending.find((p) => p.sNonce === frame.sNonce);
      let next = state;
      if (frame.pMute) next = { ...next, mute: frame.pMute };
      const channelId = pending?.sChannelID;
      if (
        channelId &&
        frame.iRetryAfterMs &&
        (frame.iErrorCode === ErrorCode.CHAT_SLOW_MODE || frame.iErrorCode === ErrorCode.RATE_LIMITED)
      ) {
        next = { ...next, cooldownUntil: { ...next.cooldownUntil, [channelId]: now + frame.iRetryAfterMs } };
      }
      if (pending) {
        next = { ...next, pending: next.pending.map((p) => (p === pending ? { ...p, sError: frame.sMessage } : p)) };
      }
      return next;
    }
    case 'pong':
      return { ...state, serverTime: frame.iServerTime };
    case 'resync':
    case 'notifications':
      return state;
  }
}

/** A live message: into its channel, out of the pending list, and unread unless the member is watching. */
function receive(state: ChatState, message: ChatMessage): ChatState {
  const view = state.channels[message.sChannelID];
  if (!view) return state;
  const known = view.messages.some((m) => m.iMessageID === message.iMessageID);
  const own = state.me?.sUserName === message.sUserName;
  const watching = state.viewing.channelId === message.sChannelID && state.viewing.atBottom && state.viewing.visible;
  const me = state.me?.sUserName.toLowerCase();
  const unread =
    known || own || watching
      ? view.unread
      : {
          ...view.unread,
          iUnread: Math.min(UNREAD_CAP, view.unread.iUnread + 1),
          iFirstUnreadID: view.unread.iFirstUnreadID || message.iMessageID,
          bMentioned: view.unread.bMentioned || message.aMentions.some((name) => name.toLowerCase() === me),
        };
  return {
    ...state,
    channels: {
      ...state.channels,
      [message.sChannelID]: {
        ...view,
        channel: { ...view.channel, iLastID: Math.max(view.channel.iLastID, message.iMessageID) },
        messages: mergeMessages(view.messages, [message]),
        unread,
      },
    },
    pending: withoutDelivered(state.pending, message, own && !known),
  };
}

/**
 * The pending copy of a live message leaves the list: by its id once the ack has told it, or, when
 * the broadcast of the member's own new message beats the ack, the oldest pending one of that
 * channel and text (else the message showed twice until the ack came).
 */
function withoutDelivered(pending: PendingMessage[], message: ChatMessage, ownAndNew: boolean): PendingMessage[] {
  let index = pending.findIndex((p) => p.iMessageID === message.iMessageID);
  if (index < 0 && ownAndNew) {
    index = pending.findIndex(
      (p) => p.iMessageID === null && !p.sError && p.sChannelID === message.sChannelID && p.sText === message.sText,
    );
  }
  return index < 0 ? pending : pending.filter((_, i) => i !== index);
}
