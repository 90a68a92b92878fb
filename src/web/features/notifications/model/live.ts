import type { ServerFrame } from '../../../../protocol/chat';
import type { NotificationCounts } from '../../../../protocol/notifications';
import { getAuthState } from '../../../lib/auth';
import { unreadSummary } from '../../../lib/liveWelcome';
import type { MemberSocket } from '../../../lib/memberSocket';
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

/**
 * The member's live header, one per tab while a member page is open: over the tab's member socket
 * (joined while bChat is on) new counts arrive the moment the server announces them, and chat's
 * unread badge follows the socket's welcome; the counts are also asked for on start, when the tab
 * comes back and every minute (no socket, or a change the socket could not carry).
 */
export class MemberLive {
  private state: LiveState = initial;
  private readonly listeners = new Set<() => void>();
  private leave: (() => void) | null = null;
  private every: ReturnType<typeof setInterval> | null = null;
  private stopped = true;

  constructor(private readonly socket: () => MemberSocket) {}

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
  }

  stop(): void {
    this.stopped = true;
    this.live(false);
    if (this.every) clearInterval(this.every);
    this.every = null;
    document.removeEventListener('visibilitychange', this.onVisible);
  }

  /** Joins the member socket (bChat on) or leaves it; refused for good, the minute's poll goes on. */
  live(on: boolean): void {
    if (on && !this.stopped && !this.leave) this.leave = this.socket().join({ frame: (frame) => this.onFrame(frame) });
    if (!on && this.leave) {
      this.leave();
      this.leave = null;
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

  private onFrame(frame: ServerFrame): void {
    if (frame.t === 'notifications') this.setCounts(frame);
    // Counts changed while the socket was away are asked for again.
    if (frame.t === 'welcome') this.poll();
    const chat = unreadSummary(this.socket().welcome());
    if (chat.unread !== this.state.chat.unread || chat.mentioned !== this.state.chat.mentioned) this.set({ chat });
  }
}
