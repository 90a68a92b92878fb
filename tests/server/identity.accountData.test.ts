import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import type { EraseStep } from '../../src/server/capability';
import { erasureSteps, runErasures } from '../../src/server/features/identity/deletion';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';
import { closeTestApp, outbox, ROOMY_LIMITS } from './identityHelpers';

const PASSWORD = 'correct horse battery staple';
const DAY = 24 * 60 * 60 * 1000;
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/**
 * Issue 30: a member's own sessions, sign-in history, data download and account deletion, through
 * the portal actions and Better Auth's routes, with the erasure job driven directly.
 */
describe.each(DIALECTS)(
  'a member’s own account on %s',
  (dialect) => {
    let t: TestApp;
    const clock = testClock(Date.now());

    async function member(label: string): Promise<TestMember & { username: string }> {
      const account = await signUp(t, label);
      await register(t, { userId: account.userId });
      const row = await t.deps.db
        .selectFrom('member')
        .select('username')
        .where('user_id', '=', account.userId)
        .executeTakeFirstOrThrow();
      return { ...account, username: row.username };
    }

    async function signIn(email: string, password = PASSWORD, userAgent = FIREFOX, ip = '203.0.113.7') {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', 'user-agent': userAgent },
        payload: JSON.stringify({ email, password }),
      });
      const token = response.headers['set-auth-token'];
      return { status: response.statusCode, body: response.json(), token: typeof token === 'string' ? token : '' };
    }

    async function say(userId: string, body: string) {
      await t.deps.db
        .insertInto('chat_message')
        .values({
          channel_id: 'general',
          user_id: userId,
          body,
          item_id: null,
          mentions: '[]',
          nonce: `n-${Math.random()}`,
          created_at: clock.now(),
          edited_at: null,
          deleted_at: null,
          deleted_by: null,
          changed_at: clock.now(),
        })
        .execute();
    }

    /** Every text cell of every table, to look for a value anywhere in the database. */
    async function databaseMentions(value: string): Promise<string[]> {
      const found: string[] = [];
      for (const table of await t.deps.db.introspection.getTables()) {
        const rows = await (t.deps.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
          .selectFrom(table.name)
          .selectAll()
          .execute();
        for (const row of rows)
          for (const [column, cell] of Object.entries(row))
            if (typeof cell === 'string' && cell.toLowerCase().includes(value.toLowerCase()))
              found.push(`${table.name}.${column}`);
      }
      return found;
    }

    beforeAll(async () => {
      t = await createTestApp(dialect, {
        clock,
        config: { rateLimits: { ...ROOMY_LIMITS, accountDeletionPerMember: { max: 3, windowMs: 3_600_000 } } },
      });
    });
    afterAll(() => closeTestApp(t));

    it('lists the member’s sessions and signs one out, or every other one; bad input is refused', async () => {
      const ada = await member('ada');
      const laptop = await signIn(ada.email);
      const phone = await signIn(ada.email, PASSWORD, SAFARI, '198.51.100.4');
      const listed = await t.call('getMySessions', {}, laptop.token);
      expect(listed.iErrorCode).toBe(ErrorCode.OK);
      const sessions = listed.aSessions as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(3);
      expect(sessions[0]).toMatchObject({ bThisDevice: true, sDevice: 'Firefox on Windows', sIP: '203.0.113.7' });
      const phoneRow = sessions.find((s) => s.sDevice === 'Safari on iPhone');
      expect(phoneRow).toMatchObject({ sIP: '198.51.100.4', bThisDevice: false });
      expect(JSON.stringify(listed)).not.toContain(phone.token.split('.')[0]);

      expect((await t.call('endMySession', { sSessionID: 'nope' }, laptop.token)).iErrorCode).toBe(ErrorCode.BAD_INPUT);
      expect((await t.call('endMySession', { sSessionID: 'a'.repeat(32) }, laptop.token)).iErrorCode).toBe(
        ErrorCode.NOT_FOUND,
      );
      // Another member cannot end Ada's session.
      const bob = await member('bob');
      expect((await t.call('endMySession', { sSessionID: String(phoneRow?.sSessionID) }, bob.token)).iErrorCode).toBe(
        ErrorCode.NOT_FOUND,
      );
      expect(await t.call('endMySession', { sSessionID: String(phoneRow?.sSessionID) }, laptop.token)).toMatchObject({
        iErrorCode: ErrorCode.OK,
        iEnded: 1,
      });
      expect((await t.call('getMySessions', {}, phone.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);

      expect(await t.call('endMyOtherSessions', {}, laptop.token)).toMatchObject({
        iErrorCode: ErrorCode.OK,
        iEnded: 1,
      });
      expect((await t.call('getMySessions', {}, ada.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      expect((await t.call('getMySessions', {}, laptop.token)).aSessions).toHaveLength(1);
      expect((await t.call('getMySessions', {})).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
    });

    it('groups a device’s sessions (every tab signs in) into one row, and signs the device out', async () => {
      const kai = await member('kai');
      const tabs = [await signIn(kai.email), await signIn(kai.email), await signIn(kai.email)];
      const phone = await signIn(kai.email, PASSWORD, SAFARI, '198.51.100.4');
      const listed = await t.call('getMySessions', {}, tabs[0]?.token);
      const devices = listed.aDevices as Array<Record<string, unknown>>;
      // This browser's three tabs, the phone, and the sign-up's client.
      expect(devices.map((d) => [d.sDevice, d.sIP, d.iSessions, d.bThisDevice, d.bTrusted])).toEqual([
        ['Firefox on Windows', '203.0.113.7', 3, true, false],
        ['Safari on iPhone', '198.51.100.4', 1, false, false],
        ['Other browser on another system', expect.any(String), 1, false, false],
      ]);
      expect(devices[0]?.iFirstSignInAt).toBeLessThanOrEqual(Number(devices[0]?.iLastSignInAt));
      expect(devices[0]?.sDeviceID).toMatch(/^[0-9a-f]{32}$/);
      expect(JSON.stringify(devices)).not.toContain(String(tabs[1]?.token.split('.')[0]));

      // Bad and unknown ids, another member's device: refused with documented codes.
      expect((await t.call('endMyDevice', { sDeviceID: 'x' }, tabs[0]?.token)).iErrorCode).toBe(ErrorCode.BAD_INPUT);
      expect((await t.call('endMyDevice', { sDeviceID: 'b'.repeat(32) }, tabs[0]?.token)).iErrorCode).toBe(
        ErrorCode.NOT_FOUND,
      );
      const lee = await member('lee');
      const phoneId = String(devices[1]?.sDeviceID);
      expect((await t.call('endMyDevice', { sDeviceID: phoneId }, lee.token)).iErrorCode).toBe(ErrorCode.NOT_FOUND);

      // "Sign out this device" on the phone; on this browser, its other tabs (this one stays).
      expect(await t.call('endMyDevice', { sDeviceID: phoneId }, tabs[0]?.token)).toEqual({
        iErrorCode: ErrorCode.OK,
        iEnded: 1,
      });
      expect((await t.call('getMySessions', {}, phone.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      expect(await t.call('endMyDevice', { sDeviceID: String(devices[0]?.sDeviceID) }, tabs[0]?.token)).toMatchObject({
        iErrorCode: ErrorCode.OK,
        iEnded: 2,
      });
      expect((await t.call('getMySessions', {}, tabs[2]?.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      const after = (await t.call('getMySessions', {}, tabs[0]?.token)).aDevices as Array<Record<string, unknown>>;
      expect(after.map((d) => [d.sDevice, d.iSessions])).toEqual([
        ['Firefox on Windows', 1],
        ['Other browser on another system', 1],
      ]);
    });

    it('keeps the last sign-ins, failures too, and mails a new device once', async () => {
      const cy = await member('cy');
      const first = await signIn(cy.email);
      await signIn(cy.email, 'wrong password!!');
      await signIn(cy.email);
      const mailsBefore = (await outbox(t, cy.email)).length;
      await signIn(cy.email, PASSWORD, SAFARI, '198.51.100.9');
      await signIn(cy.email, PASSWORD, SAFARI, '198.51.100.9');
      const history = (await t.call('getSignInHistory', {}, first.token)).aSignIns as Array<Record<string, unknown>>;
      // Sign-up, two password sign-ins from Firefox, a failure, two from Safari: newest first.
      // (The sign-up came from a client without a browser's user agent, so Firefox was new too.)
      // Alike sign-ins in a row are one entry with their count (issue 42).
      expect(history.map((h) => [h.bSuccess, h.sDevice, h.bNewDevice, h.iCount])).toEqual([
        [true, 'Safari on iPhone', true, 2],
        [true, 'Firefox on Windows', false, 1],
        [false, 'Firefox on Windows', false, 1],
        [true, 'Firefox on Windows', true, 1],
        [true, 'Other browser on another system', false, 1],
      ]);
      expect(history[0]).toMatchObject({ sIP: '198.51.100.9' });
      expect(Number(history[0]?.iFirstAt)).toBeLessThanOrEqual(Number(history[0]?.iAt));
      const alerts = (await outbox(t, cy.email)).slice(mailsBefore);
      expect(alerts.map((m) => m.subject)).toEqual(['New sign-in to your portal account']);
      expect(alerts[0]?.text).toContain('Safari on iPhone');
      expect(alerts[0]?.links).toContain('http://localhost:3000/account');
    });

    it('downloads the member’s data with nothing of another member', async () => {
      const dee = await member('dee');
      const eve = await member('eve');
      await say(dee.userId, 'dee says hello');
      await say(eve.userId, 'eve whispers a secret');
      await t.deps.db
        .insertInto('member_note')
        .values({ user_id: dee.userId, body: 'operator only', actor: 'cli:x', created_at: 1 })
        .execute();
      // An operator's mute (issue 35 item 7: the export never names the operator).
      await t.deps.db
        .insertInto('chat_mute')
        .values({
          user_id: dee.userId,
          until: clock.now() + DAY,
          reason: 'Cool off',
          muted_by: 'console:warden@portal.example',
          created_at: clock.now(),
          updated_at: clock.now(),
        })
        .execute();
      const answer = await t.call('getMyData', {}, dee.token);
      expect(answer.iErrorCode).toBe(ErrorCode.OK);
      const data = answer.pData as Record<string, Record<string, unknown>> & { about: { readme: string[] } };
      const text = JSON.stringify(data);
      // Issue 42: sections a person reads, in this order, with a README inside the file.
      expect(Object.keys(data)).toEqual([
        'about',
        'account',
        'collectibles',
        'pointsAndTickets',
        'raffles',
        'purchases',
        'chatMessages',
        'chatStanding',
        'signIns',
        'games',
        'notifications',
        'otherRecords',
      ]);
      expect(data.about.readme.join(' ')).toContain('ISO 8601');
      expect(data.account).toMatchObject({
        email: dee.email,
        username: dee.username,
        emailVerified: false,
        friendsYouInvited: [],
        joinedAt: new Date(clock.now()).toISOString(),
      });
      const items = await t.deps.db
        .selectFrom('item')
        .select(['id', 'public_id'])
        .where('owner_user_id', '=', dee.userId)
        .execute();
      const collectibles = data.collectibles as unknown as Array<Record<string, unknown>>;
      expect(collectibles.map((c) => c.id).sort()).toEqual(items.map((i) => i.public_id).sort());
      expect(collectibles[0]).not.toHaveProperty('owner_user_id');
      expect(data.pointsAndTickets?.history).toEqual(
        expect.arrayContaining([
          { at: new Date(clock.now()).toISOString(), what: 'tickets', amount: 1, why: 'registration raffle tickets' },
        ]),
      );
      expect(data.chatMessages).toEqual([
        expect.objectContaining({ text: 'dee says hello', at: new Date(clock.now()).toISOString() }),
      ]);
      expect(data.chatStanding?.mutes).toEqual([
        {
          reason: 'Cool off',
          from: new Date(clock.now()).toISOString(),
          until: new Date(clock.now() + DAY).toISOString(),
        },
      ]);
      expect(data.signIns?.history).toEqual([expect.objectContaining({ result: 'signed in' })]);
      // Every time is ISO; no epoch-ms instant, table name, internal number or operator is left.
      const times = text.match(/"(?:at|\w+At|from|until)":("[^"]*"|\d+|null)/g) ?? [];
      expect(times.length).toBeGreaterThan(5);
      for (const time of times) expect(time).toMatch(/:(null|"\d{4}-\d\d-\d\dT[\d:.]+Z")$/);
      for (const raw of ['announcement_delivery', 'chat_read', 'verified_at', 'owner_user_id', '"user_id"', 'muted_by'])
        expect(text).not.toContain(raw);
      expect(text).not.toContain('warden@portal.example');
      expect(text).not.toContain(dee.userId);
      for (const item of items) expect(text).not.toMatch(new RegExp(`"id":${item.id}[,}]`));
      expect(data.member_note).toBeUndefined();
      for (const secret of ['operator only', dee.token.split('.')[0], PASSWORD]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/"\w*(password|token|secret|backup)\w*":/i);
      for (const other of [eve.userId, eve.email, eve.username, 'eve whispers']) expect(text).not.toContain(other);
    });

    it('refuses bad deletion requests with documented codes, and limits them', async () => {
      const fay = await member('fay');
      expect((await t.call('requestAccountDeletion', {}, fay.token)).iErrorCode).toBe(ErrorCode.BAD_INPUT);
      expect(
        (await t.call('requestAccountDeletion', { sPassword: PASSWORD, sCode: '<script>' }, fay.token)).iErrorCode,
      ).toBe(ErrorCode.BAD_INPUT);
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD })).iErrorCode).toBe(
        ErrorCode.NOT_SIGNED_IN,
      );
      expect((await t.call('requestAccountDeletion', { sPassword: 'not it at all' }, fay.token)).iErrorCode).toBe(
        ErrorCode.WRONG_PASSWORD,
      );
      await t.deps.db
        .updateTable('user')
        .set({ twoFactorEnabled: dialect === 'postgres' ? true : 1 })
        .where('id', '=', fay.userId)
        .execute();
      expect(
        (await t.call('requestAccountDeletion', { sPassword: PASSWORD, sCode: '123456' }, fay.token)).iErrorCode,
      ).toBe(ErrorCode.SECOND_FACTOR_CODE_REQUIRED);
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD }, fay.token)).iErrorCode).toBe(
        ErrorCode.SECOND_FACTOR_CODE_REQUIRED,
      );
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD }, fay.token)).iErrorCode).toBe(
        ErrorCode.RATE_LIMITED,
      );
      expect((await t.call('confirmAccountDeletion', { sToken: 'short' })).iErrorCode).toBe(ErrorCode.BAD_INPUT);
      expect((await t.call('confirmAccountDeletion', { sToken: 'x'.repeat(43) })).iErrorCode).toBe(
        ErrorCode.DELETION_LINK_INVALID,
      );
      expect((await t.call('cancelAccountDeletion', {}, fay.token)).iErrorCode).toBe(ErrorCode.NOT_FOUND);
    });

    it('cancels a scheduled deletion when the member signs in during the grace period, and says so once', async () => {
      const ivy = await member('ivy');
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD }, ivy.token)).iErrorCode).toBe(
        ErrorCode.OK,
      );
      // A second sign-in before the link is confirmed cancels nothing: the grace period has not begun.
      const before = await signIn(ivy.email);
      expect(await t.call('getAccountDeletion', {}, before.token)).toMatchObject({ sState: 'requested' });
      const mail = (await outbox(t, ivy.email))
        .filter((m) => m.subject === 'Confirm the deletion of your account')
        .at(-1);
      expect(mail?.text).toContain('Signing in before then cancels the deletion.');
      const token = new URL(String(mail?.links.find((l) => l.includes('mode=confirmDeletion')))).searchParams.get(
        'token',
      );
      const confirmed = await t.call('confirmAccountDeletion', { sToken: String(token) });
      expect(confirmed).toMatchObject({ iErrorCode: ErrorCode.OK, sState: 'scheduled' });
      clock.advance(3 * DAY);
      // A wrong password is no sign-in: the deletion stands.
      expect((await signIn(ivy.email, 'not the password')).status).toBe(401);
      const scheduled = await t.deps.db
        .selectFrom('account_deletion')
        .select('state')
        .where('user_id', '=', ivy.userId)
        .executeTakeFirstOrThrow();
      expect(scheduled.state).toBe('scheduled');

      const back = await signIn(ivy.email, PASSWORD, SAFARI, '198.51.100.20');
      expect(back.status).toBe(200);
      expect(await t.call('getAccountDeletion', {}, back.token)).toMatchObject({
        iErrorCode: ErrorCode.OK,
        sState: 'cancelledAtSignIn',
        iEraseAt: Number(confirmed.iEraseAt),
      });
      const audit = await t.deps.db
        .selectFrom('audit_log')
        .select('action')
        .where('member_id', '=', ivy.userId)
        .where('action', 'like', 'identity.deletion.%')
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual([
        'identity.deletion.requested',
        'identity.deletion.confirmed',
        'identity.deletion.cancelledBySignIn',
      ]);
      // The notice shows until the member closes it, once, from any device.
      expect(await t.call('dismissDeletionNotice', {}, back.token)).toEqual({ iErrorCode: ErrorCode.OK });
      expect(await t.call('getAccountDeletion', {}, back.token)).toMatchObject({ sState: 'none', iEraseAt: 0 });
      expect((await t.call('dismissDeletionNotice', {}, back.token)).iErrorCode).toBe(ErrorCode.NOT_FOUND);
      expect((await t.call('dismissDeletionNotice', {})).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      // The grace period's end erases nothing.
      clock.advance(8 * DAY);
      expect(await runErasures(t.deps, erasureSteps(t.deps), clock.now())).toEqual([]);
      expect((await signIn(ivy.email)).status).toBe(200);
    });

    it('deletes an account after the grace period exactly once, resuming after a crash, with the ledger whole', async () => {
      const gus = await member('gus');
      const hal = await member('hal');
      await say(gus.userId, 'gus was here');
      const item = await t.deps.db
        .selectFrom('item')
        .select('public_id')
        .where('owner_user_id', '=', gus.userId)
        .executeTakeFirstOrThrow();
      const tokenOf = async () => {
        const mail = (await outbox(t, gus.email))
          .filter((m) => m.subject === 'Confirm the deletion of your account')
          .at(-1);
        const link = mail?.links.find((l) => l.includes('mode=confirmDeletion'));
        return new URL(String(link)).searchParams.get('token') ?? '';
      };

      // Request, confirm, and sign in during the grace period: that cancels it (decision 0217).
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD }, gus.token)).iErrorCode).toBe(
        ErrorCode.OK,
      );
      const confirmed = await t.call('confirmAccountDeletion', { sToken: await tokenOf() });
      expect(confirmed).toMatchObject({
        iErrorCode: ErrorCode.OK,
        sState: 'scheduled',
        iEraseAt: clock.now() + 7 * DAY,
      });
      expect((await t.call('getMySessions', {}, gus.token)).iErrorCode).toBe(ErrorCode.NOT_SIGNED_IN);
      const back = await signIn(gus.email);
      expect(back.status).toBe(200);
      expect(await t.call('getAccountDeletion', {}, back.token)).toMatchObject({ sState: 'cancelledAtSignIn' });
      expect((await t.call('dismissDeletionNotice', {}, back.token)).iErrorCode).toBe(ErrorCode.OK);
      clock.advance(8 * DAY);
      expect(await runErasures(t.deps, erasureSteps(t.deps), clock.now())).toEqual([]);

      // Again, and this time the grace period passes; the erasure crashes in the middle once.
      expect((await t.call('requestAccountDeletion', { sPassword: PASSWORD }, back.token)).iErrorCode).toBe(
        ErrorCode.OK,
      );
      const token = await tokenOf();
      expect((await t.call('confirmAccountDeletion', { sToken: token })).iErrorCode).toBe(ErrorCode.OK);
      expect((await t.call('confirmAccountDeletion', { sToken: token })).iErrorCode).toBe(
        ErrorCode.DELETION_LINK_INVALID,
      );
      clock.advance(6 * DAY);
      expect(await runErasures(t.deps, erasureSteps(t.deps), clock.now())).toEqual([]);
      clock.advance(2 * DAY);
      // A mail to them that the mail server deferred still waits: it goes with the account (decision 0267).
      await t.deps.db
        .insertInto('mail_retry')
        .values({
          to_address: gus.email,
          subject: 'New sign-in to your portal account',
          text_body: 'A sign-in from a new device',
          html_body: '<p>A sign-in from a new device</p>',
          retries: 1,
          next_at: clock.now() + 60_000,
          created_at: clock.now(),
        })
        .execute();

      const steps = erasureSteps(t.deps);
      expect(steps.map((s) => s.capability).at(-1)).toBe('identity');
      expect(steps.map((s) => s.capability)).toEqual(expect.arrayContaining(['chat', 'rewards', 'members', 'wallet']));
      const runs = new Map<string, number>();
      const counted = (failAt: string | null): EraseStep[] =>
        steps.map((step) => ({
          capability: step.capability,
          async erase(trx, member) {
            await step.erase(trx, member);
            if (step.capability === failAt) throw new Error('crash mid-step');
            runs.set(step.capability, (runs.get(step.capability) ?? 0) + 1);
          },
        }));
      await expect(runErasures(t.deps, counted('rewards'), clock.now())).rejects.toThrow('crash mid-step');
      // Half-way: the account cannot sign in, the chat step is done, the rewards step rolled back whole.
      expect((await signIn(gus.email)).body).toMatchObject({ iErrorCode: ErrorCode.ACCOUNT_DELETED });
      const midway = await t.deps.db
        .selectFrom('account_deletion')
        .selectAll()
        .where('user_id', '=', gus.userId)
        .executeTakeFirstOrThrow();
      expect(midway.state).toBe('erasing');
      expect(JSON.parse(midway.steps_done)).not.toContain('rewards');
      expect(await runErasures(t.deps, counted(null), clock.now())).toEqual([gus.userId]);
      expect(await runErasures(t.deps, counted(null), clock.now())).toEqual([]);
      for (const step of steps) expect(runs.get(step.capability)).toBe(1);

      expect(await databaseMentions(gus.email)).toEqual([]);
      expect((await signIn(gus.email)).status).toBe(401);
      const messages = await t.deps.db
        .selectFrom('chat_message')
        .select('body')
        .where('user_id', '=', gus.userId)
        .execute();
      expect(messages.map((m) => m.body)).toEqual(['deleted']);
      for (const who of [gus.userId, hal.userId]) {
        const ledger = await t.deps.db
          .selectFrom('ledger')
          .select(['asset', 'amount'])
          .where('user_id', '=', who)
          .execute();
        const balance = await t.deps.db
          .selectFrom('balance')
          .selectAll()
          .where('user_id', '=', who)
          .executeTakeFirstOrThrow();
        const sum = (asset: string) =>
          ledger.filter((l) => l.asset === asset).reduce((n, l) => n + Number(l.amount), 0);
        expect(sum('points')).toBe(Number(balance.points));
        expect(sum('tickets')).toBe(Number(balance.tickets));
        expect(ledger.length).toBeGreaterThan(0);
      }
      expect((await t.call('getPublicItem', { sItemID: item.public_id })).iErrorCode).toBe(ErrorCode.NOT_FOUND);
      const audit = await t.deps.db
        .selectFrom('audit_log')
        .select(['action', 'actor'])
        .where('member_id', '=', gus.userId)
        .execute();
      expect(audit.map((a) => a.action)).toEqual(
        expect.arrayContaining([
          'identity.deletion.requested',
          'identity.deletion.confirmed',
          'identity.deletion.erased',
        ]),
      );
      // The username stays taken through the cooling period, then is released.
      const username = () =>
        t.deps.db.selectFrom('member').select('username').where('user_id', '=', gus.userId).executeTakeFirstOrThrow();
      expect((await username()).username).toBe(gus.username);
      clock.advance(31 * DAY);
      await runErasures(t.deps, steps, clock.now());
      expect((await username()).username).toMatch(/^~[0-9a-f]{12}$/);
      // Hal is untouched.
      expect((await signIn(hal.email)).status).toBe(200);
    });
  },
  90_000,
);
