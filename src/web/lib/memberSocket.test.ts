import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, ServerFrame, WelcomeFrame } from '../../protocol/chat';
import { FakeSocket } from './fakeSocket';
import { unreadSummary } from './liveWelcome';
import { MemberSocket } from './memberSocket';

const welcome: WelcomeFrame = {
  t: 'welcome',
  pMe: { sUserName: 'Bob', sAvatar: '', bOperator: false },
  aChannels: [
    { sChannelID: 'general', sName: 'General', sTopic: '', iSlowModeMs: 0, bAutoSlow: false, iLastID: 2 },
    { sChannelID: 'lore', sName: 'Lore', sTopic: '', iSlowModeMs: 0, bAutoSlow: false, iLastID: 0 },
  ],
  aUnread: [{ sChannelID: 'general', iUnread: 1, iFirstUnreadID: 2, bMentioned: false }],
  pHere: {},
  pMute: null,
  pRules: { iMaxLength: 1000, iEditWindowMs: 300_000 },
  iServerTime: 5000,
};

const message = (id: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  iMessageID: id,
  sChannelID: 'lore',
  sUserName: 'alice',
  sAvatar: '',
  sText: `message ${id}`,
  iCreatedAt: id * 1000,
  iEditedAt: null,
  aMentions: [],
  pItem: null,
  ...over,
});

describe('the member socket', () => {
  let sockets: FakeSocket[];
  let socket: MemberSocket;
  const last = () => sockets.at(-1) as FakeSocket;

  beforeEach(() => {
    vi.useFakeTimers();
    sockets = [];
    socket = new MemberSocket({
      url: () => 'ws://test/api/chat',
      token: () => 'token-1',
      openSocket: () => {
        const fake = new FakeSocket();
        sockets.push(fake);
        return fake;
      },
      backoff: () => 1000,
      now: () => Date.now(),
      random: () => 0.5,
      checkSession: async () => false,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('is one connection for everyone who joined, and closes when the last one leaves', () => {
    const header: ServerFrame[] = [];
    const chat: ServerFrame[] = [];
    const leaveHeader = socket.join({ frame: (f) => header.push(f) });
    last().open();
    last().receive(welcome);
    const leaveChat = socket.join({ frame: (f) => chat.push(f) });
    last().receive({ t: 'notifications', iUnread: 2, iMentions: 0 });
    expect(sockets).toHaveLength(1);
    expect(header.map((f) => f.t)).toEqual(['welcome', 'notifications']);
    expect(chat.map((f) => f.t)).toEqual(['welcome', 'notifications']);

    leaveChat();
    expect(last().readyState).toBe(1);
    leaveHeader();
    expect(last().readyState).toBe(3);
    expect(socket.status()).toEqual({ status: 'closed' });
  });

  it('keeps the welcome current: a late joiner starts from the live unread counts and channels', () => {
    socket.join({});
    last().open();
    last().receive(welcome);
    last().receive({ t: 'message', pMessage: message(3, { aMentions: ['bob'] }) });
    last().receive({ t: 'message', pMessage: message(4, { sUserName: 'BOB' }) });
    last().receive({
      t: 'unread',
      pUnread: { sChannelID: 'general', iUnread: 0, iFirstUnreadID: 0, bMentioned: false },
    });
    socket.write({ t: 'focus', sChannelID: 'general' });
    last().receive({ t: 'message', pMessage: message(5, { sChannelID: 'general' }) });

    const late: ServerFrame[] = [];
    socket.join({ frame: (f) => late.push(f) });
    const kept = late[0] as WelcomeFrame;
    expect(kept.t).toBe('welcome');
    expect(kept.aChannels.map((c) => [c.sChannelID, c.iLastID])).toEqual([
      ['general', 5],
      ['lore', 4],
    ]);
    expect(unreadSummary(socket.welcome())).toEqual({ unread: 1, mentioned: true });
  });

  it('reconnects after a drop with the hello every member adds to, and stops for good when refused', () => {
    socket.join({ hello: () => ({ iSince: 7 }) });
    last().open();
    expect(last().sent).toEqual([{ t: 'hello', sToken: 'token-1', iSince: 7 }]);
    last().close(1012, 'Service restart');
    expect(socket.status()).toEqual({ status: 'reconnecting', retryAt: Date.now() + 1000 });
    vi.advanceTimersByTime(1000);
    expect(sockets).toHaveLength(2);
    last().open();
    last().receive({ t: 'error', iErrorCode: 1, sMessage: 'Please sign in first.' });
    last().close(4401);
    expect(socket.status()).toEqual({ status: 'refused', refusal: 'Please sign in first.' });
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(2);
  });
});
