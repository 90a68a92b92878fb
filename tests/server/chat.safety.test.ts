import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin } from '../../src/server/cli/commands';
import { listAudit } from '../../src/server/shared/audit';
import { testClock } from '../support/app';
import { ChatClient, type ChatMember, type ChatNode, type Cluster, chatCluster, chatMember } from '../support/chat';
import { DIALECTS } from '../support/db';

describe.each(DIALECTS)('chat safety on %s', (dialect) => {
  let cluster: Cluster;
  let node: ChatNode;
  let alice: ChatMember;
  let bob: ChatMember;
  const clock = testClock();
  const admin = (...args: string[]) => runAdmin(args, { db: node.deps.db, now: () => clock.now(), actor: 'cli:test' });
  const setVar = (id: string, value: number) => admin('gamevars', 'set', id, 'int', String(value));

  beforeAll(async () => {
    cluster = await chatCluster(dialect, { clock });
    node = cluster.nodes[0] as ChatNode;
    alice = await chatMember(node, 'alice');
    bob = await chatMember(node, 'bob');
  });
  afterAll(async () => cluster?.close());
  beforeEach(() => clock.advance(10 * 60_000));

  it('limits each member to a burst, then a steady rate, saying how long to wait', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    for (let i = 1; i <= 5; i++) await a.say('general', `burst ${i}`);
    const refused = await a.request({ t: 'send', sChannelID: 'general', sText: 'one too many' });
    expect(refused).toMatchObject({ t: 'error', iErrorCode: ErrorCode.RATE_LIMITED, iRetryAfterMs: 2000 });
    // Others are not slowed by alice's burst.
    await b.say('general', 'I can still talk');
    clock.advance(1500);
    expect(await a.request({ t: 'send', sChannelID: 'general', sText: 'not yet' })).toMatchObject({
      iErrorCode: ErrorCode.RATE_LIMITED,
      iRetryAfterMs: 500,
    });
    clock.advance(500);
    await a.say('general', 'steady again');
    expect(await a.request({ t: 'send', sChannelID: 'general', sText: 'but only one' })).toMatchObject({
      iErrorCode: ErrorCode.RATE_LIMITED,
    });
    a.close();
    b.close();
  });

  it('keeps an operator’s slow mode per channel, shows it to members, and tells each member their cooldown', async () => {
    const a = await ChatClient.signedIn(node, alice);
    expect(await admin('chat', 'channel', 'slow', 'lore', '30')).toMatchObject({ exitCode: 0 });
    await node.sync();
    expect((await a.next('channel', (f) => f.pChannel.sChannelID === 'lore')).pChannel).toMatchObject({
      iSlowModeMs: 30_000,
      bAutoSlow: false,
    });
    await a.say('lore', 'first');
    clock.advance(12_000);
    expect(await a.request({ t: 'send', sChannelID: 'lore', sText: 'second' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_SLOW_MODE,
      iRetryAfterMs: 18_000,
    });
    // Another channel is not slowed.
    await a.say('general', 'elsewhere is fine');
    clock.advance(18_000);
    await a.say('lore', 'second, in time');

    // A new socket (another device) knows the cooldown too: it is read from the database.
    const other = await ChatClient.signedIn(node, alice);
    expect(other.welcome.aChannels.find((c) => c.sChannelID === 'lore')?.iSlowModeMs).toBe(30_000);
    expect(await other.request({ t: 'send', sChannelID: 'lore', sText: 'from the phone' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_SLOW_MODE,
    });
    expect(await admin('chat', 'channel', 'slow', 'lore', '0')).toMatchObject({ exitCode: 0 });
    await node.sync();
    await a.next('channel', (f) => f.pChannel.sChannelID === 'lore' && f.pChannel.iSlowModeMs === 0);
    await a.say('lore', 'free again');
    const audit = (await listAudit(node.deps.db, 100)).filter((e) => e.action === 'chat.channel.slow');
    expect(audit.map((e) => JSON.parse(e.detail))).toEqual([
      { id: 'lore', before: 30_000, after: 0 },
      { id: 'lore', before: 0, after: 30_000 },
    ]);
    a.close();
    other.close();
  });

  it('turns automatic slow mode on when a channel gets busy, and off once it calms down', async () => {
    await setVar('iChatAutoSlowThreshold', 6);
    await setVar('iChatAutoSlowMs', 4000);
    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    const watcher = await ChatClient.signedIn(node, bob);
    for (let i = 0; i < 3; i++) {
      await a.say('trading', `a${i}`);
      await b.say('trading', `b${i}`);
      clock.advance(500);
    }
    const on = await watcher.next('channel', (f) => f.pChannel.sChannelID === 'trading');
    expect(on.pChannel).toMatchObject({ bAutoSlow: true, iSlowModeMs: 4000 });
    // alice last wrote 500 ms ago; 4 s cooldown.
    expect(await a.request({ t: 'send', sChannelID: 'trading', sText: 'too soon' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_SLOW_MODE,
      iRetryAfterMs: 3500,
    });

    // Still on while the channel is busy…
    clock.advance(20_000);
    await node.sync();
    expect(await watcher.receivedWithin('channel', (f) => f.pChannel.sChannelID === 'trading', 200)).toBe(false);
    // …and off after a calm half minute.
    clock.advance(15_000);
    await node.sync();
    const off = await watcher.next('channel', (f) => f.pChannel.sChannelID === 'trading');
    expect(off.pChannel).toMatchObject({ bAutoSlow: false, iSlowModeMs: 0 });
    await a.say('trading', 'calm now');
    await a.say('trading', 'and again');
    await setVar('iChatAutoSlowThreshold', 30);
    await setVar('iChatAutoSlowMs', 5000);
    for (const client of [a, b, watcher]) client.close();
  });

  it('mutes a member for a while with a reason: they are told at once, at welcome and when they try', async () => {
    const a = await ChatClient.signedIn(node, alice);
    expect(await admin('chat', 'mute', alice.userName, '10m', '--reason', 'Cool off, please')).toMatchObject({
      exitCode: 0,
      output: expect.stringMatching(/is muted until/),
    });
    const until = clock.now() + 10 * 60_000;
    await node.sync();
    expect((await a.next('mute')).pMute).toEqual({ iUntil: until, sReason: 'Cool off, please' });
    expect(await a.request({ t: 'send', sChannelID: 'general', sText: 'hello?' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_MUTED,
      pMute: { iUntil: until, sReason: 'Cool off, please' },
    });
    const again = await ChatClient.signedIn(node, alice);
    expect(again.welcome.pMute).toEqual({ iUntil: until, sReason: 'Cool off, please' });
    expect((await admin('chat', 'mutes')).output).toMatch(new RegExp(`${alice.userName}\\s+until`));

    // A mute ends by itself…
    clock.advance(10 * 60_000 + 1);
    await a.say('general', 'back');
    // …or when an operator lifts it.
    await admin('chat', 'mute', alice.userName, 'forever');
    await node.sync();
    expect((await again.next('mute', (f) => f.pMute?.iUntil === null)).pMute).toEqual({ iUntil: null, sReason: '' });
    expect(await admin('chat', 'unmute', alice.userName)).toMatchObject({ exitCode: 0 });
    clock.advance(1);
    await node.sync();
    expect((await again.next('mute', (f) => f.pMute === null)).pMute).toBeNull();
    await again.say('general', 'free');
    expect(await admin('chat', 'unmute', alice.userName)).toMatchObject({
      output: expect.stringMatching(/was not muted/),
    });

    const audit = (await listAudit(node.deps.db, 200)).filter(
      (e) => e.action.startsWith('chat.mute') || e.action === 'chat.unmute',
    );
    expect(audit.map((e) => e.action)).toEqual(['chat.unmute', 'chat.mute', 'chat.mute']);
    a.close();
    again.close();
  });

  it('deletes any message from the CLI: gone for everyone connected and from history, audited', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    const id = await a.say('general', 'something nasty');
    expect(await admin('chat', 'delete', String(id), '--reason', 'abuse')).toMatchObject({ exitCode: 0 });
    await node.sync();
    await b.next('deleted', (f) => f.iMessageID === id);
    expect(await admin('chat', 'delete', String(id))).toMatchObject({ exitCode: 1 });
    expect(await admin('chat', 'delete', 'x')).toMatchObject({ exitCode: 2 });
    const audit = (await listAudit(node.deps.db, 50)).find((e) => e.action === 'chat.delete');
    expect(audit).toMatchObject({ actor: 'cli:test' });
    expect(JSON.parse(audit?.detail ?? '{}')).toMatchObject({ messageId: id, reason: 'abuse', authorId: alice.userId });
    a.close();
    b.close();
  });

  it('manages channels from the CLI: add, list, archive and restore, audited and seen live', async () => {
    const a = await ChatClient.signedIn(node, alice);
    expect(await admin('chat', 'channel', 'add', 'art', 'Fan Art', '--topic', 'Drawings of the deep')).toMatchObject({
      exitCode: 0,
    });
    expect(await admin('chat', 'channel', 'add', 'art')).toMatchObject({ exitCode: 1 });
    expect(await admin('chat', 'channel', 'add', 'Bad Id!')).toMatchObject({ exitCode: 2 });
    await node.sync();
    expect((await a.next('channel', (f) => f.pChannel.sChannelID === 'art')).pChannel).toMatchObject({
      sName: 'Fan Art',
      sTopic: 'Drawings of the deep',
    });
    await a.say('art', 'first!');

    expect(await admin('chat', 'channel', 'archive', 'art')).toMatchObject({ exitCode: 0 });
    await node.sync();
    expect(await a.next('channel', (f) => f.pChannel.sChannelID === 'art')).toMatchObject({ bArchived: true });
    expect(await a.request({ t: 'send', sChannelID: 'art', sText: 'hello?' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_CHANNEL_CLOSED,
    });
    expect((await admin('chat', 'channel', 'list')).output).toMatch(/^art\s+archived/m);
    const fresh = await ChatClient.signedIn(node, alice);
    expect(fresh.welcome.aChannels.map((c) => c.sChannelID)).not.toContain('art');

    expect(await admin('chat', 'channel', 'restore', 'art')).toMatchObject({ exitCode: 0 });
    await node.sync();
    await a.next('channel', (f) => f.pChannel.sChannelID === 'art' && !f.bArchived);
    await a.say('art', 'back again');
    const actions = (await listAudit(node.deps.db, 200))
      .map((e) => e.action)
      .filter((x) => x.startsWith('chat.channel'));
    expect(actions.slice(0, 3)).toEqual(['chat.channel.restore', 'chat.channel.archive', 'chat.channel.add']);
    a.close();
    fresh.close();
  });

  it('refuses chat while bChat is off', async () => {
    await admin('flags', 'set', 'bChat', 'off');
    try {
      const client = await ChatClient.open(node);
      client.send({ t: 'hello', sToken: alice.token });
      expect(await client.next('error')).toMatchObject({ iErrorCode: ErrorCode.FEATURE_OFF });
      expect(await node.call('getChatHistory', { sChannelID: 'general' }, alice.token)).toMatchObject({
        iErrorCode: ErrorCode.FEATURE_OFF,
      });
    } finally {
      await admin('flags', 'set', 'bChat', 'on');
    }
  });
});
