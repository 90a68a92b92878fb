import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_NOT_MEMBER, CLOSE_UNAUTHORIZED } from '../../src/protocol/chat';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin } from '../../src/server/cli/commands';
import { listAudit } from '../../src/server/shared/audit';
import { testClock } from '../support/app';
import { ChatClient, type ChatMember, type ChatNode, type Cluster, chatCluster, chatMember } from '../support/chat';
import { DIALECTS } from '../support/db';
import { signUp } from '../support/rewardsHelpers';

describe.each(DIALECTS)('chat socket on %s', (dialect) => {
  let cluster: Cluster;
  let node: ChatNode;
  let alice: ChatMember;
  let bob: ChatMember;
  const clock = testClock();
  const admin = (...args: string[]) => runAdmin(args, { db: node.deps.db, now: () => clock.now(), actor: 'cli:test' });

  beforeAll(async () => {
    cluster = await chatCluster(dialect, { clock });
    node = cluster.nodes[0] as ChatNode;
    alice = await chatMember(node, 'alice');
    bob = await chatMember(node, 'bob');
  });
  afterAll(async () => cluster?.close());

  it('welcomes a member who says hello with their bearer token: channels, rules, unread, who is here', async () => {
    const client = await ChatClient.signedIn(node, alice);
    const { welcome } = client;
    expect(welcome.aChannels.map((c) => c.sChannelID)).toEqual(['general', 'lore', 'trading']);
    expect(welcome.pMe).toMatchObject({ sUserName: alice.userName, bOperator: false });
    expect(welcome.pMe.sAvatar).toMatch(/^http:\/\/localhost:3000\/media\/.+/);
    expect(welcome.pRules).toEqual({ iMaxLength: 1000, iEditWindowMs: 300_000 });
    expect(welcome.aUnread.every((u) => u.iUnread === 0)).toBe(true);
    expect(welcome.pMute).toBeNull();
    client.close();
  });

  it('takes the token from the query too, and refuses a bad token, a cookie-less stranger and a foreign origin', async () => {
    const byQuery = await ChatClient.open(node, { query: `?sToken=${encodeURIComponent(alice.token)}` });
    byQuery.send({ t: 'hello' });
    await byQuery.next('welcome');
    byQuery.close();

    const forged = await ChatClient.open(node);
    forged.send({ t: 'hello', sToken: `${alice.token.split('.')[0]}.AAAA` });
    expect(await forged.next('error')).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
    expect((await forged.closed).code).toBe(CLOSE_UNAUTHORIZED);

    const silent = await ChatClient.open(node);
    silent.send({ t: 'send', sNonce: 'abcdefgh', sChannelID: 'general', sText: 'hi' });
    expect((await silent.closed).code).toBe(CLOSE_UNAUTHORIZED);

    const unregistered = await signUp(node, 'lurker');
    const lurker = await ChatClient.open(node);
    lurker.send({ t: 'hello', sToken: unregistered.token });
    expect(await lurker.next('error')).toMatchObject({ iErrorCode: ErrorCode.NOT_REGISTERED });
    expect((await lurker.closed).code).toBe(CLOSE_NOT_MEMBER);

    await expect(ChatClient.open(node, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    // No Origin at all: not a browser, so no cross-site risk; the token still decides.
    const tool = await ChatClient.open(node, { origin: null });
    tool.send({ t: 'hello', sToken: bob.token });
    await tool.next('welcome');
    tool.close();
  });

  it('closes a socket that floods the server with frames', async () => {
    const client = await ChatClient.signedIn(node, alice);
    for (let i = 0; i < 250; i++) client.send({ t: 'ping' });
    expect((await client.closed).code).toBe(1008);
  });

  it('answers pings with the server time and refuses malformed frames with a reason', async () => {
    const client = await ChatClient.signedIn(node, alice);
    client.send({ t: 'ping' });
    expect((await client.next('pong')).iServerTime).toBe(clock.now());
    client.socket.send('not json');
    expect(await client.next('error')).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await client.request({ t: 'send', sChannelID: 'general', sText: 42 })).toMatchObject({
      t: 'error',
      iErrorCode: ErrorCode.BAD_INPUT,
      sMessage: expect.stringMatching(/^sText: /),
    });
    client.close();
  });

  it('delivers a message to everyone with its author, avatar, time and mentions; enforces length and emptiness', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    const id = await a.say('general', `Hello @${bob.userName} and @nobody_here, see \`@${alice.userName}\``);
    for (const client of [a, b]) {
      const { pMessage } = await client.next('message', (f) => f.pMessage.iMessageID === id);
      expect(pMessage).toMatchObject({
        sChannelID: 'general',
        sUserName: alice.userName,
        iCreatedAt: clock.now(),
        iEditedAt: null,
        aMentions: [bob.userName],
        pItem: null,
      });
      expect(pMessage.sAvatar).toMatch(/\/media\//);
    }
    expect(await a.request({ t: 'send', sChannelID: 'general', sText: 'x'.repeat(1001) })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_TOO_LONG,
    });
    expect(await a.request({ t: 'send', sChannelID: 'general', sText: '   ' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_EMPTY,
    });
    expect(await a.request({ t: 'send', sChannelID: 'nowhere', sText: 'hi' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_CHANNEL_CLOSED,
    });
    a.close();
    b.close();
  });

  it('Howls a collectible of the sender as a card, and refuses someone else’s', async () => {
    const inventory = (await node.call('getInventory', {}, alice.token)) as {
      aCollections: Array<{ aItems: Array<{ sItemID: string; publicMetadata: { name: string } }> }>;
    };
    const item = inventory.aCollections[0]?.aItems[0];
    if (!item) throw new Error('alice has no item');
    expect(await node.call('getChatItem', { sItemID: item.sItemID }, alice.token)).toMatchObject({
      iErrorCode: 0,
      pItem: { sItemID: item.sItemID, sName: item.publicMetadata.name },
    });
    expect(await node.call('getChatItem', { sItemID: item.sItemID }, bob.token)).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });

    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    const id = await a.say('trading', '', { sItemID: item.sItemID });
    const { pMessage } = await b.next('message', (f) => f.pMessage.iMessageID === id);
    expect(pMessage.pItem).toMatchObject({ sItemID: item.sItemID, sName: item.publicMetadata.name });
    expect(pMessage.pItem?.sImage).toMatch(/\/media\//);
    expect(pMessage.pItem?.sRarity).toMatch(/^(Common|Uncommon|Rare|Epic|Legendary)$/);
    expect(
      await b.request({ t: 'send', sChannelID: 'trading', sText: 'mine now', sItemID: item.sItemID }),
    ).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
    a.close();
    b.close();
  });

  it('lets an author edit and delete their message for a few minutes, and nobody else', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    const id = await a.say('lore', 'The stars are rihgt');
    expect(await b.request({ t: 'edit', iMessageID: id, sText: 'mine' })).toMatchObject({
      iErrorCode: ErrorCode.FORBIDDEN,
    });
    expect(await b.request({ t: 'delete', iMessageID: id })).toMatchObject({ iErrorCode: ErrorCode.FORBIDDEN });

    clock.advance(60_000);
    expect(await a.request({ t: 'edit', iMessageID: id, sText: 'The stars are right' })).toMatchObject({ t: 'ack' });
    const edited = await b.next('edited', (f) => f.pMessage.iMessageID === id);
    expect(edited.pMessage).toMatchObject({ sText: 'The stars are right', iEditedAt: clock.now() });

    clock.advance(5 * 60_000);
    expect(await a.request({ t: 'edit', iMessageID: id, sText: 'too late' })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_EDIT_WINDOW_OVER,
    });
    expect(await a.request({ t: 'delete', iMessageID: id })).toMatchObject({
      iErrorCode: ErrorCode.CHAT_EDIT_WINDOW_OVER,
    });

    const fresh = await a.say('lore', 'oops');
    expect(await a.request({ t: 'delete', iMessageID: fresh })).toMatchObject({ t: 'ack' });
    expect(await b.next('deleted', (f) => f.iMessageID === fresh)).toMatchObject({ sChannelID: 'lore' });
    expect(await a.request({ t: 'delete', iMessageID: fresh })).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND });
    a.close();
    b.close();
  });

  it('queues a report for the operators, once; a chat operator deletes from the web, closing the report, audited', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const id = await a.say('general', 'buy cheap gold at example.com');
    const b = await ChatClient.signedIn(node, bob);
    expect(await b.request({ t: 'report', iMessageID: id, sReason: 'spam', sNote: 'scam link' })).toMatchObject({
      t: 'ack',
    });
    expect(await b.request({ t: 'report', iMessageID: id, sReason: 'spam' })).toMatchObject({
      iErrorCode: ErrorCode.ALREADY_DONE,
    });
    expect(await a.request({ t: 'report', iMessageID: id, sReason: 'other' })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect((await admin('chat', 'reports')).output).toMatch(
      new RegExp(`message ${id} in general by ${alice.userName}: "buy cheap gold`),
    );

    clock.advance(10 * 60_000);
    expect(await b.request({ t: 'delete', iMessageID: id })).toMatchObject({ iErrorCode: ErrorCode.FORBIDDEN });
    expect(await admin('chat', 'operator', 'add', bob.userName)).toMatchObject({ exitCode: 0 });
    b.close();
    const moderator = await ChatClient.signedIn(node, bob);
    expect(moderator.welcome.pMe.bOperator).toBe(true);
    expect(await moderator.request({ t: 'delete', iMessageID: id })).toMatchObject({ t: 'ack' });
    await a.next('deleted', (f) => f.iMessageID === id);
    expect((await admin('chat', 'reports')).output).toBe('No open reports.');
    expect((await admin('chat', 'reports', '--all')).output).toMatch(/; deleted$/);

    const audit = await listAudit(node.deps.db, 200);
    expect(audit.find((e) => e.action === 'chat.report')).toMatchObject({ actor: `member:${bob.userId}` });
    expect(audit.find((e) => e.action === 'chat.operator.add')).toMatchObject({ actor: 'cli:test' });
    expect(JSON.parse(audit.find((e) => e.action === 'chat.delete')?.detail ?? '{}')).toMatchObject({ messageId: id });
    expect(audit.find((e) => e.action === 'chat.delete')).toMatchObject({ actor: `operator:${bob.userName}` });
    await admin('chat', 'operator', 'remove', bob.userName);
    a.close();
    moderator.close();
  });

  it('keeps unread counts on the server: a second device agrees after reading on the first', async () => {
    const phone = await ChatClient.signedIn(node, bob);
    // Earlier tests talked in lore: start from everything read (a marker past the end stops at the end).
    phone.send({ t: 'read', sChannelID: 'lore', iMessageID: 1_000_000 });
    expect((await phone.next('unread')).pUnread).toMatchObject({ iUnread: 0 });
    const laptop = await ChatClient.signedIn(node, bob);
    const a = await ChatClient.signedIn(node, alice);
    const first = await a.say('lore', `@${bob.userName} look`);
    await a.say('lore', 'and this');
    await phone.next('message', (f) => f.pMessage.iMessageID === first);

    const later = await ChatClient.signedIn(node, bob);
    expect(later.welcome.aUnread.find((u) => u.sChannelID === 'lore')).toEqual({
      sChannelID: 'lore',
      iUnread: 2,
      iFirstUnreadID: first,
      bMentioned: true,
    });
    phone.send({ t: 'read', sChannelID: 'lore', iMessageID: first });
    for (const device of [phone, laptop, later]) {
      expect((await device.next('unread')).pUnread).toMatchObject({
        sChannelID: 'lore',
        iUnread: 1,
        bMentioned: false,
      });
    }
    // Reading backwards never raises the count again.
    phone.send({ t: 'read', sChannelID: 'lore', iMessageID: 1 });
    expect((await laptop.next('unread')).pUnread.iUnread).toBe(1);
    for (const client of [phone, laptop, later, a]) client.close();
  });

  it('counts who is here per channel, once per member', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const a2 = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    a.send({ t: 'focus', sChannelID: 'lore' });
    a2.send({ t: 'focus', sChannelID: 'lore' });
    b.send({ t: 'focus', sChannelID: 'lore' });
    await b.next('presence', (f) => f.pHere.lore === 2);
    b.send({ t: 'focus', sChannelID: 'general' });
    await a.next('presence', (f) => f.pHere.lore === 1 && f.pHere.general === 1);
    a.close();
    a2.close();
    await b.next('presence', (f) => f.pHere.lore === undefined);
    b.close();
  });
});
