import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatHistoryAnswer } from '../../src/protocol/chat';
import { ErrorCode } from '../../src/protocol/errors';
import { testClock } from '../support/app';
import {
  ChatClient,
  type ChatMember,
  type ChatNode,
  type Cluster,
  chatCluster,
  chatMember,
  nonce,
} from '../support/chat';
import { DIALECTS } from '../support/db';

describe.each(DIALECTS)('chat history and resume on %s', (dialect) => {
  let cluster: Cluster;
  let node: ChatNode;
  let alice: ChatMember;
  let bob: ChatMember;
  const clock = testClock();
  /** The ids alice wrote in lore, oldest first. */
  const written: number[] = [];

  beforeAll(async () => {
    cluster = await chatCluster(dialect, { clock });
    node = cluster.nodes[0] as ChatNode;
    alice = await chatMember(node, 'alice');
    bob = await chatMember(node, 'bob');
    // Enough history for three pages; the rate limit is lifted for the setup.
    await node.deps.db.updateTable('game_var').set({ value: '0' }).where('var_id', '=', 'iChatRefillMs').execute();
    const a = await ChatClient.signedIn(node, alice);
    for (let i = 1; i <= 120; i++) {
      written.push(await a.say('lore', `page test ${i}`));
      clock.advance(1000);
    }
    a.close();
    await node.deps.db.updateTable('game_var').set({ value: '2000' }).where('var_id', '=', 'iChatRefillMs').execute();
  });
  afterAll(async () => cluster?.close());
  // Each test starts with full rate-limit buckets.
  beforeEach(() => clock.advance(60_000));

  const history = (fields: Record<string, string | number>, member = bob) =>
    node.call(
      'getChatHistory',
      { sChannelID: 'lore', ...fields },
      member.token,
    ) as unknown as Promise<ChatHistoryAnswer>;

  it('pages back from the newest, 50 at a time, oldest first in each page', async () => {
    const newest = await history({});
    expect(newest).toMatchObject({ iErrorCode: 0, sChannelID: 'lore', bMore: true });
    expect(newest.aMessages.map((m) => m.iMessageID)).toEqual(written.slice(70));
    expect(newest.aMessages[0]).toMatchObject({ sText: 'page test 71', sUserName: alice.userName });

    const before = await history({ iBeforeID: written[70] as number });
    expect(before.aMessages.map((m) => m.iMessageID)).toEqual(written.slice(20, 70));
    expect(before.bMore).toBe(true);
    const oldest = await history({ iBeforeID: written[20] as number });
    expect(oldest.aMessages.map((m) => m.iMessageID)).toEqual(written.slice(0, 20));
    expect(oldest.bMore).toBe(false);
  });

  it('pages forward after an id, up to 100, and refuses more or both directions', async () => {
    const after = await history({ iAfterID: written[9] as number, iLimit: 100 });
    expect(after.aMessages.map((m) => m.iMessageID)).toEqual(written.slice(10, 110));
    expect(after.bMore).toBe(true);
    const end = await history({ iAfterID: written[110] as number });
    expect(end.aMessages).toHaveLength(9);
    expect(end.bMore).toBe(false);

    expect(await history({ iLimit: 101 })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await history({ iBeforeID: 5, iAfterID: 1 })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await history({ sChannelID: 'nowhere' })).toMatchObject({ iErrorCode: ErrorCode.CHAT_CHANNEL_CLOSED });
    expect(await node.call('getChatHistory', { sChannelID: 'lore' })).toMatchObject({
      iErrorCode: ErrorCode.NOT_SIGNED_IN,
    });
  });

  it('leaves deleted messages out of history', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const id = await a.say('general', 'regrettable');
    await a.request({ t: 'delete', iMessageID: id });
    const page = (await history({ sChannelID: 'general' })) as ChatHistoryAnswer;
    expect(page.aMessages.map((m) => m.iMessageID)).not.toContain(id);
    a.close();
  });

  it('suggests usernames for @mentions', async () => {
    const prefix = alice.userName.slice(0, 6);
    const answer = (await node.call('findChatMembers', { sPrefix: prefix }, bob.token)) as { aUserNames: string[] };
    expect(answer.aUserNames).toContain(alice.userName);
    expect(await node.call('findChatMembers', { sPrefix: 'a%' }, bob.token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    // "_" is a username character here, not a LIKE wildcard.
    const underscore = (await node.call('findChatMembers', { sPrefix: 'm_' }, bob.token)) as { aUserNames: string[] };
    expect(underscore.aUserNames.every((n) => n.toLowerCase().startsWith('m_'))).toBe(true);
  });

  it('resumes after a dropped connection: what was missed, in order, once, with edits and deletes since', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    const seen = await a.say('general', 'before the drop');
    const toEdit = await a.say('general', 'edit me later');
    const toDelete = await a.say('general', 'delete me later');
    await b.next('message', (f) => f.pMessage.iMessageID === toDelete);
    const lastContact = clock.now();
    b.drop();

    clock.advance(10_000);
    await a.request({ t: 'edit', iMessageID: toEdit, sText: 'edited while you were away' });
    await a.request({ t: 'delete', iMessageID: toDelete });
    const missed: number[] = [];
    for (const text of ['one', 'two', 'three']) {
      missed.push(await a.say('general', text));
      clock.advance(2500);
    }

    const back = await ChatClient.signedIn(node, bob, { pLastSeen: { general: toDelete }, iSince: lastContact });
    const frame = await back.next('missed', (f) => f.sChannelID === 'general');
    expect(frame.aMessages.map((m) => m.sText)).toEqual(['one', 'two', 'three']);
    expect(frame.aMessages.map((m) => m.iMessageID)).toEqual(missed);
    expect(frame.bMore).toBe(false);
    expect(frame.aEdited.map((m) => [m.iMessageID, m.sText])).toEqual([[toEdit, 'edited while you were away']]);
    expect(frame.aDeletedIDs).toContain(toDelete);
    expect(frame.aMessages.map((m) => m.iMessageID)).not.toContain(seen);

    // Live again, and nothing repeats.
    const after = await a.say('general', 'welcome back');
    await back.next('message', (f) => f.pMessage.iMessageID === after);
    expect(back.messageIds('general')).toEqual([...missed, after]);
    a.close();
    back.close();
  });

  it('sends live messages that arrive during a resume after the missed ones, never twice', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const last = await a.say('trading', 'anchor');
    const missed = [await a.say('trading', 'missed 1'), await a.say('trading', 'missed 2')];
    const back = await ChatClient.open(node);
    back.send({ t: 'hello', sToken: bob.token, pLastSeen: { trading: last } });
    // Sent while the server answers the resume: it comes in the missed frame or after it, and once.
    const racing = await a.say('trading', 'racing');
    await back.next(['message', 'missed'], (f) =>
      f.t === 'message' ? f.pMessage.iMessageID === racing : f.aMessages.some((m) => m.iMessageID === racing),
    );
    expect(await back.receivedWithin('message', (f) => f.pMessage.iMessageID === racing, 300)).toBe(false);
    expect(back.messageIds('trading')).toEqual([...missed, racing]);
    a.close();
    back.close();
  });

  it('says "more" when more was missed than one frame holds; the client pages on', async () => {
    const back = await ChatClient.signedIn(node, bob, { pLastSeen: { lore: 0 } });
    const frame = await back.next('missed', (f) => f.sChannelID === 'lore');
    expect(frame.aMessages).toHaveLength(100);
    expect(frame.bMore).toBe(true);
    const rest = await history({ iAfterID: frame.aMessages.at(-1)?.iMessageID as number });
    expect([...frame.aMessages, ...rest.aMessages].map((m) => m.iMessageID)).toEqual(written);
    back.close();
  });

  it('stores a message resent with the same nonce once, and acknowledges it again', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const b = await ChatClient.signedIn(node, bob);
    const sNonce = nonce();
    const first = await a.request({ t: 'send', sNonce, sChannelID: 'general', sText: 'only once' });
    a.drop();
    const again = await ChatClient.signedIn(node, alice);
    const second = await again.request({ t: 'send', sNonce, sChannelID: 'general', sText: 'only once' });
    expect(first).toMatchObject({ t: 'ack' });
    expect(second).toEqual(first);
    const id = (first as { iMessageID: number }).iMessageID;
    await b.next('message', (f) => f.pMessage.iMessageID === id);
    expect(await b.receivedWithin('message', (f) => f.pMessage.iMessageID === id, 300)).toBe(false);
    again.close();
    b.close();
  });
});
