/**
 * The chat contract ("Howl", docs/product.md §14): the frames of the WebSocket at CHAT_PATH, the
 * history and mention actions, and the pure rules both sides apply (mentions, cooldowns).
 * The zod schemas of the frames a client sends are in chat.schema.ts (server only).
 *
 * ## The socket
 * 1. Connect to CHAT_PATH. A browser's Origin must be on the CORS allow-list (else HTTP 403).
 * 2. Send `hello` first, within HELLO_TIMEOUT_MS, with the bearer token (or put it in the
 *    `sToken` query parameter; there is no cookie path). A bad token closes with CLOSE_UNAUTHORIZED.
 * 3. The server answers `welcome` (channels with unread counts, who is here, your mute, the rules),
 *    then one `missed` frame per channel named in hello's `pLastSeen`: what was sent after that id,
 *    in order, and what was edited or deleted since `iSince`.
 * 4. Live: `message`, `edited`, `deleted`, `presence`, `channel`, `unread`, `mute`, `resync`, and
 *    `notifications` (the member's notification counts changed: protocol/notifications.ts).
 *    Each request that carries an `sNonce` is answered by `ack` or `error` with the same nonce.
 * 5. When the token's session ends, the server closes the socket with CLOSE_SESSION_ENDED within
 *    2 s, on every instance; frames that arrive in between are not acted on.
 * 6. Heartbeat: the client sends `ping` every CLIENT_PING_MS and reconnects when nothing arrived
 *    for CLIENT_SILENCE_MS; the server pings at the protocol level and drops silent sockets.
 * `resync` (after the server lost its link to the other instances) asks the client to send
 * `resume` with its last ids, exactly like a reconnect but on the same socket.
 */
import type { NotificationsFrame } from './notifications';
import type { Answer } from './wire';

export const CHAT_PATH = '/api/chat';

/** docs/product.md §14: a page of history (what the web loads at once) and the most one call answers. */
export const HISTORY_PAGE = 50;
export const HISTORY_MAX = 100;
/** Unread counts stop here (shown as "99+"): counting further is work nobody reads. */
export const UNREAD_CAP = 100;
/** The most messages a `missed` frame carries per channel; beyond that the client pages with getChatHistory. */
export const RESUME_MAX = HISTORY_MAX;

export const HELLO_TIMEOUT_MS = 10_000;
export const CLIENT_PING_MS = 25_000;
export const CLIENT_SILENCE_MS = 60_000;
/** A frame larger than this closes the socket (a 1,000-character message is at most ~4 KB). */
export const MAX_FRAME_BYTES = 16 * 1024;

/** Close codes: the client does not reconnect after these two. */
export const CLOSE_UNAUTHORIZED = 4401;
export const CLOSE_NOT_MEMBER = 4403;
export const CLOSE_HELLO_TIMEOUT = 4408;
/**
 * The socket's session ended (sign-out, revoked, password reset or change, ban, deletion, expiry),
 * on whichever instance and device: the token is dead. The client reconnects only if its tab holds
 * a live session (a fresh token); otherwise it is signed out, like any lost session.
 */
export const CLOSE_SESSION_ENDED = 4410;

export const CHANNEL_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,31}$/;
export const REPORT_REASONS = ['spam', 'abuse', 'spoiler', 'scam', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_NOTE_MAX = 300;
/** The mute lengths a chat operator picks from in the web (the CLI takes any up to a year). */
export const MUTE_CHOICES_MS = [10 * 60_000, 60 * 60_000, 24 * 60 * 60_000, 7 * 24 * 60 * 60_000] as const;
export const MUTE_REASON_MAX = 300;

// ── Shapes ───────────────────────────────────────────────────────────────────────────────────

/** A collectible Howled into chat: enough for a card that links to /viewer. */
export interface ChatItemCard {
  sItemID: string;
  sName: string;
  /** Absolute media URL of its art. */
  sImage: string;
  /** The Rarity trait (Common … Legendary), '' when it has none. */
  sRarity: string;
}

export interface ChatMessage {
  iMessageID: number;
  sChannelID: string;
  sUserName: string;
  /** The author's first Agent's art, '' when they have none. */
  sAvatar: string;
  /** Markdown, at most pRules.iMaxLength characters. */
  sText: string;
  iCreatedAt: number;
  iEditedAt: number | null;
  /** Usernames (as registered) the message mentions; only members that exist. */
  aMentions: string[];
  pItem: ChatItemCard | null;
}

export interface ChatChannel {
  sChannelID: string;
  sName: string;
  sTopic: string;
  /** The cooldown between two messages of one member: the operator's slow mode or the automatic one. */
  iSlowModeMs: number;
  /** Slow mode turned on by itself because the channel got busy (docs/product.md §14). */
  bAutoSlow: boolean;
  /** The newest message's id (0 when empty). */
  iLastID: number;
}

/** The member's unread state of one channel, kept on the server (every device agrees). */
export interface ChatUnread {
  sChannelID: string;
  /** Messages by others after the read marker, counted up to UNREAD_CAP. */
  iUnread: number;
  /** The first of them (0 when none). */
  iFirstUnreadID: number;
  /** One of them mentions the member. */
  bMentioned: boolean;
}

export interface ChatMute {
  /** Until when (epoch ms); null: until an operator lifts it. */
  iUntil: number | null;
  sReason: string;
}

export interface ChatRules {
  iMaxLength: number;
  /** How long after sending a member may still edit or delete their message. */
  iEditWindowMs: number;
}

export interface ChatMe {
  sUserName: string;
  sAvatar: string;
  /** A chat operator: may delete anyone's message (granted by `chat operator add`). */
  bOperator: boolean;
}

// ── Frames the client sends ────────────────────────────────────────────────────────────────

export interface HelloFrame {
  t: 'hello';
  /** The bearer token, unless given as the `sToken` query parameter. */
  sToken?: string;
  /** Resume: the last message id this client holds, per channel. */
  pLastSeen?: Record<string, number>;
  /** Resume: the server time of the last frame it received (edits and deletes since then are sent). */
  iSince?: number;
}
export interface ResumeFrame {
  t: 'resume';
  pLastSeen: Record<string, number>;
  iSince?: number;
}
export interface SendFrame {
  t: 'send';
  sNonce: string;
  sChannelID: string;
  sText: string;
  /** A collectible of the sender's to show as a card (the Howl). */
  sItemID?: string;
}
export interface EditFrame {
  t: 'edit';
  sNonce: string;
  iMessageID: number;
  sText: string;
}
export interface DeleteFrame {
  t: 'delete';
  sNonce: string;
  iMessageID: number;
}
export interface ReportFrame {
  t: 'report';
  sNonce: string;
  iMessageID: number;
  sReason: ReportReason;
  sNote?: string;
}
/** A chat operator mutes the author of a message (null duration: until lifted). */
export interface MuteAuthorFrame {
  t: 'muteAuthor';
  sNonce: string;
  iMessageID: number;
  iDurationMs: number | null;
  sReason: string;
}
/** Moves the read marker forward (never back). */
export interface ReadFrame {
  t: 'read';
  sChannelID: string;
  iMessageID: number;
}
/** The channel the member is looking at (null: none): who-is-here counts these. */
export interface FocusFrame {
  t: 'focus';
  sChannelID: string | null;
}
export interface PingFrame {
  t: 'ping';
}

export type ClientFrame =
  | HelloFrame
  | ResumeFrame
  | SendFrame
  | EditFrame
  | DeleteFrame
  | ReportFrame
  | MuteAuthorFrame
  | ReadFrame
  | FocusFrame
  | PingFrame;

// ── Frames the server sends ────────────────────────────────────────────────────────────────

export interface WelcomeFrame {
  t: 'welcome';
  pMe: ChatMe;
  aChannels: ChatChannel[];
  aUnread: ChatUnread[];
  /** Members here per channel id. */
  pHere: Record<string, number>;
  pMute: ChatMute | null;
  pRules: ChatRules;
  iServerTime: number;
}
export interface MissedFrame {
  t: 'missed';
  sChannelID: string;
  /** Sent after the given id, oldest first. */
  aMessages: ChatMessage[];
  /** More were sent than RESUME_MAX: page on with getChatHistory(iAfterID). */
  bMore: boolean;
  /** Messages at or before the given id edited since iSince. */
  aEdited: ChatMessage[];
  aDeletedIDs: number[];
}
export interface MessageFrame {
  t: 'message';
  pMessage: ChatMessage;
}
export interface EditedFrame {
  t: 'edited';
  pMessage: ChatMessage;
}
export interface DeletedFrame {
  t: 'deleted';
  sChannelID: string;
  iMessageID: number;
}
export interface PresenceFrame {
  t: 'presence';
  pHere: Record<string, number>;
}
/** A channel was added or changed (slow mode, automatic slow mode); bArchived removes it. */
export interface ChannelFrame {
  t: 'channel';
  pChannel: ChatChannel;
  bArchived: boolean;
}
export interface UnreadFrame {
  t: 'unread';
  pUnread: ChatUnread;
}
export interface MuteFrame {
  t: 'mute';
  pMute: ChatMute | null;
}
export interface AckFrame {
  t: 'ack';
  sNonce: string;
  /** The message sent (send), or acted on. */
  iMessageID: number;
}
export interface ErrorFrame {
  t: 'error';
  sNonce?: string;
  iErrorCode: number;
  sMessage: string;
  /** Rate limit and slow mode: how long until the member may send again. */
  iRetryAfterMs?: number;
  /** Muted: until when, and why. */
  pMute?: ChatMute;
}
export interface ResyncFrame {
  t: 'resync';
}
export interface PongFrame {
  t: 'pong';
  iServerTime: number;
}

export type ServerFrame =
  | WelcomeFrame
  | MissedFrame
  | MessageFrame
  | EditedFrame
  | DeletedFrame
  | PresenceFrame
  | ChannelFrame
  | UnreadFrame
  | MuteFrame
  | AckFrame
  | ErrorFrame
  | ResyncFrame
  | PongFrame
  | NotificationsFrame;

// ── Actions ──────────────────────────────────────────────────────────────────────────────────

/** portal/getChatHistory: a page before or after a message id (the newest page without either). */
export interface ChatHistoryAnswer extends Answer {
  sChannelID: string;
  /** Oldest first. */
  aMessages: ChatMessage[];
  /** There are more in the direction paged. */
  bMore: boolean;
}

/** portal/findChatMembers: usernames starting with sPrefix, for @mention autocomplete. */
export interface ChatMembersAnswer extends Answer {
  aUserNames: string[];
}

/** portal/getChatItem: the Howl card of one of the caller's own collectibles, before it is sent. */
export interface ChatItemAnswer extends Answer {
  pItem?: ChatItemCard;
}

// ── Rules ────────────────────────────────────────────────────────────────────────────────────

const MENTION = /(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{3,20})(?![A-Za-z0-9_])/g;

/** The usernames a text mentions with `@name` (outside code), lower-cased, each once, in order. */
export function mentionsIn(text: string): string[] {
  const found = new Set<string>();
  for (const match of withoutCode(text).matchAll(MENTION)) found.add((match[2] as string).toLowerCase());
  return [...found];
}

/** The text with code spans and fenced blocks blanked (same length), so @names inside code are not mentions. */
function withoutCode(text: string): string {
  return text
    .replace(/```[\s\S]*?(```|$)/g, (block) => ' '.repeat(block.length))
    .replace(/`[^`\n]*`/g, (span) => ' '.repeat(span.length));
}

/** Marks the message's mentions as bold for the markdown renderer (code is left alone). */
export function highlightMentions(text: string, mentions: readonly string[]): string {
  if (mentions.length === 0) return text;
  const known = new Set(mentions.map((m) => m.toLowerCase()));
  const plain = withoutCode(text);
  let out = '';
  let from = 0;
  for (const match of plain.matchAll(MENTION)) {
    const name = match[2] as string;
    if (!known.has(name.toLowerCase())) continue;
    const at = (match.index ?? 0) + (match[1] as string).length;
    out += `${text.slice(from, at)}**@${name}**`;
    from = at + name.length + 1;
  }
  return out + text.slice(from);
}

/** The "@partial" being typed just before the caret, for autocomplete; null when there is none. */
export function mentionAtCaret(text: string, caret: number): { start: number; prefix: string } | null {
  const match = /(^|[^A-Za-z0-9_@])@([A-Za-z0-9_]{0,20})$/.exec(text.slice(0, caret));
  if (!match) return null;
  return { start: caret - (match[2] as string).length - 1, prefix: match[2] as string };
}

/** Whether the member may still edit or delete a message of theirs. */
export function withinEditWindow(createdAt: number, now: number, rules: Pick<ChatRules, 'iEditWindowMs'>): boolean {
  return now - createdAt <= rules.iEditWindowMs;
}

// ── The console's channels screen (issue 29): `POST /api/console/<action>` ─────────────────────

/** One channel as an operator sees it, archived ones too. */
export interface ConsoleChannelRow {
  sChannelID: string;
  sName: string;
  sTopic: string;
  /** The operator's slow mode (0: off); automatic slow mode comes on by itself in a busy channel. */
  iSlowModeMs: number;
  /** When it was archived; null while open. */
  iArchivedAt: number | null;
  iCreatedAt: number;
}

/** A member who may delete any message from the web (`chat operator add`). */
export interface ConsoleChatOperatorRow {
  sUserID: string;
  sUsername: string;
  iGrantedAt: number;
  /** The actor who made them one (`console:<email>`, `cli:<user>`). */
  sGrantedBy: string;
}

/** One of the automatic slow-mode and rate-limit game vars, with the value members get now. */
export interface ConsoleChatVar {
  sVarID: string;
  sType: string;
  /** The value in force (the stored one when valid, else the default). */
  sValue: string;
  sDefault: string;
  /** What the var accepts, e.g. "0…600000". */
  sHint: string;
}

/** `chatChannels` (live:read) */
export interface ConsoleChatChannelsAnswer {
  iErrorCode: number;
  aChannels: ConsoleChannelRow[];
  aOperators: ConsoleChatOperatorRow[];
  aVars: ConsoleChatVar[];
}

/**
 * Changes (each but chatVarSet with sReason, kept in the audit log), answered `{ iErrorCode }` plus, for an
 * operator change, sMessage (the CLI's sentence: "ada is now a chat operator."):
 * chat:channels — `chatChannelAdd` {sChannelID, sName, sTopic, iSlowModeSeconds},
 * `chatChannelUpdate` {sChannelID, sName?, sTopic?}, `chatChannelArchive` / `chatChannelRestore`
 * {sChannelID}, `chatChannelSlow` {sChannelID, iSlowModeSeconds}, `chatOperatorAdd` /
 * `chatOperatorRemove` {sMember: a username, email or id}; live:manage — `chatVarSet` {sVarID,
 * sValue}, one of the vars `chatChannels` lists, through gamevars' setGameVar as `gamevars set`
 * (no reason: its audit row is the CLI's), refused BAD_INPUT with its sentence.
 * Refusals: CHAT_CHANNEL_INVALID and CHAT_CHANNEL_EXISTS with the CLI's sentence, NOT_FOUND, ALREADY_DONE.
 */
export interface ConsoleChatChangeAnswer {
  iErrorCode: number;
  sMessage?: string;
}
