import {
  type ChatHistoryAnswer,
  type ChatItemCard,
  type ClientFrame,
  type HelloFrame,
  HISTORY_PAGE,
  type ReportReason,
  type ServerFrame,
} from '../../../../protocol/chat';
import type { MemberSocket, SocketStatus } from '../../../lib/memberSocket';
import type { HistoryRequest } from '../api/chat';
import { type ChatAction, type ChatState, chatReducer, initialChatState, lastSeen } from './state';

/** What a chat session needs from the outside world (the browser's, or a test's fakes). */
export interface SessionDeps {
  /** The tab's member socket: its connection, heartbeat and reconnect are shared with the header. */
  socket: MemberSocket;
  history(request: HistoryRequest): Promise<ChatHistoryAnswer>;
  now(): number;
  random(): number;
}

export type Outcome = { ok: true } | { ok: false; message: string };

const OFFLINE: Outcome = { ok: false, message: 'Not connected right now. Please try again in a moment.' };

/**
 * One member's live chat (docs/product.md §14; the frames are in protocol/chat.ts) over the tab's
 * member socket: the state the screen renders (resumed from the last ids it holds after a
 * reconnect), and the requests the screen makes. Framework-free; useChatSession binds it to React.
 */
export class ChatSession {
  private state: ChatState = initialChatState;
  private readonly listeners = new Set<() => void>();
  private leave: (() => void) | null = null;
  private welcomed = false;
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
    if (this.leave) return;
    this.leave = this.deps.socket.join({
      frame: (frame) => this.onFrame(frame),
      status: (status) => this.onStatus(status),
      hello: () => this.resume(),
    });
  }

  /** Leaves the socket (the header may keep it open): nobody is here any more, in any channel. */
  stop(): void {
    if (!this.leave) return;
    if (this.state.viewing.channelId) this.write({ t: 'focus', sChannelID: null });
    this.leave();
    this.leave = null;
    this.welcomed = false;
    this.settleAll(OFFLINE);
  }

  /** Reconnects at once (the "Retry now" button). */
  reconnectNow(): void {
    if (this.leave) this.deps.socket.reconnectNow();
  }

  /** A reconnect resumes from the last ids this session holds (nothing to resume before the first welcome). */
  private resume(): Partial<HelloFrame> {
    return this.state.order.length === 0 ? {} : { pLastSeen: lastSeen(this.state), ...this.since() };
  }

  /** Edits and deletes since the newest server time this session heard of. */
  private since(): { iSince?: number } {
    return this.state.serverTime !== null ? { iSince: this.state.serverTime } : {};
  }

  private onStatus(status: SocketStatus): void {
    if (status.status !== 'online') {
      this.welcomed = false;
      this.settleAll(OFFLINE);
    }
    switch (status.status) {
      case 'connecting':
        this.dispatch({ type: 'status', status: this.state.me ? 'reconnecting' : 'connecting' });
        return;
      case 'reconnecting':
        this.dispatch({ type: 'status', status: 'reconnecting', retryAt: status.retryAt });
        return;
      case 'refused':
        this.dispatch({ type: 'status', status: 'refused', refusal: status.refusal });
        return;
      default:
        return;
    }
  }

  private onFrame(frame: ServerFrame): void {
    this.dispatch({ type: 'frame', frame, now: this.deps.now() });
    switch (frame.t) {
      case 'welcome':
        this.welcomed = true;
        if (this.state.viewing.channelId) this.write({ t: 'focus', sChannelID: this.state.viewing.channelId });
        // Messages written while away go out again with their nonce: the server stores each once.
        for (const pending of this.state.pending) {
          if (pending.iMessageID === null && pending.sError === null) this.writeSend(pending);
        }
        return;
      case 'resync':
        this.write({ t: 'resume', pLastSeen: lastSeen(this.state), ...this.since() });
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

  private write(frame: ClientFrame): boolean {
    return this.deps.socket.write(frame);
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
