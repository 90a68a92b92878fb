import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { consoleCall, enrolledOperator } from '../support/operators';
import { signUp } from '../support/rewardsHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

/**
 * Issue 27: an operator takes a collectible back (memberGrant with sAsset 'item' and sItemID),
 * through the ledger like a grant: idempotent by key, audited, refused for an item the member
 * does not own.
 */
describe.each(DIALECTS)('console levers on a member (take-back, audit trail) on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let viewer: string;
  let templateId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    admin = (await enrolledOperator(t, 'admin@takeback.example', 'admin')).token;
    viewer = (await enrolledOperator(t, 'viewer@takeback.example', 'viewer')).token;
    const template = await t.deps.db.selectFrom('template').select('id').orderBy('id').executeTakeFirstOrThrow();
    templateId = template.id;
  });
  afterAll(() => closeTestApp(t));

  const owned = async (userId: string) =>
    (await consoleCall(t, 'memberShow', { sUserID: userId, sTab: 'collectibles', iPageSize: 100 }, admin))
      .aRows as Array<{ sItemID: string; sTemplateID: string }>;

  async function grantedItem(userId: string, key: string): Promise<string> {
    const before = new Set((await owned(userId)).map((row) => row.sItemID));
    const answer = await consoleCall(
      t,
      'memberGrant',
      { sUserID: userId, sAsset: 'item', sTemplateID: templateId, sKey: key, sReason: 'Event prize' },
      admin,
    );
    expect(answer).toMatchObject({ iErrorCode: 0, bApplied: true });
    const item = (await owned(userId)).find((row) => !before.has(row.sItemID));
    if (!item) throw new Error('the granted item is not in the inventory');
    return item.sItemID;
  }

  it('takes an item back once for a double submit, with a ledger line and one audit entry', async () => {
    const m = await signUp(t, 'itemback');
    const itemId = await grantedItem(m.userId, 'item-give-0001');
    const takeBack = { sUserID: m.userId, sAsset: 'item', sItemID: itemId, sKey: 'item-back-0001', sReason: 'Dupe' };
    const answers = await Promise.all([
      consoleCall(t, 'memberGrant', takeBack, admin),
      consoleCall(t, 'memberGrant', takeBack, admin),
    ]);
    expect(answers.map((a) => a.iErrorCode)).toEqual([0, 0]);
    expect(answers.map((a) => a.bApplied).sort()).toEqual([false, true]);
    expect((await owned(m.userId)).map((row) => row.sItemID)).not.toContain(itemId);

    const statement = (await consoleCall(t, 'memberShow', { sUserID: m.userId, sTab: 'statement' }, admin))
      .aRows as Array<Record<string, unknown>>;
    expect(statement[0]).toMatchObject({ sAsset: 'item', iAmount: -1, sItemID: itemId });

    const audit = (await listAudit(t.deps.db, 5000))
      .map((row) => ({ ...row, detail: JSON.parse(row.detail) as Record<string, unknown> }))
      .filter((row) => row.action === 'grant.item' && row.detail.userId === m.userId);
    expect(audit.map((row) => row.detail)).toEqual(
      expect.arrayContaining([expect.objectContaining({ takenBack: itemId, key: 'item-back-0001', reason: 'Dupe' })]),
    );
    expect(audit).toHaveLength(2);

    // The same key for another item is a reused key; a second take-back of the item finds nothing to take.
    const other = await grantedItem(m.userId, 'item-give-0002');
    expect(await consoleCall(t, 'memberGrant', { ...takeBack, sItemID: other }, admin)).toMatchObject({
      iErrorCode: ErrorCode.REQUEST_KEY_REUSED,
    });
    expect(await consoleCall(t, 'memberGrant', { ...takeBack, sKey: 'item-back-0002' }, admin)).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect((await owned(m.userId)).map((row) => row.sItemID)).toContain(other);
  });

  it("a member's audit trail (auditList sMember) lists the levers pulled on them, by id", async () => {
    const m = await signUp(t, 'trail');
    await grantedItem(m.userId, 'trail-give-0001');
    await consoleCall(t, 'memberBan', { sUserID: m.userId, sReason: 'Cheating', iDurationMs: 3_600_000 }, admin);
    await consoleCall(t, 'memberUnban', { sUserID: m.userId, sReason: 'Appeal' }, admin);
    const trail = await consoleCall(t, 'auditList', { sMember: m.userId }, viewer);
    const rows = trail.aRows as Array<{
      sAction: string;
      sActor: string;
      sMemberId: string;
      pDetail: { reason?: string };
    }>;
    expect(rows.map((row) => [row.sAction, row.pDetail.reason])).toEqual(
      expect.arrayContaining([
        ['grant.item', 'Event prize'],
        ['member.ban', 'Cheating'],
        ['member.unban', 'Appeal'],
      ]),
    );
    expect(rows.every((row) => row.sMemberId === m.userId)).toBe(true);
    expect(rows.find((row) => row.sAction === 'member.ban')?.sActor).toBe('console:admin@takeback.example');
  });

  it("refuses another member's item, an item with a template too, and a viewer", async () => {
    const a = await signUp(t, 'itemowner');
    const b = await signUp(t, 'itemthief');
    const itemId = await grantedItem(a.userId, 'item-give-0003');
    const base = { sAsset: 'item', sItemID: itemId, sReason: 'Wrong member' };
    expect(
      await consoleCall(t, 'memberGrant', { ...base, sUserID: b.userId, sKey: 'item-back-0003' }, admin),
    ).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(
      await consoleCall(
        t,
        'memberGrant',
        { ...base, sUserID: a.userId, sTemplateID: templateId, sKey: 'item-back-0004' },
        admin,
      ),
    ).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(
      await consoleCall(t, 'memberGrant', { ...base, sUserID: a.userId, sKey: 'item-back-0005' }, viewer),
    ).toMatchObject({ iErrorCode: ErrorCode.CONSOLE_FORBIDDEN });
    expect((await owned(a.userId)).map((row) => row.sItemID)).toContain(itemId);
  });
});
