import {
  type ChatMessage,
  CLOSE_SESSION_ENDED,
  type MuteFrame,
  type ServerFrame,
  type UnreadFrame,
} from '../../../protocol/chat';
import type { NotificationsFrame } from '../../../protocol/notifications';
import type { Bus } from '../../shared/bus';
import type { Clock } from '../../shared/clock';
import { endedBy, onSessionsEnded, type SessionsEnded } from '../identity/index';
import { type Connection, encode, joinFrames, type Member, type Outgoing, type SocketSession } from './connection';
import type { ChannelDirectory } from './directory';
import { PRESENCE_REFRESH_MS, PresenceBook, type PresenceSnapshot } from './presence';
import type { ChatLimits } from './rules';

const HEARTBEAT_MS = 30_000;
const PRESENCE_PUBLISH_DELAY_MS = 250;
const PRESENCE_BROADCAST_DELAY_MS = 400;
const LAST_SENT_MAX = 50_000;
const ANNOUNCED_DELETES_MAX = 10_000;

/** The bus topic of chat: every message, edit, delete, per-member notice and presence change. */
export const CHAT_TOPIC = 'chat';

export type ChatEvent =
  | { k: 'message'; authorId: string; message: ChatMessage }
  | { k: 'edited'; message: ChatMessage }
  | { k: 'deleted'; channelId: string; messageId: number }
  | { k: 'user'; userId: string; frame: UnreadFrame | MuteFrame }
  | { k: 'presence'; instanceId: string; snapshot: PresenceSnapshot }
  | { k: 'gone'; instanceId: string }
  /** An instance got its link to the others back: every client asks for what it may have missed. */
  | { k: 'resync'; instanceId: string };

/**
 * The live side of chat on one instance: its sockets, and the fan-out of every chat event that
 * crosses the bus (its own and other instances'). It also keeps who-is-here and, from the message
 * stream, each member's last message time (slow mode) and each channel's pulse (automatic slow mode).
 */
export class ChatHub {
  private readonly connections = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly presence = new PresenceBook();
  private readonly lastSent = new Map<string, number>();
  /** Deletes already announced here, so the sync job does not announce them twice. */
  private readonly announcedDeletes = new Set<number>();
  private lastHere = '{}';
  /** Frames broadcast during this turn of the event loop, sent together at its end. */
  private outbox: Outgoing[] = [];
  private flushing: NodeJS.Immediate | null = null;
  private presencePublish: NodeJS.Timeout | null = null;
  private presenceBroadcast: NodeJS.Timeout | null = null;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: Array<() => void> = [];
  private limits: ChatLimits | null = null;

  constructor(
    private readonly deps: {
      bus: Bus;
      clock: Clock;
      directory: ChannelDirectory;
    },
  ) {}

  start(limits: ChatLimits): void {
    this.limits = limits;
    this.unsubscribe.push(this.deps.bus.subscribe(CHAT_TOPIC, (event) => this.onEvent(event as ChatEvent)));
    this.unsubscribe.push(onSessionsEnded(this.deps.bus, (event) => this.endSessions(event)));
    // When this instance's link comes back, its members and every other instance's may have missed
    // messages (each side's were not heard by the other): all clients resume from the database.
    this.unsubscribe.push(
      this.deps.bus.onReconnect(() => {
        this.publish({ k: 'resync', instanceId: this.deps.bus.instanceId });
        this.publishPresence();
      }),
    );
    const every = (ms: number, run: () => void) => {
      const timer = setInterval(run, ms);
      timer.unref();
      this.timers.push(timer);
    };
    every(HEARTBEAT_MS, () => this.heartbeat());
    every(PRESENCE_REFRESH_MS, () => this.publishPresence());
  }

  /**
   * Forgets the instances that fell silent (no presence for PRESENCE_STALE_MS) without saying they
   * were going: they crashed. A message such an instance stored and had not yet published is in the
   * database only, so every member here resumes from it, as after a link's return (the chat sync
   * job calls this on every run).
   */
  dropSilentInstances(now: number): void {
    if (!this.presence.expire(now)) return;
    this.schedulePresenceBroadcast();
    this.broadcast({ t: 'resync' });
  }

  /** Tells the other instances this one's members are gone, and closes every socket. */
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    for (const timer of [this.presencePublish, this.presenceBroadcast]) if (timer) clearTimeout(timer);
    if (this.flushing) clearImmediate(this.flushing);
    this.deps.bus.publish(CHAT_TOPIC, { k: 'gone', instanceId: this.deps.bus.instanceId } satisfies ChatEvent);
    for (const off of this.unsubscribe) off();
    for (const connection of this.connections) connection.socket.close(1012, 'Service restart: reconnect');
    this.connections.clear();
  }

  /** The limits in force, as last read (the frames refresh them on every send). */
  setLimits(limits: ChatLimits): void {
    this.limits = limits;
  }

  publish(event: ChatEvent): void {
    this.deps.bus.publish(CHAT_TOPIC, event);
  }

  toUser(userId: string, frame: UnreadFrame | MuteFrame): void {
    this.publish({ k: 'user', userId, frame });
  }

  add(connection: Connection): void {
    this.connections.add(connection);
  }

  /** A signed-in socket: from now on it hears every chat event, until its session ends. */
  admit(connection: Connection, member: Member, session: SocketSession): void {
    connection.member = member;
    connection.session = session;
    let mine = this.byUser.get(member.id);
    if (!mine) {
      mine = new Set();
      this.byUser.set(member.id, mine);
    }
    mine.add(connection);
  }

  remove(connection: Connection): void {
    this.connections.delete(connection);
    const member = connection.member;
    if (!member) return;
    this.focus(connection, null);
    const mine = this.byUser.get(member.id);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(member.id);
  }

  focus(connection: Connection, channelId: string | null): void {
    if (!connection.member || connection.focus === channelId) return;
    this.presence.move(connection.member.id, connection.focus, channelId);
    connection.focus = channelId;
    if (!this.presencePublish) {
      this.presencePublish = setTimeout(() => {
        this.presencePublish = null;
        this.publishPresence();
      }, PRESENCE_PUBLISH_DELAY_MS);
    }
    this.schedulePresenceBroadcast();
  }

  /** Closes this instance's sockets of sessions that ended (heard on the bus from any instance). */
  endSessions(event: SessionsEnded): void {
    for (const connection of this.byUser.get(event.userId) ?? []) {
      if (connection.session && endedBy(event, connection.session.id)) this.closeEnded(connection);
    }
  }

  /** The sessions of this instance's signed-in sockets. */
  openSessionIds(): string[] {
    const ids = new Set<string>();
    for (const connection of this.connections)
      if (connection.session && !connection.ended) ids.add(connection.session.id);
    return [...ids];
  }

  /** Closes this instance's sockets of these sessions (found gone from the database). */
  closeSessions(sessionIds: ReadonlySet<string>): void {
    for (const connection of this.connections) {
      if (connection.session && sessionIds.has(connection.session.id)) this.closeEnded(connection);
    }
  }

  /** Closes a socket whose session ended; it hears nothing more. */
  closeEnded(connection: Connection): void {
    if (connection.ended) return;
    connection.ended = true;
    connection.socket.close(CLOSE_SESSION_ENDED, 'Session ended');
  }

  here(): Record<string, number> {
    return this.presence.counts();
  }

  /** When the member last wrote in the channel, as seen in the message stream (null: not seen lately). */
  lastSentAt(userId: string, channelId: string): number | null {
    return this.lastSent.get(`${userId}\n${channelId}`) ?? null;
  }

  /**
   * Sends a frame to every signed-in socket of this instance. Frames broadcast in the same turn of
   * the event loop go out together at its end: under load, one write per socket carries several.
   */
  broadcast(frame: ServerFrame, messageId?: number): void {
    this.outbox.push({ data: encode(frame), messageId });
    this.flushing ??= setImmediate(() => this.flush());
  }

  private flush(): void {
    const frames = this.outbox;
    this.outbox = [];
    this.flushing = null;
    const joined = joinFrames(frames);
    for (const connection of this.connections) if (connection.member) connection.deliver(frames, joined);
  }

  /** Sends a frame to the member's sockets on this instance only (the sync job: every instance runs it). */
  tellLocal(userId: string, frame: UnreadFrame | MuteFrame | NotificationsFrame): void {
    const frames = [{ data: encode(frame) }];
    for (const connection of this.byUser.get(userId) ?? []) connection.deliver(frames);
  }

  /** Announces a delete to this instance's sockets unless it already was. */
  announceDeleted(channelId: string, messageId: number): void {
    if (this.announcedDeletes.has(messageId)) return;
    if (this.announcedDeletes.size >= ANNOUNCED_DELETES_MAX) this.announcedDeletes.clear();
    this.announcedDeletes.add(messageId);
    this.broadcast({ t: 'deleted', sChannelID: channelId, iMessageID: messageId });
  }

  /** Tells members about a channel whose automatic slow mode went on or off. */
  announceChannel(channelId: string): void {
    const row = this.deps.directory.get(channelId);
    if (!row) return;
    this.broadcast({
      t: 'channel',
      pChannel: this.deps.directory.view(row, this.limits?.autoSlowMs ?? 0),
      bArchived: false,
    });
  }

  /** Of these members, those with a signed-in socket on this instance. */
  localMembers(userIds: readonly string[]): string[] {
    return userIds.filter((id) => this.byUser.has(id));
  }

  socketCount(): number {
    return this.connections.size;
  }

  private onEvent(event: ChatEvent): void {
    switch (event.k) {
      case 'message': {
        const { message } = event;
        this.rememberSent(event.authorId, message.sChannelID, message.iCreatedAt);
        const slowed = this.deps.directory.noteMessage(
          message.sChannelID,
          message.iMessageID,
          this.deps.clock.now(),
          this.limits?.autoSlowThreshold ?? 0,
        );
        this.broadcast({ t: 'message', pMessage: message }, message.iMessageID);
        if (slowed) this.announceChannel(message.sChannelID);
        return;
      }
      case 'edited':
        this.broadcast({ t: 'edited', pMessage: event.message });
        return;
      case 'deleted':
        this.announceDeleted(event.channelId, event.messageId);
        return;
      case 'user':
        this.tellLocal(event.userId, event.frame);
        return;
      case 'presence':
        if (event.instanceId === this.deps.bus.instanceId) return;
        this.presence.applyRemote(event.instanceId, event.snapshot, this.deps.clock.now());
        this.schedulePresenceBroadcast();
        return;
      case 'resync':
        this.broadcast({ t: 'resync' });
        return;
      case 'gone':
        if (event.instanceId === this.deps.bus.instanceId) return;
        this.presence.dropRemote(event.instanceId);
        this.schedulePresenceBroadcast();
        return;
    }
  }

  private rememberSent(userId: string, channelId: string, at: number): void {
    if (this.lastSent.size >= LAST_SENT_MAX) this.lastSent.clear();
    this.lastSent.set(`${userId}\n${channelId}`, at);
  }

  private publishPresence(): void {
    this.publish({ k: 'presence', instanceId: this.deps.bus.instanceId, snapshot: this.presence.snapshot() });
  }

  private schedulePresenceBroadcast(): void {
    if (this.presenceBroadcast) return;
    this.presenceBroadcast = setTimeout(() => {
      this.presenceBroadcast = null;
      const pHere = this.presence.counts();
      const key = JSON.stringify(pHere);
      if (key === this.lastHere) return;
      this.lastHere = key;
      this.broadcast({ t: 'presence', pHere });
    }, PRESENCE_BROADCAST_DELAY_MS);
  }

  private heartbeat(): void {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
    }
  }
}
