import type { ServerFrame } from '../../../protocol/chat';

/** The parts of a WebSocket (ws) a chat connection uses. */
export interface LiveSocket {
  readonly readyState: number;
  readonly bufferedAmount: number;
  send(data: string | Buffer, options?: { binary?: boolean }): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  /** ws's TCP socket: live frames are written to it already framed (see `Wire`). */
  readonly _socket?: { write(data: Buffer): boolean };
}

export interface Member {
  id: string;
  name: string;
  avatar: string;
  operator: boolean;
}

/** The session a socket signed in with: the socket closes when it ends. */
export interface SocketSession {
  id: string;
  token: string;
  expiresAt: number;
}

/**
 * A frame ready to go, built once however many sockets it goes to: its JSON, and the whole
 * WebSocket text frame around it. Going through ws's send for each of 5,000 sockets framed the
 * same bytes 5,000 times and wrote each frame as two buffers (decision 0252).
 */
export interface Wire {
  json: Buffer;
  frame: Buffer;
}

/** A frame on its way to one socket; message frames carry their id (a resume may have sent it already). */
export interface Outgoing {
  data: Wire;
  messageId?: number;
}

export function encode(frame: ServerFrame): Wire {
  const json = Buffer.from(JSON.stringify(frame));
  return { json, frame: textFrame(json) };
}

/** RFC 6455 §5.2: a final, unmasked (server to client) text frame without extensions. */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(headerLength + length);
  out[0] = 0x81;
  if (length < 126) out[1] = length;
  else if (length < 65_536) {
    out[1] = 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(out, headerLength);
  return out;
}

/** Several frames' bytes as one buffer: one write, one system call. */
export function joinFrames(frames: readonly Outgoing[]): Buffer {
  return frames.length === 1 ? (frames[0] as Outgoing).data.frame : Buffer.concat(frames.map((f) => f.data.frame));
}

const OPEN = 1;
const TEXT = { binary: false };
/** A socket that lets this much pile up unread is dropped; its client reconnects and resumes. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

/** One socket: before `hello` it has no member and hears nothing. */
export class Connection {
  member: Member | null = null;
  session: SocketSession | null = null;
  /** Its session ended: it is closing, and nothing it sends is acted on. */
  ended = false;
  focus: string | null = null;
  alive = true;
  /** While a resume is answered, live frames wait here, so missed messages come first. */
  private held: Outgoing[] | null = null;
  /** The messages the last resume carried: the same message coming live is not sent twice. */
  private resumed: ReadonlySet<number> = new Set();
  /** Frames from this socket are handled one after the other. */
  queue: Promise<void> = Promise.resolve();

  constructor(readonly socket: LiveSocket) {}

  send(frame: ServerFrame): void {
    this.write([{ data: encode(frame) }]);
  }

  /**
   * Live frames, in order, written together. `joined` is their bytes as one buffer, made once by a
   * broadcast for all its sockets.
   */
  deliver(frames: readonly Outgoing[], joined?: Buffer): void {
    if (this.held) this.held.push(...frames);
    else this.write(frames, joined);
  }

  hold(): void {
    this.held ??= [];
  }

  /** Sends what was held, leaving out the messages the resume carried (and keeps leaving them out). */
  release(resumed: ReadonlySet<number>): void {
    this.resumed = resumed;
    const held = this.held ?? [];
    this.held = null;
    this.write(held);
  }

  private write(frames: readonly Outgoing[], joined?: Buffer): void {
    if (this.socket.readyState !== OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.socket.terminate();
      return;
    }
    const wanted =
      this.resumed.size === 0
        ? frames
        : frames.filter((f) => f.messageId === undefined || !this.resumed.has(f.messageId));
    if (wanted.length === 0) return;
    const stream = this.socket._socket;
    // ws writes its own frames (pings, close) straight to the same TCP socket too (no compression
    // is offered, so it never queues): the order holds, and readyState keeps data after a close out.
    if (stream) stream.write(joined && wanted === frames ? joined : joinFrames(wanted));
    else for (const frame of wanted) this.socket.send(frame.data.json, TEXT);
  }
}
