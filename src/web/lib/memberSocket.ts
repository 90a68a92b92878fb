import {
  CHAT_PATH,
  CLIENT_PING_MS,
  CLIENT_SILENCE_MS,
  CLOSE_NOT_MEMBER,
  CLOSE_SESSION_ENDED,
  CLOSE_UNAUTHORIZED,
  type ClientFrame,
  type HelloFrame,
  type ServerFrame,
  type WelcomeFrame,
} from '../../protocol/chat';
import { errorMessage } from '../../protocol/errors';
import { retryDelay } from '../api/queryClient';
import { PORTAL_BASE } from '../config';
import { getAuthState, refreshSession } from './auth';
import { keepWelcome } from './liveWelcome';

/** The parts of the browser's WebSocket the member socket uses. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

/** What the member socket needs from the outside world (the browser's, or a test's fakes). */
export interface MemberSocketDeps {
  url(): string;
  token(): string | null;
  openSocket(url: string): SocketLike;
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

export type SocketStatus =
  | { status: 'closed' }
  | { status: 'connecting' }
  /** Lost; the next attempt at retryAt (client clock), or as soon as the session check answers. */
  | { status: 'reconnecting'; retryAt: number | null }
  /** Welcomed: frames flow. */
  | { status: 'online' }
  /** The server will not talk to this tab (signed out, not a member, chat off): no retry. */
  | { status: 'refused'; refusal: string };

/** One user of the socket (the header's live counts, the chat screen). */
export interface SocketMember {
  /** Every frame in order; one that joins a welcomed socket first gets the current welcome. */
  frame?(frame: ServerFrame): void;
  status?(status: SocketStatus): void;
  /** What it adds to the hello (chat's resume: the last ids it holds). */
  hello?(): Partial<HelloFrame>;
}

const OPEN = 1;
const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/**
 * The member's one WebSocket per tab (CHAT_PATH; the frames are in protocol/chat.ts): open while
 * anyone has joined (the header while bChat is on, the chat screen), with its hello, heartbeat and
 * automatic reconnect with backoff; after a session ended it comes back only with a live session.
 * Chat and notifications read the frames; neither opens a socket of its own.
 */
export class MemberSocket {
  private readonly members = new Set<SocketMember>();
  private socket: SocketLike | null = null;
  private current: SocketStatus = { status: 'closed' };
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private lastFrameAt = 0;
  private lastRefusal: string | null = null;
  private welcomed: WelcomeFrame | null = null;
  private focused: string | null = null;

  constructor(private readonly deps: MemberSocketDeps) {}

  /** Joins (the first one opens the socket); the answer leaves (the last one closes it). */
  join(member: SocketMember): () => void {
    this.members.add(member);
    member.status?.(this.current);
    if (this.current.status === 'online' && this.welcomed) member.frame?.(this.welcomed);
    if (this.members.size === 1) this.start();
    return () => {
      if (!this.members.delete(member)) return;
      if (this.members.size === 0) this.stop();
    };
  }

  status(): SocketStatus {
    return this.current;
  }

  /** The welcome kept current (null until the server welcomed this socket). */
  welcome(): WelcomeFrame | null {
    return this.current.status === 'online' ? this.welcomed : null;
  }

  /** Sends a frame if the socket is open; false otherwise (the caller keeps it for later). */
  write(frame: ClientFrame): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    if (frame.t === 'focus') this.focused = frame.sChannelID;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  /** Reconnects at once (the "Retry now" button, the browser coming back online). */
  reconnectNow(): void {
    if (this.members.size === 0 || this.socket || this.current.status === 'refused') return;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    this.connect();
  }

  private start(): void {
    this.attempt = 0;
    this.heartbeat = setInterval(() => this.beat(), CLIENT_PING_MS);
    this.connect();
  }

  private stop(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.heartbeat = null;
    this.reconnectTimer = null;
    this.welcomed = null;
    this.focused = null;
    this.current = { status: 'closed' };
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'Leaving');
    }
  }

  private publish(status: SocketStatus): void {
    this.current = status;
    for (const member of this.members) member.status?.(status);
  }

  private connect(): void {
    const token = this.deps.token();
    if (!token) {
      this.publish({ status: 'refused', refusal: 'Please sign in again to chat.' });
      return;
    }
    this.lastRefusal = null;
    this.welcomed = null;
    this.focused = null;
    this.publish({ status: 'connecting' });
    const socket = this.deps.openSocket(this.deps.url());
    this.socket = socket;
    socket.onopen = () => {
      this.lastFrameAt = this.deps.now();
      let hello: HelloFrame = { t: 'hello', sToken: token };
      for (const member of this.members) hello = { ...hello, ...member.hello?.() };
      this.write(hello);
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
    socket.onclose = (event) => this.onClose(event);
  }

  private onFrame(frame: ServerFrame): void {
    if (frame.t === 'welcome') {
      this.attempt = 0;
      this.welcomed = frame;
      this.current = { status: 'online' };
    } else if (this.welcomed) {
      this.welcomed = keepWelcome(this.welcomed, frame, this.focused);
    } else if (frame.t === 'error') {
      this.lastRefusal = frame.sMessage;
    }
    for (const member of this.members) member.frame?.(frame);
  }

  private onClose(event: CloseEvent): void {
    this.socket = null;
    this.welcomed = null;
    if (event.code === CLOSE_SESSION_ENDED) {
      this.afterSessionEnded();
      return;
    }
    if (event.code === CLOSE_UNAUTHORIZED || event.code === CLOSE_NOT_MEMBER) {
      this.publish({ status: 'refused', refusal: this.lastRefusal ?? (event.reason || errorMessage(undefined)) });
      return;
    }
    const delay = Math.round(this.deps.backoff(this.attempt++) * (0.8 + 0.4 * this.deps.random()));
    this.publish({ status: 'reconnecting', retryAt: this.deps.now() + delay });
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delay);
  }

  /** Never a reconnect with a dead token: only a tab that still holds a live session comes back. */
  private afterSessionEnded(): void {
    this.publish({ status: 'reconnecting', retryAt: null });
    const ended = () => {
      if (this.members.size > 0) this.publish({ status: 'refused', refusal: SESSION_ENDED });
    };
    void this.deps.checkSession().then((live) => {
      if (this.members.size === 0 || this.socket) return;
      if (live) this.connect();
      else ended();
    }, ended);
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
}

/** ws(s)://…/api/chat next to the portal service (same origin by default, VITE_PORTAL_BASE's host otherwise). */
function socketUrl(): string {
  const url = new URL(CHAT_PATH, new URL(PORTAL_BASE, window.location.href));
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

let tabSocket: MemberSocket | null = null;

/** This tab's member socket (made on first use): the header and the chat screen share it. */
export function memberSocket(): MemberSocket {
  tabSocket ??= new MemberSocket({
    url: socketUrl,
    token: () => getAuthState().token,
    openSocket: (url) => new WebSocket(url),
    backoff: retryDelay,
    now: Date.now,
    random: Math.random,
    // Asks who the tab's token belongs to; a dead one signs the tab out (the guard goes to /login).
    checkSession: async () => (await refreshSession()).status === 'signedIn',
  });
  const socket = tabSocket;
  window.addEventListener('online', () => socket.reconnectNow());
  return socket;
}
