import {
  CHAT_PATH,
  type ChatUnread,
  CLIENT_PING_MS,
  CLOSE_NOT_MEMBER,
  CLOSE_SESSION_ENDED,
  CLOSE_UNAUTHORIZED,
  type ServerFrame,
} from '../../../../protocol/chat';
import type { NotificationCounts } from '../../../../protocol/notifications';
import { retryDelay } from '../../../api/queryClient';
import { PORTAL_BASE } from '../../../config';
import { getAuthState } from '../../../lib/auth';
import { getNotificationCounts } from '../api/notifications';

/** What the header shows on every member page: the bell's counts and chat's unread badge. */
export interface LiveState {
  notifications: NotificationCounts;
  /** Unread chat messages over every channel; mentioned: one of them names the member. */
  chat: { unread: number; mentioned: boolean };
  /** Bumped on each change the server announced: an open panel loads its page again. */
  revision: number;
  /** The server has answered counts at least once (before that, the zeros are a placeholder). */
  counted: boolean;
}

const POLL_MS = 60_000;
const initial: LiveState = {
  notifications: { iUnread: 0, iMentions: 0 },
  chat: { unread: 0, mentioned: false },
  revision: 0,
  counted: false,
};

function socketUrl(): string {
  const url = new URL(CHAT_PATH, new URL(PORTAL_BASE, window.location.href));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/**
 * The member's live header, one per tab while a member page is open: the chat socket (while bChat
 * is on) brings new counts the moment the server announces them and chat's unread state; the
 * counts are also asked for on start, when the tab comes back and every minute (no socket, or a
 * change the socket could not carry).
 */
export class MemberLive {
  private state: LiveState = initial;
  private readonly listeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  private me = '';
  private unread = new Map<string, ChatUnread>();
  private attempt = 0;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private every: ReturnType<typeof setInterval> | null = null;
  private stopped = true;

  constructor(private readonly chatOn: () => boolean) {}

  getState = (): LiveState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<LiveState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** New counts from an answer (a mark read) or the socket; an open panel reloads. */
  setCounts = (counts: NotificationCounts): void => {
    this.set({
      notifications: { iUnread: counts.iUnread, iMentions: counts.iMentions },
      revision: this.state.revision + 1,
      counted: true,
    });
  };

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.poll();
    this.every = setInterval(() => this.poll(), POLL_MS);
    document.addEventListener('visibilitychange', this.onVisible);
    if (this.chatOn()) this.connect();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    if (this.every) clearInterval(this.every);
    this.every = null;
    document.removeEventListener('visibilitychange', this.onVisible);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'Leaving');
    }
  }

  private onVisible = () => {
    if (document.visibilityState === 'visible') this.poll();
  };

  private poll(): void {
    if (getAuthState().status !== 'signedIn') return;
    getNotificationCounts().then(
      (counts) => {
        if (
          !this.state.counted ||
          counts.iUnread !== this.state.notifications.iUnread ||
          counts.iMentions !== this.state.notifications.iMentions
        )
          this.setCounts(counts);
      },
      () => {},
    );
  }

  private connect(): void {
    const token = getAuthState().token;
    if (this.stopped || !token) return;
    const socket = new WebSocket(socketUrl());
    this.socket = socket;
    let ping: ReturnType<typeof setInterval> | null = null;
    socket.onopen = () => {
      socket.send(JSON.stringify({ t: 'hello', sToken: token }));
      ping = setInterval(() => socket.readyState === 1 && socket.send(JSON.stringify({ t: 'ping' })), CLIENT_PING_MS);
    };
    socket.onmessage = (event) => {
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (ping) clearInterval(ping);
      if (this.socket !== socket) return;
      this.socket = null;
      // Refused for good (signed out, not a member, chat off): the minute's poll goes on.
      if ([CLOSE_UNAUTHORIZED, CLOSE_NOT_MEMBER, CLOSE_SESSION_ENDED].includes(event.code) || this.stopped) return;
      const timer = setTimeout(() => this.connect(), retryDelay(this.attempt++));
      this.timers.push(timer);
    };
  }

  private onFrame(frame: ServerFrame): void {
    switch (frame.t) {
      case 'welcome':
        this.attempt = 0;
        this.me = frame.pMe.sUserName.toLowerCase();
        this.unread = new Map(frame.aUnread.map((u) => [u.sChannelID, u]));
        this.publishChat();
        this.poll();
        return;
      case 'unread':
        this.unread.set(frame.pUnread.sChannelID, frame.pUnread);
        this.publishChat();
        return;
      case 'message': {
        const message = frame.pMessage;
        if (message.sUserName.toLowerCase() === this.me) return;
        const before = this.unread.get(message.sChannelID);
        this.unread.set(message.sChannelID, {
          sChannelID: message.sChannelID,
          iUnread: (before?.iUnread ?? 0) + 1,
          iFirstUnreadID: before?.iFirstUnreadID || message.iMessageID,
          bMentioned: Boolean(before?.bMentioned) || message.aMentions.some((name) => name.toLowerCase() === this.me),
        });
        this.publishChat();
        return;
      }
      case 'notifications':
        this.setCounts(frame);
        return;
    }
  }

  private publishChat(): void {
    let unread = 0;
    let mentioned = false;
    for (const channel of this.unread.values()) {
      unread += channel.iUnread;
      mentioned ||= channel.bMentioned;
    }
    this.set({ chat: { unread, mentioned } });
  }
}
