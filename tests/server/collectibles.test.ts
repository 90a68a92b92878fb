import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Collectible,
  type CollectionAnswer,
  INVENTORY_MAX_PAGE_SIZE,
  INVENTORY_PAGE_SIZE,
  type InventoryAnswer,
  type ItemAnswer,
} from '../../src/protocol/collectibles';
import { ErrorCode } from '../../src/protocol/errors';
import { MEDIA_DIR } from '../../src/server/features/collectibles/catalogue';
import { newPublicId } from '../../src/server/features/collectibles/items';
import { mintJob, mintTick } from '../../src/server/features/collectibles/mint';
import { applyGrant, grantDemoAgent } from '../../src/server/features/rewards/index';
import { chunks, rowsPerInsert } from '../../src/server/shared/batches';
import { startJobs } from '../../src/server/shared/jobs';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe.each(DIALECTS)('collectibles on %s', (dialect) => {
  let t: TestApp;
  let alice: TestMember;
  let bob: TestMember;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      clock,
      env: { CONTRACT_ADDRESS: '0x1234567890abcdef1234567890abcdef12345678' },
    });
    alice = await signUp(t, 'alice');
    bob = await signUp(t, 'bob');
    await register(t, { userId: alice.userId, guestBeatDemo: true });
    await register(t, { userId: bob.userId });
  });
  afterAll(async () => t?.close());

  const inventory = async (member: TestMember) =>
    (await t.call('getInventory', {}, member.token)) as unknown as InventoryAnswer;
  const itemIds = (answer: InventoryAnswer) => answer.aCollections.flatMap((c) => c.aItems.map((i) => i.sItemID));

  it("lists a member's items by collection with balances and the contract address", async () => {
    const answer = await inventory(alice);
    expect(answer).toMatchObject({
      iErrorCode: 0,
      sContractAddress: '0x1234567890abcdef1234567890abcdef12345678',
      iRaffleTickets: 1,
    });
    expect(answer.aCollections.map((c) => [c.sCollectionID, c.iCount])).toEqual([
      ['agent', 2],
      ['mythopedia', 1],
    ]);
    const agent = answer.aCollections[0]?.aItems[0] as Collectible;
    expect(agent.publicMetadata.attributes.map((a) => a.trait_type)).toEqual([
      'Level',
      'XP',
      'Rarity',
      'Stars',
      'Generation',
    ]);
    expect(agent.publicMetadata.image).toMatch(
      new RegExp(
        `^http://localhost:3000/media/agents/[a-z-]+\\.svg\\?v=${escapeRegExp(encodeURIComponent(t.config.version))}$`,
      ),
    );
    expect(agent.blockchainTokenId).toBeUndefined();
  });

  it("never shows one member another member's items", async () => {
    const aliceItems = itemIds(await inventory(alice));
    const bobItems = itemIds(await inventory(bob));
    expect(bobItems.filter((id) => aliceItems.includes(id))).toEqual([]);
    for (const sItemID of aliceItems) {
      expect(await t.call('getItem', { sItemID }, bob.token)).toMatchObject({ iErrorCode: ErrorCode.NOT_FOUND });
      expect(await t.call('getItem', { sItemID }, alice.token)).toMatchObject({ iErrorCode: 0, pItem: { sItemID } });
    }
    const bobAgents = (await t.call(
      'getCollection',
      { sCollectionID: 'agent' },
      bob.token,
    )) as unknown as CollectionAnswer;
    expect(bobAgents.aItems.map((i) => i.sItemID).filter((id) => aliceItems.includes(id))).toEqual([]);
    expect(bobAgents.aItems).toHaveLength(1);
    expect(await t.call('getItem', { sItemID: 'zzzzzzzzzzzzzzzz' }, bob.token)).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
  });

  it('answers one collection with its info and the total across members', async () => {
    const answer = (await t.call(
      'getCollection',
      { sCollectionID: 'AGENT' },
      alice.token,
    )) as unknown as CollectionAnswer;
    expect(answer).toMatchObject({
      iErrorCode: 0,
      pCollection: { sCollectionID: 'agent', sName: 'Agents', iTotal: 3 },
    });
    expect(answer.aItems).toHaveLength(2);
    expect(await t.call('getCollection', { sCollectionID: 'nope' }, alice.token)).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
  });

  it('pages the inventory per collection, each count of every page (decision 0191)', async () => {
    const page = async (fields: Record<string, string>) =>
      (await t.call('getInventory', fields, alice.token)) as unknown as InventoryAnswer;
    const all = await inventory(alice);
    expect(all.aCollections.map((c) => [c.sCollectionID, c.iCount, c.aItems.length, c.bMore])).toEqual([
      ['agent', 2, 2, false],
      ['mythopedia', 1, 1, false],
    ]);
    const first = await page({ iPageSize: '1' });
    expect(first.aCollections.map((c) => [c.sCollectionID, c.iCount, c.aItems.length, c.bMore])).toEqual([
      ['agent', 2, 1, true],
      ['mythopedia', 1, 1, false],
    ]);
    const second = await page({ iPageSize: '1', iPage: '2' });
    expect(second.aCollections.map((c) => [c.sCollectionID, c.aItems.length, c.bMore])).toEqual([
      ['agent', 1, false],
      ['mythopedia', 0, false],
    ]);
    // The pages together are the whole inventory, in the same order.
    expect([first.aCollections[0]?.aItems[0]?.sItemID, second.aCollections[0]?.aItems[0]?.sItemID]).toEqual(
      all.aCollections[0]?.aItems.map((i) => i.sItemID),
    );
    // getCollection pages the same way (/home asks for its first Agents).
    const firstAgent = (await t.call(
      'getCollection',
      { sCollectionID: 'agent', iPageSize: '1' },
      alice.token,
    )) as unknown as CollectionAnswer;
    expect([firstAgent.aItems.map((i) => i.sItemID), firstAgent.iCount, firstAgent.bMore]).toEqual([
      [first.aCollections[0]?.aItems[0]?.sItemID],
      2,
      true,
    ]);
    const every = (await t.call(
      'getCollection',
      { sCollectionID: 'agent' },
      alice.token,
    )) as unknown as CollectionAnswer;
    expect([every.aItems.length, every.iCount, every.bMore]).toEqual([2, 2, false]);
    expect(await t.call('getInventory', { iPageSize: '201' }, alice.token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
  });

  it('serves the share view and the collections list to anyone', async () => {
    const [sItemID] = itemIds(await inventory(alice));
    const shared = (await t.call('getPublicItem', { sItemID: sItemID as string })) as unknown as ItemAnswer;
    expect(shared).toMatchObject({ iErrorCode: 0, pItem: { sItemID } });
    expect(JSON.stringify(shared)).not.toContain(alice.userId);
    expect(await t.call('getPublicItem', { sItemID: 'zzzzzzzzzzzzzzzz' })).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
    expect(await t.call('getCollections')).toMatchObject({
      iErrorCode: 0,
      aCollections: [
        { sCollectionID: 'agent', sName: 'Agents', iTotal: 3 },
        { sCollectionID: 'mythopedia', sName: 'Mythopedia', iTotal: 2 },
      ],
    });
  });

  it('names items by opaque ids: no sequence to walk, no creation time to read', async () => {
    const ids = [...itemIds(await inventory(alice)), ...itemIds(await inventory(bob))];
    for (const id of ids) expect(id).toMatch(/^[a-z2-9]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const sItemID of ['1', '2', '3']) {
      expect(await t.call('getPublicItem', { sItemID })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    }
    const shared = (await t.call('getPublicItem', { sItemID: ids[0] as string })) as unknown as ItemAnswer;
    expect(Object.keys(shared.pItem)).not.toContain('iCreatedAt');
  });

  it('answers bad input and missing sign-in with documented codes', async () => {
    for (const sItemID of ['', 'abc', '-1', '0', '1.5', '12345678901234567']) {
      expect(await t.call('getItem', { sItemID }, alice.token)).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
      expect(await t.call('getPublicItem', { sItemID })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    }
    expect(await t.call('getCollection', { sCollectionID: '../x' }, alice.token)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect(await t.call('getInventory')).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
    expect(await t.call('getItem', { sItemID: 'zzzzzzzzzzzzzzzz' })).toMatchObject({
      iErrorCode: ErrorCode.NOT_SIGNED_IN,
    });
    expect(await t.call('getCollection', { sCollectionID: 'agent' })).toMatchObject({
      iErrorCode: ErrorCode.NOT_SIGNED_IN,
    });
  });

  it('counts trait rarity over every item of the collection', async () => {
    const carol = await signUp(t, 'carol');
    for (const [i, templateId] of ['agent-lamplighter', 'agent-lamplighter', 'agent-ninth-gate-herald'].entries()) {
      await applyGrant(t.deps.db, {
        userId: carol.userId,
        key: `rarity-test:${i}`,
        reason: 'test',
        lines: [{ asset: 'item', templateId }],
        now: clock.now(),
      });
    }
    const rows = await t.deps.db
      .selectFrom('item')
      .select(['template_id'])
      .where('collection_id', '=', 'agent')
      .execute();
    const total = rows.length;
    const lamplighters = rows.filter((r) => r.template_id === 'agent-lamplighter').length;
    const generationOne = rows.filter(
      (r) => !['agent-pale-choir', 'agent-deep-cartographer'].includes(r.template_id),
    ).length;

    const answer = (await t.call(
      'getCollection',
      { sCollectionID: 'agent' },
      carol.token,
    )) as unknown as CollectionAnswer;
    const lamp = answer.aItems.find((i) => i.sTemplateID === 'agent-lamplighter') as Collectible;
    const trait = (name: string) => lamp.publicMetadata.attributes.find((a) => a.trait_type === name);
    expect(trait('XP')).toEqual({ trait_type: 'XP', value: 340, iCount: lamplighters, iTotal: total });
    expect(trait('Generation')).toEqual({ trait_type: 'Generation', value: 1, iCount: generationOne, iTotal: total });
    expect(answer.pCollection.iTotal).toBe(total);
  });

  it('mints items older than the delay with sequential token ids per collection', async () => {
    const dave = await signUp(t, 'dave');
    clock.advance(60_000);
    await grantDemoAgent(t.deps.db, dave.userId, clock.now());
    const fresh = await t.deps.db
      .selectFrom('item')
      .select(['id', 'collection_id'])
      .where('created_at', '=', clock.now())
      .execute();

    const before = await t.deps.db.selectFrom('item').select('id').where('token_id', 'is', null).execute();
    const minted = await mintTick(t.deps, { delayMs: 30_000, batchSize: 3 });
    expect(minted).toBe(3);
    expect(await mintTick(t.deps, { delayMs: 30_000, batchSize: 1000 })).toBe(before.length - 3 - fresh.length);
    expect(await mintTick(t.deps, { delayMs: 30_000, batchSize: 1000 })).toBe(0);

    const tokens = await t.deps.db
      .selectFrom('item')
      .select(['collection_id', 'token_id'])
      .where('token_id', 'is not', null)
      .execute();
    for (const collection of ['agent', 'mythopedia']) {
      const ids = tokens
        .filter((r) => r.collection_id === collection)
        .map((r) => Number(r.token_id))
        .sort((a, b) => a - b);
      expect(ids).toEqual(ids.map((_, i) => i + 1));
    }
    const [sItemID] = itemIds(await inventory(alice));
    const item = (await t.call('getItem', { sItemID: sItemID as string }, alice.token)) as unknown as ItemAnswer;
    expect(item.pItem.blockchainTokenId).toMatch(/^\d+$/);

    clock.advance(30_000);
    expect(await mintTick(t.deps, { delayMs: 30_000, batchSize: 1000 })).toBe(fresh.length);
  });

  it('serves media with a long cache, readable from other origins', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/media/agents/lamplighter.svg?v=${t.config.version}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const video = await t.app.inject({ method: 'GET', url: '/media/agents/monster-breaker.mp4' });
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(Number(video.headers['content-length'])).toBeLessThan(400_000);
    expect((await t.app.inject({ method: 'GET', url: '/media/../catalog.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/media/agents/nope.svg' })).statusCode).toBe(404);
  });

  it('sends the art compressed to a browser that accepts it, and video as it is (ranges too)', async () => {
    const url = `/media/agents/lamplighter.svg?v=${t.config.version}`;
    const file = readFileSync(path.join(MEDIA_DIR, 'agents/lamplighter.svg'));
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(file.length / 3);
    expect(brotliDecompressSync(br.rawPayload).equals(file)).toBe(true);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzip.rawPayload).equals(file)).toBe(true);
    expect(gzip.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.equals(file)).toBe(true);

    const video = await t.app.inject({
      method: 'GET',
      url: '/media/agents/monster-breaker.mp4',
      headers: { 'accept-encoding': 'br, gzip', range: 'bytes=0-99' },
    });
    expect(video.statusCode).toBe(206);
    expect(video.headers['content-encoding']).toBeUndefined();
    expect(video.rawPayload.length).toBe(100);
  });

  it('runs the mint queue on a timer until the app closes', async () => {
    const own = await createTestApp(dialect);
    try {
      const mint = { delayMs: 0, intervalMs: 100, batchSize: 10 };
      const runner = { db: own.deps.db, holder: 'test', log: own.app.log, leaseMs: () => 30_000, now: Date.now };
      const queue = startJobs(runner, [mintJob({ ...own.deps, config: { ...own.config, mint } })]);
      const member = await signUp(own);
      await grantDemoAgent(own.deps.db, member.userId, Date.now());
      const unminted = () => own.deps.db.selectFrom('item').select('id').where('token_id', 'is', null).execute();
      for (let i = 0; i < 50 && (await unminted()).length > 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(await unminted()).toEqual([]);
      await queue.stop();
    } finally {
      await own.close();
    }
  });
});

// Its own app: the items are inserted straight into the table (fast), outside the rarity counters the other tests check.
describe.each(DIALECTS)('getCollection pages on %s', (dialect) => {
  let t: TestApp;
  let erin: TestMember;
  const clock = testClock();
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    erin = await signUp(t, 'erin');
  });
  afterAll(() => t?.close());

  it('pages getCollection always: without a page size the first 100, with the count and bMore (decision 0201)', async () => {
    const template = await t.deps.db
      .selectFrom('template')
      .select(['id', 'attributes'])
      .where('collection_id', '=', 'agent')
      .executeTakeFirstOrThrow();
    const held = INVENTORY_PAGE_SIZE + 5;
    const items = Array.from({ length: held }, () => ({
      template_id: template.id,
      collection_id: 'agent',
      owner_user_id: erin.userId,
      public_id: newPublicId(),
      attributes: template.attributes,
      token_id: null,
      created_at: clock.now(),
      minted_at: null,
    }));
    for (const page of chunks(items, rowsPerInsert(8))) {
      await t.deps.db
        .insertInto('item')
        .values(page as never)
        .execute();
    }
    const call = async (fields: Record<string, string>) =>
      (await t.call('getCollection', { sCollectionID: 'agent', ...fields }, erin.token)) as unknown as CollectionAnswer;
    const first = await call({});
    expect([first.iErrorCode, first.aItems.length, first.iCount, first.bMore]).toEqual([
      0,
      INVENTORY_PAGE_SIZE,
      held,
      true,
    ]);
    const second = await call({ iPage: '2' });
    expect([second.aItems.length, second.iCount, second.bMore]).toEqual([5, held, false]);
    // The pages together are every item once, oldest first.
    const ids = [...first.aItems, ...second.aItems].map((i) => i.sItemID);
    expect(new Set(ids).size).toBe(held);
    const asked = await call({ iPageSize: String(INVENTORY_MAX_PAGE_SIZE) });
    expect(asked.aItems.map((i) => i.sItemID)).toEqual(ids);
    expect(asked.bMore).toBe(false);
    expect(await call({ iPage: '9' })).toMatchObject({ iErrorCode: 0, aItems: [], iCount: held, bMore: false });
    const bads: Record<string, string>[] = [
      { iPageSize: String(INVENTORY_MAX_PAGE_SIZE + 1) },
      { iPageSize: '0' },
      { iPage: '0' },
    ];
    for (const bad of bads) {
      expect(await call(bad)).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    }
  });
});
