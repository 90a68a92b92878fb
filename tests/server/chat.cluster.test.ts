import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin } from '../../src/server/cli/commands';
import { CHAT_TOPIC } from '../../src/server/features/chat/hub';
import { insertMessage } from '../../src/server/features/chat/messages';
import { PRESENCE_STALE_MS } from '../../src/server/features/chat/presence';
import { listAudit } from '../../src/server/shared/audit';
import { testClock } from '../support/app';
import { ChatClient, type ChatMember, type ChatNode, type Cluster, clusterWithCuttableRedis } from '../support/chat';
import { DIALECTS } from '../support/db';
import { type tcpProxy, until } from '../support/tcpProxy';

/**
 * Two server instances on one database and one Redis (docs/product.md §14): what happens on one
 * reaches members on the other, and a Redis outage degrades to per-instance delivery, then heals.
 * Instance A reaches Redis through a proxy the test can cut, like a Redis restart seen from A.
 */
describe.each(DIALECTS)('chat across two instances on %s', (dialect) => {
  let cluster: Cluster;
  let a: ChatNode;
  let b: ChatNode;
  let alice: ChatMember;
  let bob: ChatMember;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  const clock = testClock();
  const admin = (...args: string[]) => runAdmin(args, { db: a.deps.db, now: () => clock.now(), actor: 'cli:test' });

  beforeAll(async () => {
    ({ cluster, a, b, alice, bob, proxy } = await clusterWithCuttableRedis(dialect, clock));
  });
  afterAll(async () => {
    await cluster?.close();
    await proxy?.close();
  });

  it('delivers a message, an edit and a delete sent on one instance to members on the other', async () => {
    const onA = await ChatClient.signedIn(a, alice);
    const onB = await ChatClient.signedIn(b, bob);
    const id = await onA.say('general', `Hello from A, @${bob.userName}`);
    const { pMessage } = await onB.next('message', (f) => f.pMessage.iMessageID === id);
    expect(pMessage).toMatchObject({ sUserName: alice.userName, aMentions: [bob.userName] });
    const reply = await onB.say('general', 'Hello from B');
    await onA.next('message', (f) => f.pMessage.iMessageID === reply);

    await onA.request({ t: 'edit', iMessageID: id, sText: 'Hello from A (edited)' });
    expect((await onB.next('edited')).pMessage.sText).toBe('Hello from A (edited)');
    await onA.request({ t: 'delete', iMessageID: id });
    await onB.next('deleted', (f) => f.iMessageID === id);
    onA.close();
    onB.close();
  });

  it('counts who is here across instances, and tells a member’s devices on both instances their unread state', async () => {
    const onA = await ChatClient.signedIn(a, alice);
    const onB = await ChatClient.signedIn(b, bob);
    const bobOnA = await ChatClient.signedIn(a, bob);
    onA.send({ t: 'focus', sChannelID: 'lore' });
    onB.send({ t: 'focus', sChannelID: 'lore' });
    await onB.next('presence', (f) => f.pHere.lore === 2);
    await onA.next('presence', (f) => f.pHere.lore === 2);

    const id = await onA.say('lore', 'read me');
    await onB.next('message', (f) => f.pMessage.iMessageID === id);
    onB.send({ t: 'read', sChannelID: 'lore', iMessageID: id });
    expect((await bobOnA.next('unread')).pUnread).toMatchObject({ sChannelID: 'lore', iUnread: 0 });

    onB.close();
    await onA.next('presence', (f) => f.pHere.lore === 1);
    onA.close();
    bobOnA.close();
  });

  it('keeps slow mode and mutes across instances', async () => {
    await admin('chat', 'channel', 'slow', 'trading', '60');
    await Promise.all([a.sync(), b.sync()]);
    const onA = await ChatClient.signedIn(a, alice);
    const aliceOnB = await ChatClient.signedIn(b, alice);
    await onA.say('trading', 'one per minute');
    clock.advance(10_000);
    expect(await aliceOnB.request({ t: 'send', sChannelID: 'trading', sText: 'sneaky' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_SLOW_MODE,
      iRetryAfterMs: 50_000,
    });
    await admin('chat', 'channel', 'slow', 'trading', '0');

    await admin('chat', 'mute', alice.userName, '5m', '--reason', 'Spam');
    await Promise.all([a.sync(), b.sync()]);
    expect((await aliceOnB.next('mute')).pMute).toMatchObject({ sReason: 'Spam' });
    expect((await onA.next('mute')).pMute).toMatchObject({ sReason: 'Spam' });
    expect(await aliceOnB.request({ t: 'send', sChannelID: 'general', sText: 'hello?' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_MUTED,
    });
    await admin('chat', 'unmute', alice.userName);
    clock.advance(1);
    await Promise.all([a.sync(), b.sync()]);
    onA.close();
    aliceOnB.close();
  });

  it('carries a chat operator’s mute from the web to the member’s sockets on the other instance at once', async () => {
    clock.advance(60_000);
    await admin('chat', 'operator', 'add', bob.userName);
    const moderator = await ChatClient.signedIn(b, bob);
    const aliceOnA = await ChatClient.signedIn(a, alice);
    const id = await aliceOnA.say('general', 'spam spam spam');
    await moderator.next('message', (f) => f.pMessage.iMessageID === id);
    expect(
      await moderator.request({ t: 'muteAuthor', iMessageID: id, iDurationMs: 600_000, sReason: 'Spam' }),
    ).toMatchObject({ t: 'ack' });
    // No sync job ran: the mute crossed Redis.
    expect((await aliceOnA.next('mute')).pMute).toEqual({ iUntil: clock.now() + 600_000, sReason: 'Spam' });
    expect(await aliceOnA.request({ t: 'send', sChannelID: 'general', sText: 'hello?' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_MUTED,
    });
    expect(await aliceOnA.request({ t: 'muteAuthor', iMessageID: id, iDurationMs: null, sReason: '' })).toMatchObject({
      iErrorCode: ErrorCode.FORBIDDEN,
    });
    const audit = (await listAudit(a.deps.db, 50)).find((e) => e.action === 'chat.mute');
    expect(audit).toMatchObject({ actor: `operator:${bob.userName}` });
    await admin('chat', 'unmute', alice.userName);
    await admin('chat', 'operator', 'remove', bob.userName);
    moderator.close();
    aliceOnA.close();
  });

  it('delivers per instance while Redis is away, and catches every member up when it is back', async () => {
    clock.advance(60_000);
    const onA = await ChatClient.signedIn(a, alice);
    const onB = await ChatClient.signedIn(b, bob);
    const before = await onA.say('general', 'before the outage');
    await onB.next('message', (f) => f.pMessage.iMessageID === before);

    proxy.cut();
    await until(() => !a.deps.bus.connected(), 5000, 'A notices the outage');
    const fromA = await onA.say('general', 'A during the outage');
    const fromB = await onB.say('general', 'B during the outage');
    // Each instance still serves its own members…
    await onA.next('message', (f) => f.pMessage.iMessageID === fromA);
    await onB.next('message', (f) => f.pMessage.iMessageID === fromB);
    // …but the other side does not hear it live.
    expect(await onB.receivedWithin('message', (f) => f.pMessage.iMessageID === fromA, 300)).toBe(false);
    expect(onA.messageIds('general')).not.toContain(fromB);

    proxy.restore();
    await until(() => a.deps.bus.connected(), 10_000, 'A back on Redis');
    // Every client on both instances is asked to resume, and gets what it missed from the database.
    for (const client of [onA, onB]) {
      await client.next('resync');
      client.send({ t: 'resume', pLastSeen: { general: before } });
    }
    expect((await onB.next('missed', (f) => f.sChannelID === 'general')).aMessages.map((m) => m.iMessageID)).toEqual([
      fromA,
      fromB,
    ]);
    expect((await onA.next('missed', (f) => f.sChannelID === 'general')).aMessages.map((m) => m.iMessageID)).toEqual([
      fromA,
      fromB,
    ]);

    // And live delivery across instances works again.
    const after = await onA.say('general', 'after the outage');
    await onB.next('message', (f) => f.pMessage.iMessageID === after);
    onA.close();
    onB.close();
  });

  it('gets a message to the members elsewhere when the instance that stored it crashed before publishing it', async () => {
    const onB = await ChatClient.signedIn(b, bob);
    onB.send({ t: 'focus', sChannelID: 'lore' });
    const before = await onB.say('lore', 'before the crash');
    // A third instance is heard (a member of its own looks at lore), then crashes: it stores
    // Alice's message and dies before publishing it, without saying it is going.
    a.deps.bus.publish(CHAT_TOPIC, { k: 'presence', instanceId: 'crashed', snapshot: { lore: [alice.userId] } });
    await onB.next('presence', (f) => f.pHere.lore === 2);
    const { row } = await insertMessage(a.deps.db, {
      channelId: 'lore',
      userId: alice.userId,
      body: 'stored, never published',
      itemId: null,
      mentions: [],
      nonce: 'crashed-before-publish',
      now: clock.now(),
    });
    await b.sync();
    expect(await onB.receivedWithin('message', (f) => f.pMessage.iMessageID === row.id, 300)).toBe(false);
    expect(await onB.receivedWithin('resync', () => true, 100)).toBe(false);

    // Silent for longer than a presence lasts: the instance is gone, and B's members resume.
    clock.advance(PRESENCE_STALE_MS + 1000);
    await b.sync();
    await onB.next('resync');
    onB.send({ t: 'resume', pLastSeen: { lore: before } });
    const missed = await onB.next('missed', (f) => f.sChannelID === 'lore');
    expect(missed.aMessages.map((m) => [m.iMessageID, m.sText])).toEqual([[row.id, 'stored, never published']]);
    await onB.next('presence', (f) => f.pHere.lore === 1);
    onB.close();
  });
});
