import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_TEMPLATE_ID } from '../../src/protocol/collectibles';
import { ErrorCode } from '../../src/protocol/errorCodes';
import { type LeaderboardAnswer, weekOf } from '../../src/protocol/games';
import type { UserData } from '../../src/protocol/identity';
import type { MyProfileAnswer, PublicProfileAnswer } from '../../src/protocol/profiles';
import { mediaUrl } from '../../src/server/features/collectibles/media';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';

/** Issue 28: the avatar (collectibles) and the public profile page /u/<username> (profiles). */
describe.each(DIALECTS)('profiles on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock(Date.UTC(2026, 2, 2, 10));
  beforeAll(async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><head><meta name="description" content="The generic one." /><title>portal</title></head><body></body>',
    );
    t = await createTestApp(dialect, { clock, env: { WEB_DIST: webDist } });
  });
  afterAll(async () => t?.close());

  const newMember = async () => {
    const member = await signUp(t, 'profile');
    await register(t, { userId: member.userId });
    const items = await t.deps.db
      .selectFrom('item')
      .select(['public_id', 'collection_id', 'template_id'])
      .where('owner_user_id', '=', member.userId)
      .orderBy('id')
      .execute();
    const row = await t.deps.db
      .selectFrom('member')
      .select('username')
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    return { ...member, userName: row.username, items };
  };
  const agentOf = (m: { items: Array<{ public_id: string; collection_id: string }> }) =>
    m.items.find((i) => i.collection_id === AGENT_TEMPLATE_ID)?.public_id as string;
  const userData = async (member: TestMember) =>
    ((await t.call('getUserData', {}, member.token)) as { pUserData: UserData }).pUserData;
  const page = (userName: string) => t.app.inject({ method: 'GET', url: `/u/${userName}` });

  it('sets the avatar to an owned Agent and refuses anyone else’s item or a non-Agent', async () => {
    const alice = await newMember();
    const bob = await newMember();
    const agent = agentOf(alice);
    expect(agent).toBeTruthy();
    const before = await userData(alice);
    expect(before.sAvatarItemID).toBe('');
    expect(before.sAvatar).toMatch(/\/media\//);

    expect(await t.call('setAvatar', { sItemID: agent }, alice.token)).toEqual({ iErrorCode: 0 });
    const after = await userData(alice);
    expect(after.sAvatarItemID).toBe(agent);
    // Exactly the chosen Agent's art (a truthy check held before the choice too: the default art).
    const chosenArt = await t.deps.db
      .selectFrom('item')
      .innerJoin('template', 'template.id', 'item.template_id')
      .select('template.image')
      .where('item.public_id', '=', agent)
      .executeTakeFirstOrThrow();
    expect(after.sAvatar).toBe(mediaUrl(chosenArt.image));

    const refused = await t.call('setAvatar', { sItemID: agentOf(bob) }, alice.token);
    expect(refused.iErrorCode).toBe(ErrorCode.NOT_YOUR_COLLECTIBLE);
    expect(refused.sMessage).toMatch(/your own/);
    const art = alice.items.find((i) => i.collection_id !== AGENT_TEMPLATE_ID);
    if (art) {
      expect((await t.call('setAvatar', { sItemID: art.public_id }, alice.token)).iErrorCode).toBe(
        ErrorCode.NOT_YOUR_COLLECTIBLE,
      );
    }
    expect((await t.call('setAvatar', { sItemID: 'not an id' }, alice.token)).iErrorCode).toBe(ErrorCode.BAD_INPUT);
    expect((await userData(alice)).sAvatarItemID).toBe(agent);

    // No longer owned (an operator moved it): back to the default, with nothing to clear.
    await t.deps.db.updateTable('item').set({ owner_user_id: bob.userId }).where('public_id', '=', agent).execute();
    expect((await userData(alice)).sAvatarItemID).toBe('');

    expect(await t.call('setAvatar', { sItemID: '' }, alice.token)).toEqual({ iErrorCode: 0 });
  });

  it('shows the avatar on the leaderboard and the best score on the profile', async () => {
    const frank = await newMember();
    await t.call('setAvatar', { sItemID: agentOf(frank) }, frank.token);
    await t.deps.db
      .insertInto('game_score')
      .values({
        game_id: 'm1',
        week: weekOf(clock.now()).sWeek,
        user_id: frank.userId,
        score: 4242,
        run_id: 1,
        achieved_at: clock.now(),
      })
      .execute();
    const board = (await t.call('/api/monsterbreaker/getLeaderboard', {})) as unknown as LeaderboardAnswer;
    const entry = board.aEntries.find((e) => e.sUserName === frank.userName);
    expect(entry?.sAvatar).toBe((await userData(frank)).sAvatar);
    await t.call('setProfile', { bPublic: true, sShowcaseItemIDs: '' }, frank.token);
    const answer = (await t.call('getPublicProfile', { sUserName: frank.userName })) as unknown as PublicProfileAnswer;
    expect(answer.pProfile?.aBestScores).toEqual([{ sGameID: 'm1', sGameName: 'Monster Breaker', iScore: 4242 }]);
    expect(answer.pProfile?.sAvatar).toBe(entry?.sAvatar);
  });

  it('keeps a profile off by default, serves it when on, and never for an erased member', async () => {
    const carol = await newMember();
    const dave = await newMember();
    expect((await page(carol.userName)).statusCode).toBe(404);
    expect((await t.call('getPublicProfile', { sUserName: carol.userName })).iErrorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await t.call('getPublicProfile', { sUserName: 'nobody_here' })).iErrorCode).toBe(ErrorCode.NOT_FOUND);
    expect((await page('nobody_here')).statusCode).toBe(404);
    expect((await t.call('getMyProfile', {}, carol.token)) as unknown as MyProfileAnswer).toEqual({
      iErrorCode: 0,
      bPublic: false,
      aShowcaseItemIDs: [],
    });

    const showcase = carol.items.map((i) => i.public_id);
    // Someone else's item, and too many, are refused.
    const notMine = await t.call(
      'setProfile',
      { bPublic: true, sShowcaseItemIDs: [...showcase, agentOf(dave)].join(',') },
      carol.token,
    );
    expect(notMine.iErrorCode).toBe(ErrorCode.NOT_YOUR_COLLECTIBLE);
    const tooMany = await t.call(
      'setProfile',
      { bPublic: true, sShowcaseItemIDs: Array.from({ length: 7 }, (_, i) => `abcdefghijkmnp${i + 2}z`).join(',') },
      carol.token,
    );
    expect(tooMany.iErrorCode).toBe(ErrorCode.BAD_INPUT);
    expect((await page(carol.userName)).statusCode).toBe(404);

    expect(await t.call('setProfile', { bPublic: true, sShowcaseItemIDs: showcase.join(',') }, carol.token)).toEqual({
      iErrorCode: 0,
    });
    expect(((await t.call('getMyProfile', {}, carol.token)) as unknown as MyProfileAnswer).aShowcaseItemIDs).toEqual(
      showcase,
    );
    const answer = (await t.call('getPublicProfile', { sUserName: carol.userName })) as unknown as PublicProfileAnswer;
    expect(answer.iErrorCode).toBe(0);
    expect(answer.pProfile?.sUserName).toBe(carol.userName);
    expect(answer.pProfile?.aItems.map((i) => i.sItemID)).toEqual(showcase);
    expect(answer.pProfile?.aBestScores).toEqual([]);
    expect(answer.pProfile?.aRaffleWins).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain(carol.email);
    const document = await page(carol.userName);
    expect(document.statusCode).toBe(200);
    expect(document.body).toContain(
      `<meta property="og:title" content="${carol.userName} · Cthulhu Portal" data-share>`,
    );
    // One description, the profile's (issue 42: the generic one came first).
    expect(document.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(document.body).not.toContain('The generic one.');
    // A PNG preview (crawlers do not show SVG), of the avatar or the first showcased Agent.
    expect(document.body).toMatch(
      /<meta property="og:image" content="http:\/\/localhost:3000\/media\/previews\/[^"]+\.png(\?[^"]*)?" data-share>/,
    );

    // Off again: not found.
    await t.call('setProfile', { bPublic: false, sShowcaseItemIDs: showcase.join(',') }, carol.token);
    expect((await page(carol.userName)).statusCode).toBe(404);
    await t.call('setProfile', { bPublic: true, sShowcaseItemIDs: showcase.join(',') }, carol.token);

    await t.deps.db
      .insertInto('account_deletion')
      .values({
        user_id: carol.userId,
        state: 'erased',
        token_hash: null,
        requested_at: clock.now(),
        link_expires_at: clock.now(),
        erase_at: clock.now(),
        steps_done: '[]',
        erased_at: clock.now(),
        username_release_at: null,
      })
      .execute();
    expect((await page(carol.userName)).statusCode).toBe(404);
    expect((await t.call('getPublicProfile', { sUserName: carol.userName })).iErrorCode).toBe(ErrorCode.NOT_FOUND);
  });

  it('escapes members’ data in the share tags', async () => {
    const erin = await newMember();
    const item = erin.items[0] as { public_id: string; template_id: string };
    await t.deps.db
      .updateTable('template')
      .set({ name: `"><script>alert('x')</script>&` })
      .where('id', '=', item.template_id)
      .execute();
    await t.call('setProfile', { bPublic: true, sShowcaseItemIDs: item.public_id }, erin.token);
    const document = await page(erin.userName);
    expect(document.statusCode).toBe(200);
    expect(document.body).not.toContain('<script>alert');
    expect(document.body).toContain('&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;');
  });
});
