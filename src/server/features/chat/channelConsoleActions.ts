import type {
  ConsoleChannelRow,
  ConsoleChatChangeAnswer,
  ConsoleChatChannelsAnswer,
  ConsoleChatOperatorRow,
  ConsoleChatVar,
} from '../../../protocol/chat';
import {
  chatChannelAddInput,
  chatChannelChangeInput,
  chatChannelSlowInput,
  chatChannelsInput,
  chatChannelUpdateInput,
  chatOperatorChangeInput,
  chatVarSetInput,
} from '../../../protocol/chat.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { GameVarDefinition } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { gameVarValue, listGameVars, setGameVar } from '../gamevars/index';
import { usernamesOf } from '../identity/index';
import {
  addChannel,
  type ChannelRefusal,
  type ChannelResult,
  listChannelRows,
  setChannelArchived,
  setSlowMode,
  slowModeProblem,
  updateChannel,
} from './channels';
import { changeChatOperator, listChatOperators } from './moderation';
import { CHAT_VARS } from './rules';
import type { ChatServices } from './services';
import type { ChatTables } from './tables';

const define = consoleActionDefiner<ChatTables>();

/** The automatic slow-mode and rate-limit vars the channels screen shows and edits (the rest: the game-var editor). */
const SCREEN_VARS: readonly GameVarDefinition[] = [
  CHAT_VARS.autoSlowThreshold,
  CHAT_VARS.autoSlowMs,
  CHAT_VARS.burst,
  CHAT_VARS.refillMs,
];

const REFUSAL_CODES: Record<ChannelRefusal, number> = {
  invalid: ErrorCode.CHAT_CHANNEL_INVALID,
  exists: ErrorCode.CHAT_CHANNEL_EXISTS,
  missing: ErrorCode.NOT_FOUND,
  unchanged: ErrorCode.ALREADY_DONE,
};

const answer = (result: ChannelResult): ConsoleChatChangeAnswer =>
  result.ok ? { iErrorCode: ErrorCode.OK } : fail(REFUSAL_CODES[result.refusal], result.problem);

/**
 * The console's channels screen (issue 29): channels, chat operators and the automatic slow-mode
 * and rate-limit game vars. Each change calls the function `chat channel …`, `chat operator …` or
 * `gamevars set` calls; members hear channel changes at the next sync (sync.ts), as after the CLI.
 */
export function chatChannelConsoleActions(services: ChatServices): ConsoleActionDef[] {
  const { ctx } = services;
  const audit = (actor: string, reason: string) => ({ actor, reason, now: ctx.clock.now() });

  return [
    define({
      name: 'chatChannels',
      permission: 'live:read',
      input: chatChannelsInput,
      async handler(): Promise<ConsoleChatChannelsAnswer> {
        const [channels, operators, vars] = await Promise.all([
          listChannelRows(ctx.db, { archived: true }),
          listChatOperators(ctx.db),
          listGameVars(ctx.db),
        ]);
        const names = await usernamesOf(
          ctx.db,
          operators.map((o) => o.user_id),
        );
        return {
          iErrorCode: ErrorCode.OK,
          aChannels: channels.map(
            (c): ConsoleChannelRow => ({
              sChannelID: c.id,
              sName: c.name,
              sTopic: c.topic,
              iSlowModeMs: Number(c.slow_mode_ms),
              iArchivedAt: c.archived_at === null ? null : Number(c.archived_at),
              iCreatedAt: Number(c.created_at),
            }),
          ),
          aOperators: operators.map(
            (o): ConsoleChatOperatorRow => ({
              sUserID: o.user_id,
              sUsername: names.get(o.user_id) ?? '',
              iGrantedAt: Number(o.granted_at),
              sGrantedBy: o.granted_by,
            }),
          ),
          aVars: SCREEN_VARS.map(
            (d): ConsoleChatVar => ({
              sVarID: d.sVarID,
              sType: d.sType,
              sValue: String(gameVarValue(vars, d)),
              sDefault: d.sDefault,
              sHint: d.hint ?? '',
            }),
          ),
        };
      },
    }),
    define({
      name: 'chatChannelAdd',
      permission: 'chat:channels',
      input: chatChannelAddInput,
      async handler({ sChannelID, sName, sTopic, iSlowModeSeconds, sReason }, { operator }) {
        const slow = iSlowModeSeconds * 1000;
        // The slow mode is checked before the channel exists: an add happens whole or not at all.
        const problem = slowModeProblem(slow);
        if (problem) return fail(ErrorCode.CHAT_CHANNEL_INVALID, problem);
        const added = await addChannel(
          ctx.db,
          { id: sChannelID, name: sName, topic: sTopic },
          audit(operator.actor, sReason),
        );
        if (!added.ok || slow === 0) return answer(added);
        // As `chat channel add` then `chat channel slow`: two audit rows, the CLI's two commands.
        return answer(await setSlowMode(ctx.db, { id: sChannelID, slowModeMs: slow }, audit(operator.actor, sReason)));
      },
    }),
    define({
      name: 'chatChannelUpdate',
      permission: 'chat:channels',
      input: chatChannelUpdateInput,
      handler: async ({ sChannelID, sName, sTopic, sReason }, { operator }) =>
        answer(
          await updateChannel(
            ctx.db,
            {
              id: sChannelID,
              ...(sName === undefined ? {} : { name: sName }),
              ...(sTopic === undefined ? {} : { topic: sTopic }),
            },
            audit(operator.actor, sReason),
          ),
        ),
    }),
    define({
      name: 'chatChannelArchive',
      permission: 'chat:channels',
      input: chatChannelChangeInput,
      handler: async ({ sChannelID, sReason }, { operator }) =>
        answer(await setChannelArchived(ctx.db, { id: sChannelID, archived: true }, audit(operator.actor, sReason))),
    }),
    define({
      name: 'chatChannelRestore',
      permission: 'chat:channels',
      input: chatChannelChangeInput,
      handler: async ({ sChannelID, sReason }, { operator }) =>
        answer(await setChannelArchived(ctx.db, { id: sChannelID, archived: false }, audit(operator.actor, sReason))),
    }),
    define({
      name: 'chatChannelSlow',
      permission: 'chat:channels',
      input: chatChannelSlowInput,
      handler: async ({ sChannelID, iSlowModeSeconds, sReason }, { operator }) =>
        answer(
          await setSlowMode(
            ctx.db,
            { id: sChannelID, slowModeMs: iSlowModeSeconds * 1000 },
            audit(operator.actor, sReason),
          ),
        ),
    }),
    ...(['add', 'remove'] as const).map((verb) =>
      define({
        name: verb === 'add' ? 'chatOperatorAdd' : 'chatOperatorRemove',
        permission: 'chat:channels',
        input: chatOperatorChangeInput,
        async handler({ sMember, sReason }, { operator }): Promise<ConsoleChatChangeAnswer> {
          const result = await changeChatOperator(
            ctx.db,
            { handle: sMember, operator: verb === 'add' },
            audit(operator.actor, sReason),
          );
          return result.ok
            ? { iErrorCode: ErrorCode.OK, sMessage: result.sentence }
            : fail(ErrorCode.NOT_FOUND, result.problem);
        },
      }),
    ),
    define({
      name: 'chatVarSet',
      permission: 'live:manage',
      input: chatVarSetInput,
      async handler({ sVarID, sValue, sReason }, { operator }): Promise<ConsoleChatChangeAnswer> {
        const definition = SCREEN_VARS.find((d) => d.sVarID === sVarID);
        if (!definition)
          return fail(ErrorCode.NOT_FOUND, `${sVarID} is not one of chat's slow-mode and rate-limit vars.`);
        const entry = { sVarID, sType: definition.sType, sValue: sValue.trim() };
        const problem = await setGameVar(ctx, entry, operator.actor, ctx.clock.now(), sReason);
        return problem ? fail(ErrorCode.BAD_INPUT, problem) : { iErrorCode: ErrorCode.OK };
      },
    }),
  ];
}
