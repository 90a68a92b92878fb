import {
  type ChatHistoryAnswer,
  type ChatItemCard,
  CLIENT_PING_MS,
  CLIENT_SILENCE_MS,
  CLOSE_NOT_MEMBER,
  CLOSE_SESSION_ENDED,
  CLOSE_UNAUTHORIZED,
  type ClientFrame,
  HISTORY_PAGE,
  type ReportReason,
  type ServerFrame,
} from '../../../../protocol/chat';
import { errorMessage } from '../../../../protocol/errors';
import type { HistoryRequest } from '../api/chat';
import { type ChatAction, type ChatState, chatReducer, initialChatState, lastSeen } from './state';

/** What a chat session needs from the outside world (the browser's, or a test's fakes). */
export interface SessionDeps {
  url(): string;
  token(): string | null;
  openSocket(url: string): SocketLike;
  history(request: HistoryRequest): Promise<ChatHistoryAnswer>;
  /** docs/product.md §9: retry backoff doubles from 1 s to 30 s. */
  backoff(attempt: number): number;
  now(): number;
  random(): number;
  /**
   * The socket's session ended: whether this tab still holds a live session (a fresh token, after
   * a password change here). If not, the app signs the tab out, which goes to /login.
   */
  checkSession(): Promise<boolean>;
}

/** The parts of the browser's WebSocket a session uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

export type Outcome = { ok: true } | { ok: false; message: string };

const OPEN = 1;
const OFFLINE: Outcome = { ok: false, message: 'Not connected right now. Please try again in a moment.' };
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * One member's live chat (docs/product.md §14; the frames are in protocol/chat.ts): the socket
 * with its hello, heartbeat and automatic reconnect (with backoff and resume), the state the screen
 * renders, and the requests the screen makes. Framework-free; useChatSession binds it to React.
 */
export class ChatSession {
  private state: ChatState = initialChatState;
  private readonly listeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private attempt = 0;
  private stopped = true;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private welcomed = false;
  private lastRefusal: string | null = null;
  private readonly waiting = new Map<string, (outcome: Outcome) => void>();
  private readonly loading = new Set<string>();
  private nonceCounter = 0;

  constructor(private readonly deps: SessionDeps) {}

  // ── For React ─────────────────────────────────────────────────────────────────────────────

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private dispatch(action: ChatAction): void {
    const next = chatReducer(this.state, action);
    if (next === this.state) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  // ── Connection ────────────────────────────────────────────────────────────────────────────

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.heartbeat = setInterval(() => this.beat(), CLIENT_PING_MS);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeat = null;
    this.reconnectTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'Leaving');
    }
    this.settleAll(OFFLINE);
  }

  /** Reconnects at once (the "Retry now" button, the browser coming back online). */
  reconnectNow(): void {
    if (this.stopped || this.socket || this.state.status === 'refused') return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  private connect(): void {
    const token = this.deps.token();
    if (!token) {
      this.dispatch({ type: 'status', status: 'refused', refusal: 'Please sign in again to chat.' });
      return;
    }
    this.welcomed = false;
    this.lastRefusal = null;
    this.dispatch({ type: 'status', status: this.state.me ? 'reconnecting' : 'connecting' });
    const socket = this.deps.openSocket(this.deps.url());
    this.socket = socket;
    socket.onopen = () => {
      this.lastFrameAt = this.deps.now();
      const resume = this.state.order.length > 0;
      this.write({
        t: 'hello',
        sToken: token,
        ...(resume ? { pLastSeen: lastSeen(this.state) } : {}),
        ...(resume && this.state.serverTime !== null ? { iSince: this.state.serverTime } : {}),
      });
    };
    socket.onmessage = (event) => {
      this.lastFrameAt = this.deps.now();
      let frame: ServerFrame;
      try {
        frame = JSON.parse(String(event.data)) as ServerFrame;
      } catch {
        return;
      }
      this.onFrame(frame);
    };
    socket.onclose = (event) => {
      this.socket = null;
      this.settleAll(OFFLINE);
      if (this.stopped) return;
      if (event.code === CLOSE_SESSION_ENDED) {
        this.afterSessionEnded();
        return;
      }
      if (event.code === CLOSE_UNAUTHORIZED || event.code === CLOSE_NOT_MEMBER) {
        this.dispatch({
          type: 'status',
          status: 'refused',
          refusal: this.lastRefusal ?? (event.reason || errorMessage(undefined)),
        });
        return;
      }
      const delay = Math.round(this.deps.backoff(this.attempt++) * (0.8 + 0.4 * this.deps.random()));
      this.dispatch({ type: 'status', status: 'reconnecting', retryAt: this.deps.now() + delay });
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null;
        this.connect();
      }, delay);
    };
  }

  /** Never a reconnect with a dead token: only a tab that still holds a live session comes back. */
  private afterSessionEnded(): void {
    this.dispatch({ type: 'status', status: 'reconnecting' });
    void this.deps.checkSession().then(
      (live) => {
        if (this.stopped || this.socket) return;
        if (live) this.connect();
        else this.dispatch({ type: 'status', status: 'refused', refusal: SESSION_ENDED });
      },
      () => {
        if (!this.stopped) this.dispatch({ type: 'status', status: 'refused', refusal: SESSION_ENDED });
      },
    );
  }

  private onFrame(frame: ServerFrame): void {
    if (frame.t === 'error' && !this.welcomed) this.lastRefusal = frame.sMessage;
    this.dispatch({ type: 'frame', frame, now: this.deps.now() });
    switch (frame.t) {
      case 'welcome':
        this.welcomed = true;
        this.attempt = 0;
        if (this.state.viewing.channelId) this.write({ t: 'focus', sChannelID: this.state.viewing.channelId });
        // Messages written while away go out again with their nonce: the server stores each once.
        for (const pending of this.state.pending) {
          if (pending.iMessageID === null && pending.sError === null) this.writeSend(pending);
        }
        return;
      case 'resync':
        this.write({
          t: 'resume',
          pLastSeen: lastSeen(this.state),
          ...(this.state.serverTime !== null ? { iSince: this.state.serverTime } : {}),
        });
        return;
      case 'missed':
        if (frame.bMore) void this.loadNewer(frame.sChannelID);
        return;
      case 'ack':
        this.settle(frame.sNonce, { ok: true });
        return;
      case 'error':
        if (frame.sNonce) this.settle(frame.sNonce, { ok: false, message: frame.sMessage });
        return;
      default:
        return;
    }
  }

  /** docs/product.md §14: a silent socket is a dead one; the server's pings do not reach scripts, so we ask. */
  private beat(): void {
    if (!this.socket || this.socket.readyState !== OPEN) return;
    if (this.deps.now() - this.lastFrameAt > CLIENT_SILENCE_MS) {
      this.socket.close(4000, 'Silent');
      return;
    }
    this.write({ t: 'ping' });
  }

  private write(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  private nonce(): string {
    this.nonceCounter += 1;
    return `c${this.deps.now().toString(36)}${this.nonceCounter.toString(36)}${Math.floor(this.deps.random() * 1e9).toString(36)}`;
  }

  private request(frame: ClientFrame & { sNonce: string }): Promise<Outcome> {
    if (!this.welcomed || !this.write(frame)) return Promise.resolve(OFFLINE);
    return new Promise((resolve) => this.waiting.set(frame.sNonce, resolve));
  }

  private settle(nonce: string, outcome: Outcome): void {
    this.waiting.get(nonce)?.(outcome);
    this.waiting.delete(nonce);
  }

  private settleAll(outcome: Outcome): void {
    for (const resolve of this.waiting.values()) resolve(outcome);
    this.waiting.clear();
  }

  // ── What the screen does ──────────────────────────────────────────────────────────────────

  /** Shows the message at once and sends it (again after a reconnect, if need be). */
  sendMessage(channelId: string, text: string, item: ChatItemCard | null): void {
    const pending = {
      sNonce: this.nonce(),
      sChannelID: channelId,
      sText: text,
      pItem: item,
      iMessageID: null,
      sError: null,
    };
    this.dispatch({ type: 'pending', message: pending });
    if (this.welcomed) this.writeSend(pending);
    const cooldown = this.state.channels[channelId]?.channel.iSlowModeMs ?? 0;
    if (cooldown > 0 && !this.state.me?.bOperator) {
      this.dispatch({ type: 'cooldown', channelId, until: this.deps.now() + cooldown });
    }
  }

  retry(sNonce: string): void {
    const pending = this.state.pending.find((p) => p.sNonce === sNonce);
    if (!pending) return;
    const again = { ...pending, sError: null };
    this.dispatch({ type: 'pending', message: again });
    if (this.welcomed) this.writeSend(again);
  }

  discard(sNonce: string): void {
    this.dispatch({ type: 'discard', sNonce });
  }

  private writeSend(pending: { sNonce: string; sChannelID: string; sText: string; pItem: ChatItemCard | null }) {
    this.write({
      t: 'send',
      sNonce: pending.sNonce,
      sChannelID: pending.sChannelID,
      sText: pending.sText,
      ...(pending.pItem ? { sItemID: pending.pItem.sItemID } : {}),
    });
  }

  edit(iMessageID: number, sText: string): Promise<Outcome> {
    return this.request({ t: 'edit', sNonce: this.nonce(), iMessageID, sText });
  }

  remove(iMessageID: number): Promise<Outcome> {
    return this.request({ t: 'delete', sNonce: this.nonce(), iMessageID });
  }

  report(iMessageID: number, sReason: ReportReason, sNote: string): Promise<Outcome> {
    return this.request({ t: 'report', sNonce: this.nonce(), iMessageID, sReason, ...(sNote ? { sNote } : {}) });
  }

  /** A chat operator mutes the author of a message (null: until lifted). */
  muteAuthor(iMessageID: number, iDurationMs: number | null, sReason: string): Promise<Outcome> {
    return this.request({ t: 'muteAuthor', sNonce: this.nonce(), iMessageID, iDurationMs, sReason });
  }

  /** The member looks at a channel (or none): who-is-here follows, and messages there are read. */
  view(viewing: Partial<ChatState['viewing']>): void {
    const before = this.state.viewing.channelId;
    this.dispatch({ type: 'viewing', viewing });
    const after = this.state.viewing.channelId;
    if (after !== before) this.write({ t: 'focus', sChannelID: after });
  }

  /** Marks the channel read up to its newest message (the server tells the member's other devices). */
  markRead(channelId: string): void {
    const view = this.state.channels[channelId];
    const newest = view?.messages.at(-1)?.iMessageID ?? 0;
    if (!view || newest === 0) return;
    if (view.unread.iUnread > 0 || view.unread.iFirstUnreadID !== 0) this.dispatch({ type: 'readLocally', channelId });
    this.write({ t: 'read', sChannelID: channelId, iMessageID: newest });
  }

  // ── History (portal actions) ─────────────────────────────────────────────────────────────

  loadLatest(channelId: string): Promise<void> {
    return this.load(channelId, 'latest', {});
  }

  loadOlder(channelId: string): Promise<void> {
    const first = this.state.channels[channelId]?.messages[0];
    return this.load(channelId, 'older', first ? { iBeforeID: first.iMessageID } : {});
  }

  /** Pages forward until the list meets the live messages (after an absence longer than one resume). */
  async loadNewer(channelId: string): Promise<void> {
    for (let pages = 0; pages < 20; pages++) {
      const view = this.state.channels[channelId];
      if (!view?.hasNewer) return;
      const before = this.state.channels[channelId]?.messages.at(-1)?.iMessageID ?? 0;
      await this.load(channelId, 'newer', { iAfterID: before });
      if ((this.state.channels[channelId]?.messages.at(-1)?.iMessageID ?? 0) === before) return;
    }
  }

  private async load(
    channelId: string,
    direction: 'latest' | 'older' | 'newer',
    range: Pick<HistoryRequest, 'iBeforeID' | 'iAfterID'>,
  ): Promise<void> {
    const key = `${channelId}:${direction}`;
    if (this.loading.has(key)) return;
    this.loading.add(key);
    try {
      const page = await this.deps.history({ sChannelID: channelId, iLimit: HISTORY_PAGE, ...range });
      this.dispatch({ type: 'history', channelId, messages: page.aMessages, more: page.bMore, direction });
    } finally {
      this.loading.delete(key);
    }
  }
}
