import type { z } from 'zod';
import {
  type ChatItemCard,
  type ChatMute,
  CLOSE_HELLO_TIMEOUT,
  CLOSE_NOT_MEMBER,
  CLOSE_UNAUTHORIZED,
  HELLO_TIMEOUT_MS,
  mentionsIn,
  RESUME_MAX,
  withinEditWindow,
} from '../../../protocol/chat';
import { clientFrameSchema } from '../../../protocol/chat.schema';
import { ErrorCode, errorMessage } from '../../../protocol/errors';
import { ownedItem } from '../collectibles/index';
import { authenticateToken, existingUsernames, usernamesOf } from '../identity/index';
import { getFlags } from '../maintenance/index';
import { Connection, type LiveSocket, type Member } from './connection';
import { remainingCooldown } from './limits';
import {
  changedSince,
  editMessage,
  findMessage,
  historyPage,
  insertMessage,
  isResendOf,
  lastSentAt,
  type MessageRow,
  markDeleted,
  messageByNonce,
} from './messages';
import { activeMute, deleteAsOperator, isChatOperator, muteMember, reportMessage } from './moderation';
import { notifyMentions, readMentions } from './notices';
import { CHAT_REPORTED_TOPIC } from './reportQueue';
import type { ChatLimits } from './rules';
import { rulesOf } from './rules';
import type { ChatServices } from './services';
import { stillSignedIn, watchExpiry } from './sessionGuard';
import { markRead, readMarker, readMarkers, unreadOf } from './unread';
import { itemCard, messageView, messageViews } from './views';

type ClientFrame = z.infer<typeof clientFrameSchema>;
type FrameOf<T extends ClientFrame['t']> = Extract<ClientFrame, { t: T }>;

/** Edits and deletes a little older than the client's last contact are sent again: clocks and commits are not exact. */
const RESUME_SLACK_MS = 5_000;
/** A socket may send this many frames per window; more closes it. */
const FLOOD_MAX_FRAMES = 200;
const FLOOD_WINDOW_MS = 10_000;
/** The most @mentions looked up in one message. */
const MENTIONS_MAX = 20;

/** Why a frame was refused, answered as an `error` frame with the request's nonce. */
class Refusal {
  constructor(
    readonly code: number,
    readonly extra: { sMessage?: string; iRetryAfterMs?: number; pMute?: ChatMute } = {},
  ) {}
}

/**
 * One member's socket (docs/product.md §14; the frames are documented in protocol/chat.ts):
 * hello and resume, then sending, editing, deleting, reporting, reading and focusing.
 */
export function openMemberSocket(
  services: ChatServices,
  socket: LiveSocket,
  request: { token: string | undefined; log: { error(object: unknown, message: string): void } },
): void {
  const connection = new Connection(socket);
  services.hub.add(connection);
  const helloTimer = setTimeout(() => socket.close(CLOSE_HELLO_TIMEOUT, 'No hello'), HELLO_TIMEOUT_MS);
  helloTimer.unref();

  socket.on('pong', () => {
    connection.alive = true;
  });
  socket.on('error', () => {});
  let stopWatching = () => {};
  socket.on('close', () => {
    clearTimeout(helloTimer);
    stopWatching();
    services.hub.remove(connection);
  });
  let frames = 0;
  let windowStart = Date.now();
  socket.on('message', (data, isBinary) => {
    if (connection.ended) return;
    connection.alive = true;
    // No client needs more than a few frames a second; a flood closes the socket (policy violation).
    const now = Date.now();
    if (now - windowStart > FLOOD_WINDOW_MS) {
      windowStart = now;
      frames = 0;
    }
    if (++frames > FLOOD_MAX_FRAMES) {
      socket.close(1008, 'Too many frames');
      return;
    }
    connection.queue = connection.queue
      .then(() => onFrame(isBinary ? null : String(data)))
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'chat frame failed');
        connection.send({ t: 'error', iErrorCode: ErrorCode.INTERNAL, sMessage: errorMessage(ErrorCode.INTERNAL) });
      });
  });

  const session = new MemberSession(services, connection);

  async function onFrame(raw: string | null): Promise<void> {
    let json: unknown;
    try {
      json = raw === null ? null : JSON.parse(raw);
    } catch {
      json = null;
    }
    const parsed = clientFrameSchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const nonce = (json as { sNonce?: unknown } | null)?.sNonce;
      connection.send({
        t: 'error',
        sNonce: typeof nonce === 'string' ? nonce : undefined,
        iErrorCode: ErrorCode.BAD_INPUT,
        sMessage: issue ? `${issue.path.join('.') || 'frame'}: ${issue.message}` : errorMessage(ErrorCode.BAD_INPUT),
      });
      return;
    }
    const frame = parsed.data;
    if (!connection.member) {
      if (frame.t !== 'hello') {
        connection.send({ t: 'error', iErrorCode: ErrorCode.NOT_SIGNED_IN, sMessage: 'Say hello first.' });
        socket.close(CLOSE_UNAUTHORIZED, 'Say hello first');
        return;
      }
      clearTimeout(helloTimer);
      await session.hello(frame, request.token);
      if (connection.session && socket.readyState === 1) stopWatching = watchExpiry(services, connection);
      return;
    }
    // A frame that raced the end of its session (the close is on its way) is not acted on.
    if (frame.t !== 'ping' && frame.t !== 'focus' && !(await stillSignedIn(services, connection))) return;
    const nonce = 'sNonce' in frame ? frame.sNonce : undefined;
    try {
      await session.handle(frame);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      connection.send({
        t: 'error',
        sNonce: nonce,
        iErrorCode: error.code,
        sMessage: error.extra.sMessage ?? errorMessage(error.code),
        ...(error.extra.iRetryAfterMs !== undefined ? { iRetryAfterMs: error.extra.iRetryAfterMs } : {}),
        ...(error.extra.pMute ? { pMute: error.extra.pMute } : {}),
      });
    }
  }
}

class MemberSession {
  constructor(
    private readonly services: ChatServices,
    private readonly connection: Connection,
  ) {}

  private get member(): Member {
    return this.connection.member as Member;
  }

  private get db() {
    return this.services.ctx.db;
  }

  private now(): number {
    return this.services.ctx.clock.now();
  }

  async hello(frame: FrameOf<'hello'>, queryToken: string | undefined): Promise<void> {
    const { connection, services } = this;
    const goodbye = (code: number, closeCode: number) => {
      connection.send({ t: 'error', iErrorCode: code, sMessage: errorMessage(code) });
      connection.socket.close(closeCode, errorMessage(code).slice(0, 120));
    };
    const token = frame.sToken ?? queryToken;
    const account = token ? await authenticateToken(services.ctx, token) : null;
    if (!token || !account) return goodbye(ErrorCode.NOT_SIGNED_IN, CLOSE_UNAUTHORIZED);
    if (!(await getFlags(this.db)).bChat) return goodbye(ErrorCode.FEATURE_OFF, CLOSE_NOT_MEMBER);
    const username = (await usernamesOf(this.db, [account.id])).get(account.id);
    if (!username) return goodbye(ErrorCode.NOT_REGISTERED, CLOSE_NOT_MEMBER);
    if (!account.emailVerified) return goodbye(ErrorCode.EMAIL_NOT_VERIFIED, CLOSE_NOT_MEMBER);

    const now = this.now();
    const [author, operator, mute, limits] = await Promise.all([
      services.authors.one(account.id),
      isChatOperator(this.db, account.id),
      activeMute(this.db, account.id, now),
      this.limits(),
    ]);
    const member: Member = { id: account.id, name: username, avatar: author.avatar, operator };
    const channels = services.directory.list();
    const markers = await readMarkers(
      this.db,
      member.id,
      new Map(channels.map((c) => [c.id, services.directory.lastId(c.id)])),
      now,
    );
    const aUnread = await Promise.all(
      channels.map((c) =>
        unreadOf(this.db, { userId: member.id, userName: member.name }, c.id, markers.get(c.id) ?? 0),
      ),
    );
    if (connection.socket.readyState !== 1) return;
    if (frame.pLastSeen) connection.hold();
    services.hub.admit(connection, member, { id: account.sessionId, token, expiresAt: account.expiresAt });
    connection.send({
      t: 'welcome',
      pMe: { sUserName: member.name, sAvatar: member.avatar, bOperator: member.operator },
      aChannels: channels.map((c) => services.directory.view(c, limits.autoSlowMs)),
      aUnread,
      pHere: services.hub.here(),
      pMute: mute,
      pRules: rulesOf(limits),
      iServerTime: now,
    });
    if (frame.pLastSeen) await this.resume({ t: 'resume', pLastSeen: frame.pLastSeen, iSince: frame.iSince });
  }

  handle(frame: ClientFrame): Promise<void> | void {
    switch (frame.t) {
      case 'hello':
        throw new Refusal(ErrorCode.ALREADY_DONE, { sMessage: 'Already signed in.' });
      case 'resume':
        return this.resume(frame);
      case 'send':
        return this.send(frame);
      case 'edit':
        return this.edit(frame);
      case 'delete':
        return this.remove(frame);
      case 'report':
        return this.report(frame);
      case 'muteAuthor':
        return this.muteAuthor(frame);
      case 'read':
        return this.read(frame);
      case 'focus':
        return this.focus(frame);
      case 'ping':
        this.connection.send({ t: 'pong', iServerTime: this.now() });
        return;
    }
  }

  /** What the client missed: per channel, newer messages in order, then edits and deletes of older ones. */
  async resume(frame: FrameOf<'resume'>): Promise<void> {
    const { connection, services } = this;
    connection.hold();
    const resumed = new Set<number>();
    try {
      for (const [channelId, lastId] of Object.entries(frame.pLastSeen)) {
        if (!services.directory.get(channelId)) continue;
        const page = await historyPage(this.db, { channelId, afterId: lastId, limit: RESUME_MAX });
        const changed =
          frame.iSince === undefined
            ? []
            : await changedSince(this.db, {
                channelId,
                upToId: lastId,
                since: frame.iSince - RESUME_SLACK_MS,
                limit: RESUME_MAX,
              });
        const [aMessages, aEdited] = await Promise.all([
          messageViews(this.db, services.authors, page.rows),
          messageViews(
            this.db,
            services.authors,
            changed.filter((r) => r.deleted_at === null),
          ),
        ]);
        connection.send({
          t: 'missed',
          sChannelID: channelId,
          aMessages,
          bMore: page.more,
          aEdited,
          aDeletedIDs: changed.filter((r) => r.deleted_at !== null).map((r) => r.id),
        });
        for (const row of page.rows) resumed.add(row.id);
      }
    } finally {
      connection.release(resumed);
    }
  }

  private async send(frame: FrameOf<'send'>): Promise<void> {
    const { services } = this;
    const { member } = this;
    const now = this.now();
    const limits = await this.limits();
    const channel = services.directory.get(frame.sChannelID);
    if (!channel) throw new Refusal(ErrorCode.CHAT_CHANNEL_CLOSED);
    const text = this.checkText(frame.sText, limits, frame.sItemID !== undefined);
    await this.refuseIfMuted(now);

    if (!member.operator) {
      const refusal = await this.pace(frame.sChannelID, now, limits);
      if (refusal) {
        // A message resent after a lost answer was stored the first time: answer that, do not refuse it.
        const stored = await messageByNonce(this.db, member.id, frame.sNonce);
        if (!stored) throw refusal;
        const item = frame.sItemID === undefined ? undefined : await ownedItem(this.db, member.id, frame.sItemID);
        return this.ackResend(stored, frame, text, item?.id ?? null);
      }
    }

    let card: ChatItemCard | null = null;
    let itemId: number | null = null;
    if (frame.sItemID !== undefined) {
      const item = await ownedItem(this.db, member.id, frame.sItemID);
      if (!item) throw new Refusal(ErrorCode.NOT_FOUND, { sMessage: 'You can only Howl a collectible of yours.' });
      card = itemCard(item.view);
      itemId = item.id;
    }
    const mentions = await this.mentions(text);
    // Read before storing: once stored, nothing awaited stands between the message and its ack and live delivery.
    const author = await services.authors.one(member.id);
    const { row, created } = await insertMessage(this.db, {
      channelId: frame.sChannelID,
      userId: member.id,
      body: text,
      itemId,
      mentions,
      nonce: frame.sNonce,
      now,
    });
    if (!created) return this.ackResend(row, frame, text, itemId);
    const message = messageView(row, { name: member.name, avatar: author.avatar }, card);
    services.hub.publish({ k: 'message', authorId: member.id, message });
    this.connection.send({ t: 'ack', sNonce: frame.sNonce, iMessageID: row.id });
    await this.notifyMentions(row.id, frame.sChannelID, text, mentions);
  }

  /** The mentioned members' notification entries; the message stands whatever happens here. */
  private async notifyMentions(id: number, channelId: string, body: string, mentions: string[]): Promise<void> {
    try {
      await notifyMentions(this.services, this.member, { id, channelId, body, mentions });
    } catch {
      // A lost entry is the member's loss of a hint, not of the message: the chat still shows it.
    }
  }

  /** A resent message answers its first ack again; its request id reused for another message is refused. */
  private ackResend(row: MessageRow, frame: FrameOf<'send'>, text: string, itemId: number | null): void {
    if (!isResendOf(row, { channelId: frame.sChannelID, body: text, itemId })) {
      throw new Refusal(ErrorCode.REQUEST_KEY_REUSED, {
        sMessage: 'That request id was already used for another message.',
      });
    }
    this.connection.send({ t: 'ack', sNonce: frame.sNonce, iMessageID: row.id });
  }

  private async edit(frame: FrameOf<'edit'>): Promise<void> {
    const now = this.now();
    const limits = await this.limits();
    const row = await findMessage(this.db, frame.iMessageID);
    if (!row || row.deleted_at !== null) throw new Refusal(ErrorCode.NOT_FOUND);
    if (row.user_id !== this.member.id) throw new Refusal(ErrorCode.FORBIDDEN);
    if (!withinEditWindow(row.created_at, now, rulesOf(limits))) throw new Refusal(ErrorCode.CHAT_EDIT_WINDOW_OVER);
    const text = this.checkText(frame.sText, limits, row.item_id !== null);
    await this.refuseIfMuted(now);
    const mentions = await this.mentions(text);
    const edited = await editMessage(this.db, { id: row.id, body: text, mentions, now });
    if (!edited) throw new Refusal(ErrorCode.NOT_FOUND);
    const [message] = await messageViews(this.db, this.services.authors, [edited]);
    this.services.hub.publish({ k: 'edited', message: message as NonNullable<typeof message> });
    this.connection.send({ t: 'ack', sNonce: frame.sNonce, iMessageID: row.id });
    await this.notifyMentions(row.id, row.channel_id, text, mentions);
  }

  /** Authors delete their own message for a short time; chat operators any message, audited. */
  private async remove(frame: FrameOf<'delete'>): Promise<void> {
    const now = this.now();
    const limits = await this.limits();
    const row = await findMessage(this.db, frame.iMessageID);
    if (!row || row.deleted_at !== null) throw new Refusal(ErrorCode.NOT_FOUND);
    const own = row.user_id === this.member.id;
    let deleted: Awaited<ReturnType<typeof markDeleted>>;
    if (own && withinEditWindow(row.created_at, now, rulesOf(limits))) {
      deleted = await markDeleted(this.db, { id: row.id, by: 'author', now });
    } else if (this.member.operator && (await isChatOperator(this.db, this.member.id))) {
      deleted = await deleteAsOperator(this.db, {
        messageId: row.id,
        actor: `operator:${this.member.name}`,
        reason: 'web',
        now,
      });
    } else {
      throw new Refusal(own ? ErrorCode.CHAT_EDIT_WINDOW_OVER : ErrorCode.FORBIDDEN);
    }
    if (!deleted) throw new Refusal(ErrorCode.NOT_FOUND);
    this.services.hub.publish({ k: 'deleted', channelId: row.channel_id, messageId: row.id });
    this.connection.send({ t: 'ack', sNonce: frame.sNonce, iMessageID: row.id });
  }

  private async report(frame: FrameOf<'report'>): Promise<void> {
    const row = await findMessage(this.db, frame.iMessageID);
    if (!row || row.deleted_at !== null) throw new Refusal(ErrorCode.NOT_FOUND);
    if (row.user_id === this.member.id) {
      throw new Refusal(ErrorCode.BAD_INPUT, { sMessage: 'You cannot report your own message.' });
    }
    const outcome = await reportMessage(this.db, {
      messageId: row.id,
      reporterId: this.member.id,
      reason: frame.sReason,
      note: frame.sNote ?? '',
      now: this.now(),
    });
    if (outcome === 'already') {
      throw new Refusal(ErrorCode.ALREADY_DONE, { sMessage: 'You already reported this message.' });
    }
    // The operators' consoles hear of it at once (reportQueue.ts).
    this.services.ctx.bus.publish(CHAT_REPORTED_TOPIC, { messageId: row.id });
    this.connection.send({ t: 'ack', sNonce: frame.sNonce, iMessageID: row.id });
  }

  /** A chat operator mutes a message's author from the web: audited, and the member hears it on every instance. */
  private async muteAuthor(frame: FrameOf<'muteAuthor'>): Promise<void> {
    const row = await findMessage(this.db, frame.iMessageID);
    if (!row) throw new Refusal(ErrorCode.NOT_FOUND);
    if (!this.member.operator || !(await isChatOperator(this.db, this.member.id)))
      throw new Refusal(ErrorCode.FORBIDDEN);
    if (row.user_id === this.member.id || (await isChatOperator(this.db, row.user_id))) {
      throw new Refusal(ErrorCode.FORBIDDEN, { sMessage: 'Chat operators cannot be muted from here.' });
    }
    const now = this.now();
    const until = frame.iDurationMs === null ? null : now + frame.iDurationMs;
    await muteMember(this.db, {
      userId: row.user_id,
      until,
      reason: frame.sReason,
      actor: `operator:${this.member.name}`,
      now,
    });
    this.services.hub.toUser(row.user_id, { t: 'mute', pMute: { iUntil: until, sReason: frame.sReason } });
    this.connection.send({ t: 'ack', sNonce: frame.sNonce, iMessageID: row.id });
  }

  /** Moves the read marker, then tells every device of the member the new unread state. */
  private async read(frame: FrameOf<'read'>): Promise<void> {
    const { directory, hub } = this.services;
    if (!directory.get(frame.sChannelID)) return;
    const messageId = Math.min(frame.iMessageID, directory.lastId(frame.sChannelID));
    const read = { userId: this.member.id, channelId: frame.sChannelID, messageId, now: this.now() };
    await markRead(this.db, read);
    await readMentions(this.services, read);
    const marker = await readMarker(this.db, this.member.id, frame.sChannelID);
    const pUnread = await unreadOf(
      this.db,
      { userId: this.member.id, userName: this.member.name },
      frame.sChannelID,
      marker,
    );
    hub.toUser(this.member.id, { t: 'unread', pUnread });
  }

  private focus(frame: FrameOf<'focus'>): void {
    const channelId =
      frame.sChannelID !== null && this.services.directory.get(frame.sChannelID) ? frame.sChannelID : null;
    this.services.hub.focus(this.connection, channelId);
  }

  // ── Rules ──────────────────────────────────────────────────────────────────────────────────

  private async limits(): Promise<ChatLimits> {
    const limits = await this.services.limits();
    this.services.hub.setLimits(limits);
    return limits;
  }

  private checkText(raw: string, limits: ChatLimits, hasItem: boolean): string {
    const text = raw.trim();
    if (text.length === 0 && !hasItem) throw new Refusal(ErrorCode.CHAT_EMPTY);
    if (text.length > limits.maxLength) {
      throw new Refusal(ErrorCode.CHAT_TOO_LONG, {
        sMessage: `That message is too long: at most ${limits.maxLength} characters.`,
      });
    }
    return text;
  }

  private async refuseIfMuted(now: number): Promise<void> {
    const mute = await activeMute(this.db, this.member.id, now);
    if (mute) throw new Refusal(ErrorCode.CHAT_MUTED, { pMute: mute });
  }

  /** Slow mode (the operator's or the automatic one), then the member's rate limit: a refusal, or null to go on. */
  private async pace(channelId: string, now: number, limits: ChatLimits): Promise<Refusal | null> {
    const { directory, hub, buckets } = this.services;
    const cooldown = directory.cooldown(channelId, limits.autoSlowMs);
    if (cooldown > 0) {
      const last = hub.lastSentAt(this.member.id, channelId) ?? (await lastSentAt(this.db, this.member.id, channelId));
      const remaining = remainingCooldown(last, cooldown, now);
      if (remaining > 0) return new Refusal(ErrorCode.CHAT_SLOW_MODE, { iRetryAfterMs: remaining });
    }
    const verdict = buckets.take(this.member.id, now, limits.burst, limits.refillMs);
    return verdict.ok
      ? null
      : new Refusal(ErrorCode.RATE_LIMITED, {
          sMessage: 'You are sending messages too fast. Please slow down.',
          iRetryAfterMs: verdict.retryAfterMs,
        });
  }

  private async mentions(text: string): Promise<string[]> {
    const names = mentionsIn(text).slice(0, MENTIONS_MAX);
    return names.length === 0 ? [] : existingUsernames(this.db, names);
  }
}
