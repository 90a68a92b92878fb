import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryAnswer } from '../../src/protocol/collectibles';
import { ErrorCode } from '../../src/protocol/errors';
import { applyGrant } from '../../src/server/features/rewards/index';
import { testClock } from '../support/app';
import { ChatClient, type ChatMember, type ChatNode, type Cluster, chatCluster, chatMember } from '../support/chat';
import { DIALECTS } from '../support/db';
import { FIXTURE_SEED, gameCall, play, type Run, startRun, winningChunks } from '../support/gamesHelpers';
import { idemKey, openTestRaffle } from '../support/raffleHelpers';
import { addItem, buy, givePoints } from '../support/storeHelpers';

/**
 * Issue 26 #2: no wire answer carries an internal item number. A member with items of every origin
 * (registration, a purchase, a game win, a Howl in chat, a raffle entry) calls every registered
 * action; every answer is walked and any item-id-like field holding a number is refused.
 * New actions are called without editing this file (with no fields unless SAMPLE_FIELDS names some).
 */
const ITEM_ID_KEY = /item_?id|^[sia]item|itemids?$/i;

/** Paths (a.b[2].c) of item-id-like fields whose value is a number or a string of digits. */
function internalItemIds(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => internalItemIds(v, `${path}[${i}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const at = path ? `${path}.${key}` : key;
    const numeric = (x: unknown) => typeof x === 'number' || (typeof x === 'string' && /^\d+$/.test(x));
    const leak =
      ITEM_ID_KEY.test(key) && (numeric(v) || (Array.isArray(v) && v.some(numeric)))
        ? [`${at}=${JSON.stringify(v)}`]
        : [];
    return [...leak, ...internalItemIds(v, at)];
  });
}

describe('the internal-id walker', () => {
  it('finds numeric item ids at any depth and lets opaque ones through', () => {
    expect(
      internalItemIds({
        aEntries: [{ sItemID: '3' }, { sItemID: 'abcdefghijkmnpqr' }],
        pUserData: { pNFT: { iItemID: 7 } },
        aItemIDs: ['12'],
        sStoreItemID: 'test-item-1',
      }),
    ).toEqual(['aEntries[0].sItemID="3"', 'pUserData.pNFT.iItemID=7', 'aItemIDs=["12"]']);
  });
});

describe.each(DIALECTS)('no internal item id on the wire on %s', (dialect) => {
  let cluster: Cluster;
  let node: ChatNode;
  let member: ChatMember;
  let itemId: string;
  let raffleId: number;
  let run: Run;
  let socketFrames: unknown[] = [];
  const clock = testClock();

  beforeAll(async () => {
    cluster = await chatCluster(dialect, {
      clock,
      config: { gameSeed: FIXTURE_SEED },
    });
    node = cluster.nodes[0] as ChatNode;
    // Registration grants an Agent and a Mythopedia page (item rows in the statement).
    member = await chatMember(node, 'walker');
    await givePoints(node, member, 1000);
    await applyGrant(node.deps.db, {
      userId: member.userId,
      key: `walker-tickets:${member.userId}`,
      reason: 'test tickets',
      lines: [{ asset: 'tickets', amount: 5 }],
      now: clock.now(),
    });
    const bought = await buy(
      node,
      member,
      await addItem(node, { kind: 'collectible', template_id: 'agent-tide-warden' }),
    );
    expect(bought.iErrorCode).toBe(ErrorCode.OK);
    raffleId = await openTestRaffle(node);
    const entered = await node.call(
      'enterRaffle',
      { iRaffleID: raffleId, iTickets: 1, sIdempotencyKey: idemKey() },
      member.token,
    );
    expect(entered.iErrorCode).toBe(ErrorCode.OK);
    run = await startRun(node, member.token);
    const played = await play(node, clock, run, winningChunks(), member.token);
    expect(played.at(-1)).toMatchObject({ iErrorCode: ErrorCode.OK, bOver: true });

    const inventory = (await node.call('getInventory', {}, member.token)) as unknown as InventoryAnswer;
    itemId = inventory.aCollections[0]?.aItems[0]?.sItemID as string;
    expect(itemId).toMatch(/^[a-z2-9]{16}$/);
    const chat = await ChatClient.signedIn(node, member);
    await chat.say('trading', 'Look at this one', { sItemID: itemId });
    await chat.next('message', (f) => f.pMessage.pItem?.sItemID === itemId);
    socketFrames = chat.frames;
    chat.close();
  }, 60_000);
  afterAll(async () => cluster?.close());

  /** Fields that make an action answer its real content rather than a refusal. */
  function sampleFields(name: string): Record<string, string | number> {
    const samples: Record<string, Record<string, string | number>> = {
      getItem: { sItemID: itemId },
      getPublicItem: { sItemID: itemId },
      getChatItem: { sItemID: itemId },
      getCollection: { sCollectionID: 'agent' },
      getChatHistory: { sChannelID: 'trading' },
      findChatMembers: { sQuery: 'walk' },
      getRaffle: { iRaffleID: raffleId },
      getRaffleEntries: { iRaffleID: raffleId },
      getRaffleProof: { iRaffleID: raffleId },
      enterRaffle: { iRaffleID: raffleId, iTickets: 1, sIdempotencyKey: idemKey() },
      submitChunk: { iRunID: run.iRunID, sRunKey: run.sRunKey, iSeed: run.iSeed, ...winningChunks()[0] },
      finishRun: { iRunID: run.iRunID, sRunKey: run.sRunKey },
      checkUserName: { sUserName: 'walker_two' },
      verifyCode: { sCode: 'NOPE1234' },
      sendPasswordResetEmail: { sEmail: member.email },
      setSubscribe: { bSubscribe: 1 },
      answerCurse: { sWeek: '2026-W02', sAnswer: 'a guess' },
      getWalletNonce: { sWalletAddress: `0x${'ab'.repeat(20)}`, iChainID: 1 },
      isWhitelisted: { sWalletAddress: `0x${'ab'.repeat(20)}` },
    };
    return samples[name] ?? {};
  }

  it('answers every action, signed in as a member with items, without a numeric item id', async () => {
    const statement = await node.call('getPointsStatement', {}, member.token);
    const itemRows = (statement.aEntries as Array<{ sAsset: string; sItemID: string | null }>).filter(
      (e) => e.sAsset === 'item',
    );
    // Registration's two, the purchase and the demo win.
    expect(itemRows.length).toBeGreaterThanOrEqual(4);

    const leaks: string[] = [];
    const answered: string[] = [];
    for (const action of node.actions) {
      const answer = await node.call(`/api/${action.service}/${action.name}`, sampleFields(action.name), member.token);
      if (answer.iErrorCode === ErrorCode.OK) answered.push(action.name);
      leaks.push(...internalItemIds(answer).map((leak) => `${action.name}: ${leak}`));
    }
    expect(leaks).toEqual([]);
    // The answers that list items did answer with content.
    expect(answered).toEqual(
      expect.arrayContaining([
        'getUserData',
        'getInventory',
        'getCollection',
        'getItem',
        'getPublicItem',
        'getChatItem',
        'getChatHistory',
        'getPointsStatement',
        'getStoreCatalogue',
        'getRaffle',
        'enterRaffle',
        'finishRun',
        'getLeaderboard',
      ]),
    );
  });

  it('links every item row of the statement to an item getItem loads (the History tab)', async () => {
    const statement = await node.call('getPointsStatement', {}, member.token);
    const rows = (statement.aEntries as Array<{ sAsset: string; sItemID: string | null }>).filter(
      (e) => e.sAsset === 'item',
    );
    for (const row of rows) {
      expect(row.sItemID).toMatch(/^[a-z2-9]{16}$/);
      const item = await node.call('getItem', { sItemID: row.sItemID as string }, member.token);
      expect(item, `getItem ${row.sItemID}`).toMatchObject({
        iErrorCode: ErrorCode.OK,
        pItem: { sItemID: row.sItemID },
      });
    }
    // Nor do the chat socket's frames (the welcome, the Howl's message).
    expect(socketFrames.length).toBeGreaterThan(1);
    expect(internalItemIds(socketFrames)).toEqual([]);
    // And the game service's answers about the run carry none either.
    expect(internalItemIds(await gameCall(node, 'listGames', {}, member.token))).toEqual([]);
  });
});
