import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryAnswer } from '../../src/protocol/collectibles';
import { ErrorCode } from '../../src/protocol/errors';
import { runAdmin } from '../../src/server/cli/commands';
import { shareMetaTags } from '../../src/server/features/collectibles/shareMeta';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';

/** Issue 16 server parts: maintenance off clears its message, actions answer MAINTENANCE, items are "new" until opened. */
describe.each(DIALECTS)('first day on %s', (dialect) => {
  let t: TestApp;
  let alice: TestMember;
  const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => Date.now(), actor: 'test:operator' });

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { settingsCacheMs: 0 } });
    alice = await signUp(t, 'alice');
    await register(t, { userId: alice.userId });
  });
  afterAll(async () => t?.close());

  it('maintenance off clears the message and says so; --keep-message keeps it; --message sets another', async () => {
    await admin('maintenance', 'on', '--message', 'Back at 18:00 UTC');
    const off = await admin('maintenance', 'off');
    expect(off.exitCode).toBe(0);
    expect(off.output).toContain('cleared');
    expect(await t.call('isMaintenance')).toEqual({ iErrorCode: 0, bMaintenance: false, sMessage: '' });

    await admin('maintenance', 'on', '--message', 'Back at 18:00 UTC');
    const kept = await admin('maintenance', 'off', '--keep-message');
    expect(kept.output).toContain('kept');
    expect(await t.call('isMaintenance')).toMatchObject({ bMaintenance: false, sMessage: 'Back at 18:00 UTC' });

    expect((await admin('maintenance', 'off', '--keep-message', '--message', 'x')).exitCode).toBe(2);
    await admin('maintenance', 'off', '--message', '');
    expect(await t.call('isMaintenance')).toMatchObject({ sMessage: '' });
  });

  it('while maintenance is on every action but the settings reads answers MAINTENANCE', async () => {
    await admin('maintenance', 'on');
    try {
      expect(await t.call('getUserData', {}, alice.token)).toMatchObject({ iErrorCode: ErrorCode.MAINTENANCE });
      expect(await t.call('getCollections')).toMatchObject({ iErrorCode: ErrorCode.MAINTENANCE });
      expect(await t.call('isMaintenance')).toMatchObject({ iErrorCode: 0, bMaintenance: true });
      expect(await t.call('getFlags')).toMatchObject({ iErrorCode: 0 });
    } finally {
      await admin('maintenance', 'off');
    }
    expect(await t.call('getUserData', {}, alice.token)).toMatchObject({ iErrorCode: 0 });
  });

  it('marks items new until their owner opens them', async () => {
    const before = (await t.call('getInventory', {}, alice.token)) as unknown as InventoryAnswer;
    const items = before.aCollections.flatMap((c) => c.aItems);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.bNew === true)).toBe(true);
    const first = items[0]?.sItemID as string;
    expect(await t.call('getItem', { sItemID: first }, alice.token)).toMatchObject({ iErrorCode: 0 });
    expect(await t.call('getItem', { sItemID: first }, alice.token)).toMatchObject({ iErrorCode: 0 });
    const after = (await t.call('getInventory', {}, alice.token)) as unknown as InventoryAnswer;
    const marks = Object.fromEntries(after.aCollections.flatMap((c) => c.aItems.map((i) => [i.sItemID, i.bNew])));
    expect(marks[first]).toBe(false);
    expect(Object.values(marks).filter(Boolean)).toHaveLength(items.length - 1);
    // The public view names the holder and carries no "new" mark.
    const shared = await t.call('getPublicItem', { sItemID: first });
    expect(shared).toMatchObject({ iErrorCode: 0, sOwnerUserName: expect.any(String) });
    expect((shared.pItem as Record<string, unknown>).bNew).toBeUndefined();
  });
});

describe('share page tags', () => {
  it('escapes what it writes and names the item, its rarity and its art', () => {
    const tags = shareMetaTags({
      name: 'Agent "<Dagon>"',
      rarity: 'Rare',
      image: 'https://portal.example/media/a.svg?v=1',
      description: '**Bold** [link](https://x.example) text',
      owner: 'ann',
      url: 'https://portal.example/viewer?sItemID=abcdefghjkmnpqrs',
    });
    expect(tags).toContain('<title>Agent &quot;&lt;Dagon&gt;&quot; (Rare) · Cthulhu Portal</title>');
    expect(tags).toContain('<meta property="og:image" content="https://portal.example/media/a.svg?v=1" data-share>');
    expect(tags).toContain('Held by ann. Bold link text Join the club and get your free Agent.');
    expect(tags).not.toContain('<Dagon>');
  });
});
