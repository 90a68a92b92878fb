import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../support/app';
import {
  ChatClient,
  type ChatMember,
  type ChatNode,
  type Cluster,
  clusterWithCuttableRedis,
  nonce,
} from '../support/chat';
import { DIALECTS } from '../support/db';
import { type tcpProxy, until } from '../support/tcpProxy';

type Sent = { sNonce: string; sText: string; client: ChatClient };

/**
 * The rehearsal's Redis restart during chat, at test size: instance A loses Redis (a proxy the test
 * cuts, as a restart looks from A) while members on both instances keep writing, and one member's
 * socket drops before its answer comes. Every acknowledged message must be stored under the id its
 * ack gave; a message sent again with its nonce after no answer (what the web client does after a
 * reconnect) must be stored once.
 */
describe.each(DIALECTS)('chat messages through a Redis outage on %s', (dialect) => {
  let cluster: Cluster;
  let a: ChatNode;
  let b: ChatNode;
  let alice: ChatMember;
  let bob: ChatMember;
  let proxy: Awaited<ReturnType<typeof tcpProxy>>;
  const clock = testClock();

  beforeAll(async () => {
    // The brakes off, as in the rehearsal: the test is about storing, not about rate limits.
    const brakesOff = async (node: ChatNode) => {
      for (const [id, value] of Object.entries({ iChatBurst: '100', iChatRefillMs: '0' })) {
        await node.deps.db.updateTable('game_var').set({ value }).where('var_id', '=', id).execute();
      }
    };
    ({ cluster, a, b, alice, bob, proxy } = await clusterWithCuttableRedis(dialect, clock, brakesOff));
  });
  afterAll(async () => {
    await cluster?.close();
    await proxy?.close();
  });

  const resend = (sent: Sent) =>
    sent.client.send({ t: 'send', sChannelID: 'general', sNonce: sent.sNonce, sText: sent.sText });
  const write = (client: ChatClient, label: string): Sent => {
    const sent = { sNonce: nonce(), sText: `${label} ${nonce()}`, client };
    resend(sent);
    return sent;
  };
  const answer = (sent: Sent) =>
    sent.client.next(['ack', 'error'], (f) => 'sNonce' in f && f.sNonce === sent.sNonce, 10_000);
  const storedIds = async (sent: Sent) =>
    (
      await a.deps.db
        .selectFrom('chat_message')
        .select('id')
        .where('nonce', '=', sent.sNonce)
        .where('body', '=', sent.sText)
        .execute()
    ).map((r) => Number(r.id));

  it('stores every acknowledged message, and a message sent again after no answer once', async () => {
    const onA = await ChatClient.signedIn(a, alice);
    const onB = await ChatClient.signedIn(b, bob);
    const lost = await ChatClient.signedIn(a, alice);

    proxy.cut();
    const sent = Array.from({ length: 10 }, (_, i) => write(onA, `A ${i}`));
    await until(() => !a.deps.bus.connected(), 5000, 'A notices the outage');
    sent.push(...Array.from({ length: 10 }, (_, i) => write(onB, `B ${i}`)));
    // A socket gone before its answer comes: its member does not know whether it was stored.
    const unanswered = write(lost, 'lost');
    lost.drop();
    proxy.restore();
    // While A reconnects to Redis.
    sent.push(...Array.from({ length: 10 }, (_, i) => write(onA, `A again ${i}`)));
    await until(() => a.deps.bus.connected(), 10_000, 'A back on Redis');

    for (const message of sent) {
      const reply = await answer(message);
      expect(reply.t).toBe('ack');
      if (reply.t === 'ack') expect(await storedIds(message)).toEqual([reply.iMessageID]);
    }

    // Reconnected, the members send again what they hold unanswered (and, for the test, everything).
    const back = await ChatClient.signedIn(a, alice);
    const again = [{ ...unanswered, client: back }, ...sent.slice(0, 3).map((m) => ({ ...m, client: back }))];
    again.push(...sent.slice(10, 13).map((m) => ({ ...m, client: onB })));
    for (const message of again) resend(message);
    const ids: number[] = [];
    for (const message of again) {
      const reply = await answer(message);
      expect(reply.t).toBe('ack');
      if (reply.t === 'ack') ids.push(reply.iMessageID);
    }
    for (const [i, message] of again.entries()) expect(await storedIds(message)).toEqual([ids[i]]);
    for (const message of sent) expect(await storedIds(message)).toHaveLength(1);

    for (const client of [onA, onB, back]) client.close();
  });
});
