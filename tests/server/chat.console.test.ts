import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleChatChannelsAnswer } from '../../src/protocol/chat';
import { CONSOLE_ROLES, type ConsoleRole } from '../../src/protocol/console';
import { ErrorCode } from '../../src/protocol/errors';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp } from '../support/app';
import { DIALECTS } from '../support/db';
import { admin, consoleCall, enrolledOperator } from '../support/operators';
import { register, signUp } from '../support/rewardsHelpers';
import { closeTestApp, ROOMY_LIMITS } from './identityHelpers';

const REASON = 'Community night';

/**
 * Issue 29: the console's channels screen. Channels and chat operators are chat:channels (admins
 * and moderators), the chat limit vars live:manage (admins); each lever answers like `chat …` or
 * `gamevars set`, with the audit row of the CLI but for its actor.
 */
describe.each(DIALECTS)('chat console actions on %s', (dialect) => {
  let t: TestApp;
  const op = {} as Record<ConsoleRole, string>;

  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { rateLimits: ROOMY_LIMITS } });
    for (const role of CONSOLE_ROLES) op[role] = (await enrolledOperator(t, `${role}@chat.example`, role)).token;
  });
  afterAll(() => closeTestApp(t));

  const call = (action: string, body: Record<string, unknown>, role: ConsoleRole = 'moderator') =>
    consoleCall(t, action, body, op[role]);
  const screen = async (role: ConsoleRole = 'moderator') =>
    (await call('chatChannels', {}, role)) as unknown as ConsoleChatChannelsAnswer;
  const channel = async (id: string) => (await screen()).aChannels.find((c) => c.sChannelID === id);
  async function audits(action: string) {
    return (await listAudit(t.deps.db, 500))
      .filter((row) => row.action === action)
      .map((row) => ({ actor: row.actor, detail: JSON.parse(row.detail) as Record<string, unknown> }));
  }

  it('shows channels, chat operators and the limit vars in force to every role', async () => {
    const seen = await screen('viewer');
    expect(seen.iErrorCode).toBe(0);
    expect(seen.aChannels.map((c) => c.sChannelID)).toEqual(expect.arrayContaining(['general', 'lore']));
    expect(seen.aVars.map((v) => v.sVarID)).toEqual([
      'iChatAutoSlowThreshold',
      'iChatAutoSlowMs',
      'iChatBurst',
      'iChatRefillMs',
    ]);
    expect(seen.aVars[0]).toMatchObject({ sValue: '30', sDefault: '30', sHint: '0…100000' });
  });

  it('a moderator adds a channel with topic and slow mode, renames it, archives and restores it', async () => {
    const added = await call('chatChannelAdd', {
      sChannelID: 'events',
      sName: 'Events',
      sTopic: 'Tonight in the deep',
      iSlowModeSeconds: 15,
      sReason: REASON,
    });
    expect(added).toEqual({ iErrorCode: 0 });
    expect(await channel('events')).toMatchObject({
      sName: 'Events',
      sTopic: 'Tonight in the deep',
      iSlowModeMs: 15_000,
    });
    expect(
      await call('chatChannelUpdate', { sChannelID: 'events', sName: 'Live events', sTopic: '', sReason: REASON }),
    ).toEqual({ iErrorCode: 0 });
    expect(await call('chatChannelSlow', { sChannelID: 'events', iSlowModeSeconds: 0, sReason: REASON })).toEqual({
      iErrorCode: 0,
    });
    expect(await channel('events')).toMatchObject({
      sName: 'Live events',
      sTopic: '',
      iSlowModeMs: 0,
      iArchivedAt: null,
    });
    expect(await call('chatChannelArchive', { sChannelID: 'events', sReason: REASON })).toEqual({ iErrorCode: 0 });
    expect((await channel('events'))?.iArchivedAt).toEqual(expect.any(Number));
    expect(await call('chatChannelArchive', { sChannelID: 'events', sReason: REASON })).toMatchObject({
      iErrorCode: ErrorCode.ALREADY_DONE,
      sMessage: 'events is archived already.',
    });
    expect(await call('chatChannelRestore', { sChannelID: 'events', sReason: REASON })).toEqual({ iErrorCode: 0 });
    expect((await channel('events'))?.iArchivedAt).toBeNull();
  });

  it('adds and removes chat operators by username or email, as `chat operator` does', async () => {
    const account = await signUp(t, 'chatop');
    await register(t, { userId: account.userId });
    const row = await t.deps.db
      .selectFrom('member')
      .select('username')
      .where('user_id', '=', account.userId)
      .executeTakeFirstOrThrow();
    expect(await call('chatOperatorAdd', { sMember: row.username, sReason: REASON })).toEqual({
      iErrorCode: 0,
      sMessage: `${row.username} is now a chat operator.`,
    });
    expect((await screen()).aOperators).toEqual([
      expect.objectContaining({
        sUserID: account.userId,
        sUsername: row.username,
        sGrantedBy: 'console:moderator@chat.example',
      }),
    ]);
    expect(await call('chatOperatorAdd', { sMember: account.email, sReason: REASON })).toMatchObject({
      sMessage: `${row.username} already is a chat operator.`,
    });
    expect(await call('chatOperatorRemove', { sMember: row.username, sReason: REASON })).toMatchObject({
      iErrorCode: 0,
      sMessage: `${row.username} is no longer a chat operator.`,
    });
    expect(await call('chatOperatorAdd', { sMember: 'nobody-here', sReason: REASON })).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
      sMessage: 'There is no member nobody-here.',
    });
  });

  it('refuses bad values with a documented code and the sentence the CLI prints', async () => {
    const cases: Array<[string, Record<string, unknown>, number, string[]]> = [
      ['chatChannelAdd', { sChannelID: 'Bad Id!', sName: 'Bad' }, ErrorCode.CHAT_CHANNEL_INVALID, ['add', 'Bad Id!']],
      [
        'chatChannelAdd',
        { sChannelID: 'general', sName: 'General' },
        ErrorCode.CHAT_CHANNEL_EXISTS,
        ['add', 'general'],
      ],
      [
        'chatChannelAdd',
        { sChannelID: 'long-topic', sName: 'Long', sTopic: 'x'.repeat(201) },
        ErrorCode.CHAT_CHANNEL_INVALID,
        ['add', 'long-topic', 'Long', '--topic', 'x'.repeat(201)],
      ],
      [
        'chatChannelUpdate',
        { sChannelID: 'lore', sName: '  ' },
        ErrorCode.CHAT_CHANNEL_INVALID,
        ['rename', 'lore', '  '],
      ],
      [
        'chatChannelSlow',
        { sChannelID: 'lore', iSlowModeSeconds: 90_000 },
        ErrorCode.CHAT_CHANNEL_INVALID,
        ['slow', 'lore', '90000'],
      ],
      [
        'chatChannelSlow',
        { sChannelID: 'nowhere', iSlowModeSeconds: 5 },
        ErrorCode.NOT_FOUND,
        ['slow', 'nowhere', '5'],
      ],
      ['chatChannelRestore', { sChannelID: 'lore' }, ErrorCode.ALREADY_DONE, ['restore', 'lore']],
    ];
    for (const [action, body, code, cli] of cases) {
      const answer = await call(action, { ...body, sReason: REASON });
      const printed = await admin(t, 'chat', 'channel', ...cli);
      expect(answer.iErrorCode, action).toBe(code);
      expect(printed.exitCode, cli.join(' ')).not.toBe(0);
      expect(printed.output, cli.join(' ')).toContain(answer.sMessage as string);
    }
    expect(await channel('long-topic')).toBeUndefined();
    expect(
      await call('chatChannelAdd', { sChannelID: 'slow-bad', sName: 'S', iSlowModeSeconds: -1, sReason: REASON }),
    ).toMatchObject({
      iErrorCode: ErrorCode.CHAT_CHANNEL_INVALID,
    });
    expect(await channel('slow-bad')).toBeUndefined();
  });

  it('sets a limit var through setGameVar: out of range is refused with the sentence of `gamevars set`', async () => {
    const refused = await call(
      'chatVarSet',
      { sVarID: 'iChatAutoSlowMs', sValue: '700000', sReason: 'Tuning' },
      'admin',
    );
    const printed = await admin(t, 'gamevars', 'set', 'iChatAutoSlowMs', 'int', '700000');
    expect(refused).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT, sMessage: 'iChatAutoSlowMs must be 0…600000.' });
    expect(printed.output).toContain(refused.sMessage as string);
    expect(
      await call('chatVarSet', { sVarID: 'iChatMaxLength', sValue: '10', sReason: 'Tuning' }, 'admin'),
    ).toMatchObject({
      iErrorCode: ErrorCode.NOT_FOUND,
    });
    expect(await call('chatVarSet', { sVarID: 'iChatAutoSlowMs', sValue: '8000', sReason: 'Tuning' }, 'admin')).toEqual(
      { iErrorCode: 0 },
    );
    expect((await screen()).aVars.find((v) => v.sVarID === 'iChatAutoSlowMs')?.sValue).toBe('8000');
    // The row `gamevars set` writes, but for the actor.
    expect(await admin(t, 'gamevars', 'set', 'iChatAutoSlowMs', 'int', '8000')).toMatchObject({ exitCode: 0 });
    const [fromCli, fromConsole] = await audits('gamevars.set');
    expect(fromConsole?.actor).toBe('console:admin@chat.example');
    expect(fromCli?.actor).toBe('cli:tester');
    expect(fromConsole?.detail.after).toEqual(fromCli?.detail.after);
  });

  it('refuses changes to roles without the permission (CONSOLE_FORBIDDEN), changing nothing', async () => {
    const channelChanges: Array<[string, Record<string, unknown>]> = [
      ['chatChannelAdd', { sChannelID: 'forbidden', sName: 'Forbidden' }],
      ['chatChannelUpdate', { sChannelID: 'lore', sTopic: 'Changed' }],
      ['chatChannelArchive', { sChannelID: 'lore' }],
      ['chatChannelRestore', { sChannelID: 'lore' }],
      ['chatChannelSlow', { sChannelID: 'lore', iSlowModeSeconds: 5 }],
      ['chatOperatorAdd', { sMember: 'admin@chat.example' }],
      ['chatOperatorRemove', { sMember: 'admin@chat.example' }],
    ];
    const before = await screen();
    for (const role of ['viewer', 'support'] as const) {
      for (const [action, body] of channelChanges) {
        expect(await call(action, { ...body, sReason: REASON }, role), `${role} ${action}`).toMatchObject({
          iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
        });
      }
    }
    for (const role of ['viewer', 'support', 'moderator'] as const) {
      expect(
        await call('chatVarSet', { sVarID: 'iChatBurst', sValue: '9', sReason: 'Tuning' }, role),
        role,
      ).toMatchObject({
        iErrorCode: ErrorCode.CONSOLE_FORBIDDEN,
      });
    }
    expect(await screen()).toEqual(before);
  });

  it('writes the audit row the CLI writes, but for its actor', async () => {
    expect(
      await admin(t, 'chat', 'channel', 'add', 'twin-cli', 'Twin', '--topic', 'Same topic', '--reason', REASON),
    ).toMatchObject({ exitCode: 0 });
    expect(
      (await call('chatChannelAdd', { sChannelID: 'twin-con', sName: 'Twin', sTopic: 'Same topic', sReason: REASON }))
        .iErrorCode,
    ).toBe(0);
    const [consoleAdd, cliAdd] = await audits('chat.channel.add');
    expect([consoleAdd?.actor, cliAdd?.actor]).toEqual(['console:moderator@chat.example', 'cli:tester']);
    expect({ ...consoleAdd?.detail, id: 'ID' }).toEqual({ ...cliAdd?.detail, id: 'ID' });

    const pairs: Array<[string, string[], string, Record<string, unknown>, string[]]> = [
      [
        'chat.channel.update',
        ['topic', 'twin-cli', 'New', 'topic'],
        'chatChannelUpdate',
        { sTopic: 'New topic' },
        ['topic', 'twin-cli', 'Same', 'topic'],
      ],
      [
        'chat.channel.slow',
        ['slow', 'twin-cli', '10'],
        'chatChannelSlow',
        { iSlowModeSeconds: 10 },
        ['slow', 'twin-cli', '0'],
      ],
      ['chat.channel.archive', ['archive', 'twin-cli'], 'chatChannelArchive', {}, ['restore', 'twin-cli']],
      ['chat.channel.restore', ['restore', 'twin-cli'], 'chatChannelRestore', {}, ['archive', 'twin-cli']],
    ];
    for (const [action, cli, consoleAction, body, undo] of pairs) {
      if (action === 'chat.channel.restore') await admin(t, 'chat', 'channel', 'archive', 'twin-cli');
      expect(await admin(t, 'chat', 'channel', ...cli, '--reason', REASON), action).toMatchObject({ exitCode: 0 });
      await admin(t, 'chat', 'channel', ...undo);
      expect((await call(consoleAction, { sChannelID: 'twin-cli', ...body, sReason: REASON })).iErrorCode, action).toBe(
        0,
      );
      const [fromConsole, fromCli] = (await audits(action)).filter((row) => row.detail.reason === REASON);
      expect([fromConsole?.actor, fromCli?.actor], action).toEqual(['console:moderator@chat.example', 'cli:tester']);
      expect(fromConsole?.detail, action).toEqual(fromCli?.detail);
    }
  });
});
