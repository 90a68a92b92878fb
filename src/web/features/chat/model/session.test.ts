import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ClientFrame, WelcomeFrame } from '../../../../protocol/chat';
import { CLOSE_SESSION_ENDED } from '../../../../protocol/chat';
import { ErrorCode } from '../../../../protocol/errors';
import { FakeSocket } from '../../../lib/fakeSocket';
import { MemberSocket } from '../../../lib/memberSocket';
import { ChatSession } from './session';

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  iMessageID: id,
  sChannelID: 'general',
  sUserName: 'alice',
  sAvatar: '',
  sText: `message ${id}`,
  iCreatedAt: id * 1000,
  iEditedAt: null,
  aMentions: [],
  pItem: null,
  ...over,
});

const welcome = (over: Partial<WelcomeFrame> = {}): WelcomeFrame => ({
  t: 'welcome',
  pMe: { sUserName: 'bob', sAvatar: '', bOperator: false },
  aChannels: [
    { sChannelID: 'general', sName: 'General', sTopic: '', iSlowModeMs: 0, bAutoSlow: false, iLastID: 2 },
    { sChannelID: 'lore', sName: 'Lore', sTopic: '', iSlowModeMs: 0, bAutoSlow: false, iLastID: 0 },
  ],
  aUnread: [{ sChannelID: 'general', iUnread: 1, iFirstUnreadID: 2, bMentioned: false }],
  pHere: { general: 1 },
  pMute: null,
  pRules: { iMaxLength: 1000, iEditWindowMs: 300_000 },
  iServerTime: 5000,
  ...over,
});

// Every test of the file gets a fresh session on fake sockets and fake timers.
let sockets: FakeSocket[];
let session: ChatSession;
let token: string;
/** What the app's session check answers (a live session for this tab, or none). */
let sessionLive: boolean;
const last = () => sockets.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = 'token-1';
  sessionLive = false;
  const socket = new MemberSocket({
    url: () => 'ws://test/api/chat',
    token: () => token,
    openSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    backoff: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
    now: () => Date.now(),
    random: () => 0.5,
    checkSession: async () => sessionLive,
  });
  session = new ChatSession({
    socket,
    history: async (request) => ({
      iErrorCode: 0,
      sChannelID: request.sChannelID,
      aMessages: [message(1), message(2)],
      bMore: false,
    }),
    now: () => Date.now(),
    random: () => 0.5,
  });
});
afterEach(() => {
  session.stop();
  vi.useRealTimers();
});

describe('the chat session', () => {
  it('says hello with the token, then shows the channels and the unread counts', async () => {
    session.start();
    expect(session.getState().status).toBe('connecting');
    last().open();
    expect(last().sent).toEqual([{ t: 'hello', sToken: 'token-1' }]);
    last().receive(welcome());
    const state = session.getState();
    expect(state.status).toBe('online');
    expect(state.order).toEqual(['general', 'lore']);
    expect(state.channels.general?.unread.iUnread).toBe(1);
    await session.loadLatest('general');
    expect(session.getState().channels.general?.messages.map((m) => m.iMessageID)).toEqual([1, 2]);
  });

  it('counts live messages as unread unless the member watches the channel at the bottom', () => {
    session.start();
    last().open();
    last().receive(welcome());
    session.view({ channelId: 'general', atBottom: true });
    expect(last().sent.at(-1)).toEqual({ t: 'focus', sChannelID: 'general' });
    last().receive({ t: 'message', pMessage: message(3) });
    last().receive({ t: 'message', pMessage: message(4, { sChannelID: 'lore', aMentions: ['Bob'] }) });
    last().receive({ t: 'message', pMessage: message(4, { sChannelID: 'lore', aMentions: ['Bob'] }) });
    const { channels } = session.getState();
    expect(channels.general?.unread.iUnread).toBe(1);
    expect(channels.lore?.unread).toEqual({ sChannelID: 'lore', iUnread: 1, iFirstUnreadID: 4, bMentioned: true });
    expect(channels.lore?.messages.map((m) => m.iMessageID)).toEqual([4]);
    session.markRead('lore');
    expect(session.getState().channels.lore?.unread.iUnread).toBe(0);
    expect(last().sent.at(-1)).toEqual({ t: 'read', sChannelID: 'lore', iMessageID: 4 });
  });

  it('shows a message at once, keeps it until the real one arrives, and marks a refusal with its cooldown', () => {
    session.start();
    last().open();
    last().receive(welcome());
    session.sendMessage('general', 'hello', null);
    const sent = last().sent.at(-1) as Extract<ClientFrame, { t: 'send' }>;
    expect(sent).toMatchObject({ t: 'send', sChannelID: 'general', sText: 'hello' });
    expect(session.getState().pending).toHaveLength(1);
    last().receive({ t: 'ack', sNonce: sent.sNonce, iMessageID: 9 });
    expect(session.getState().pending[0]?.iMessageID).toBe(9);
    last().receive({ t: 'message', pMessage: message(9, { sUserName: 'bob', sText: 'hello' }) });
    expect(session.getState().pending).toEqual([]);

    session.sendMessage('general', 'again', null);
    const second = last().sent.at(-1) as Extract<ClientFrame, { t: 'send' }>;
    last().receive({
      t: 'error',
      sNonce: second.sNonce,
      iErrorCode: ErrorCode.CHAT_SLOW_MODE,
      sMessage: 'Slow mode is on',
      iRetryAfterMs: 4000,
    });
    expect(session.getState().pending[0]?.sError).toBe('Slow mode is on');
    expect(session.getState().cooldownUntil.general).toBe(Date.now() + 4000);
  });

  it('shows its own message once when the broadcast beats the ack, and the late ack changes nothing', () => {
    session.start();
    last().open();
    last().receive(welcome());
    session.sendMessage('general', 'the tide is turning', null);
    session.sendMessage('general', 'the tide is turning', null);
    const [first, second] = last()
      .sent.filter((frame): frame is Extract<ClientFrame, { t: 'send' }> => frame.t === 'send')
      .slice(-2);
    // Someone else's message of the same text is not ours.
    last().receive({ t: 'message', pMessage: message(8, { sUserName: 'carol', sText: 'the tide is turning' }) });
    expect(session.getState().pending).toHaveLength(2);
    last().receive({ t: 'message', pMessage: message(9, { sUserName: 'bob', sText: 'the tide is turning' }) });
    expect(session.getState().pending.map((p) => p.sNonce)).toEqual([second?.sNonce]);
    last().receive({ t: 'ack', sNonce: first?.sNonce ?? '', iMessageID: 9 });
    expect(session.getState().pending.map((p) => p.sNonce)).toEqual([second?.sNonce]);
    // The same message delivered again (a resume) does not take the second one's place.
    last().receive({ t: 'message', pMessage: message(9, { sUserName: 'bob', sText: 'the tide is turning' }) });
    expect(session.getState().pending).toHaveLength(1);
    last().receive({ t: 'ack', sNonce: second?.sNonce ?? '', iMessageID: 10 });
    last().receive({ t: 'message', pMessage: message(10, { sUserName: 'bob', sText: 'the tide is turning' }) });
    expect(session.getState().pending).toEqual([]);
    expect(session.getState().channels.general?.messages.map((m) => m.iMessageID)).toEqual([8, 9, 10]);
  });
});

describe('the chat session, when the connection drops', () => {
  it('reconnects with a doubling backoff and resumes from the last message it holds, resending what was pending', () => {
    session.start();
    last().open();
    last().receive(welcome());
    last().receive({ t: 'message', pMessage: message(7) });
    session.sendMessage('general', 'while it drops', null);
    const nonce = (last().sent.at(-1) as { sNonce: string }).sNonce;

    last().close(1006);
    expect(session.getState().status).toBe('reconnecting');
    expect(session.getState().retryAt).toBe(Date.now() + 1000);
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    last().close(1006);
    expect(session.getState().retryAt).toBe(Date.now() + 2000);
    vi.advanceTimersByTime(2000);
    expect(sockets).toHaveLength(3);

    last().open();
    expect(last().sent[0]).toEqual({ t: 'hello', sToken: 'token-1', pLastSeen: { general: 7, lore: 0 }, iSince: 5000 });
    last().receive(welcome({ iServerTime: 9000 }));
    expect(last().sent.at(-1)).toMatchObject({ t: 'send', sNonce: nonce, sText: 'while it drops' });
    last().receive({
      t: 'missed',
      sChannelID: 'general',
      aMessages: [message(8)],
      bMore: false,
      aEdited: [message(7, { sText: 'edited' })],
      aDeletedIDs: [],
    });
    expect(session.getState().channels.general?.messages.map((m) => [m.iMessageID, m.sText])).toEqual([
      [7, 'edited'],
      [8, 'message 8'],
    ]);

    // After a good welcome the backoff starts again from one second.
    last().close(1006);
    expect(session.getState().retryAt).toBe(Date.now() + 1000);
  });

  it('answers a resync with a resume, and stops for good when the server refuses the member', () => {
    session.start();
    last().open();
    last().receive(welcome());
    last().receive({ t: 'resync' });
    expect(last().sent.at(-1)).toEqual({ t: 'resume', pLastSeen: { general: 2, lore: 0 }, iSince: 5000 });

    last().receive({ t: 'error', iErrorCode: ErrorCode.NOT_SIGNED_IN, sMessage: 'Please sign in first.' });
    last().close(4401, 'Please sign in first.');
    expect(session.getState()).toMatchObject({ status: 'refused', refusal: 'Please sign in first.' });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('pings while quiet and drops a socket that has been silent too long', () => {
    session.start();
    last().open();
    last().receive(welcome());
    vi.advanceTimersByTime(25_000);
    expect(last().sent.at(-1)).toEqual({ t: 'ping' });
    vi.advanceTimersByTime(50_000);
    expect(session.getState().status).toBe('reconnecting');
  });

  it('stops for good when its session ended and the tab holds no live session (the app then signs out)', async () => {
    session.start();
    last().open();
    last().receive(welcome());
    last().close(CLOSE_SESSION_ENDED, 'Session ended');
    await vi.advanceTimersByTimeAsync(0);
    expect(session.getState()).toMatchObject({
      status: 'refused',
      refusal: 'Your session has ended. Please sign in again.',
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('comes back at once with the fresh token when its old session ended but the tab holds a new one', async () => {
    session.start();
    last().open();
    last().receive(welcome());
    token = 'token-2';
    sessionLive = true;
    last().close(CLOSE_SESSION_ENDED, 'Session ended');
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent[0]).toMatchObject({ t: 'hello', sToken: 'token-2' });
  });
});
