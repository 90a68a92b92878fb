import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FRAME_BYTES } from '../../src/protocol/chat';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin } from '../../src/server/cli/commands';
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

/** Issue 26 #3 (one length check, the real limit in words) and #4's audit of the chat nonce. */
describe.each(DIALECTS)('chat message length and request ids on %s', (dialect) => {
  let cluster: Cluster;
  let node: ChatNode;
  let alice: ChatMember;
  const clock = testClock();
  const setVar = (id: string, value: number) =>
    runAdmin(['gamevars', 'set', id, 'int', String(value)], {
      db: node.deps.db,
      now: () => clock.now(),
      actor: 'cli:test',
    });

  beforeAll(async () => {
    cluster = await chatCluster(dialect, { clock });
    node = cluster.nodes[0] as ChatNode;
    alice = await chatMember(node, 'alice');
  });
  afterAll(async () => cluster?.close());
  // Each test starts with a full rate-limit bucket.
  beforeEach(() => clock.advance(10 * 60_000));

  const tooLong = (limit: number) => ({
    t: 'error',
    iErrorCode: ErrorCode.CHAT_TOO_LONG,
    sMessage: `That message is too long: at most ${limit} characters.`,
  });

  it('refuses an over-long message of any size with code 42 and the real limit, sent or edited', async () => {
    const a = await ChatClient.signedIn(node, alice);
    for (const length of [1001, 1500, 4001, 10_000]) {
      const refused = await a.request({ t: 'send', sChannelID: 'general', sText: 'x'.repeat(length) });
      expect(refused, `${length} characters`).toMatchObject(tooLong(1000));
    }
    const id = await a.say('general', 'x'.repeat(1000));
    expect(await a.request({ t: 'edit', iMessageID: id, sText: 'y'.repeat(10_000) })).toMatchObject(tooLong(1000));

    // The limit in words is the operator's, whatever it is set to.
    await setVar('iChatMaxLength', 50);
    for (const length of [51, 10_000]) {
      expect(await a.request({ t: 'send', sChannelID: 'general', sText: 'z'.repeat(length) })).toMatchObject(
        tooLong(50),
      );
    }
    await a.say('general', 'z'.repeat(50));
    await setVar('iChatMaxLength', 1000);

    // Up to what one frame may carry, the refusal is code 42; a bigger frame is the socket's own
    // refusal, 1009 (Message Too Big), before anything is parsed.
    const largest = MAX_FRAME_BYTES - 200;
    expect(await a.request({ t: 'send', sChannelID: 'general', sText: 'w'.repeat(largest) })).toMatchObject(
      tooLong(1000),
    );
    a.send({ t: 'send', sNonce: nonce(), sChannelID: 'general', sText: 'w'.repeat(MAX_FRAME_BYTES + 1) });
    expect((await a.closed).code).toBe(1009);
  });

  it('answers a resent message with its first ack, and refuses its request id reused for another message', async () => {
    const a = await ChatClient.signedIn(node, alice);
    const sNonce = nonce();
    const first = await a.request({ t: 'send', sNonce, sChannelID: 'lore', sText: 'the same words' });
    expect(first).toMatchObject({ t: 'ack' });
    const again = await a.request({ t: 'send', sNonce, sChannelID: 'lore', sText: 'the same words' });
    expect(again).toEqual(first);

    const reused = { t: 'error', iErrorCode: ErrorCode.REQUEST_KEY_REUSED };
    expect(await a.request({ t: 'send', sNonce, sChannelID: 'lore', sText: 'other words' })).toMatchObject(reused);
    expect(await a.request({ t: 'send', sNonce, sChannelID: 'general', sText: 'the same words' })).toMatchObject(
      reused,
    );
    const stored = await node.deps.db
      .selectFrom('chat_message')
      .select('body')
      .where('user_id', '=', alice.userId)
      .where('nonce', '=', sNonce)
      .execute();
    expect(stored).toEqual([{ body: 'the same words' }]);

    // The same while rate limited: the resend is answered, the reuse refused.
    for (let i = 0; i < 6; i++) await a.request({ t: 'send', sChannelID: 'general', sText: `burst ${i}` });
    expect(await a.request({ t: 'send', sNonce, sChannelID: 'lore', sText: 'the same words' })).toEqual(first);
    expect(await a.request({ t: 'send', sNonce, sChannelID: 'lore', sText: 'other words' })).toMatchObject(reused);
    a.close();
  });
});
