import type {
  ConsolePrizeSpec,
  ConsoleRaffleChangeAnswer,
  ConsoleRaffleListAnswer,
  ConsoleRaffleShowAnswer,
  ConsoleRaffleTemplatesAnswer,
  ConsoleRaffleWeekly,
} from '../../../protocol/consoleRaffles';
import {
  raffleChangeInput,
  raffleCreateInput,
  raffleListInput,
  raffleShowInput,
  raffleTemplatesInput,
  raffleWeeklySetInput,
} from '../../../protocol/consoleRaffles.schema';
import { ErrorCode } from '../../../protocol/errors';
import type { GameVarEntry } from '../../../protocol/gamevars';
import type { PrizeSpec } from '../../../protocol/raffle.schema';
import type { AppContext } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { templateChoices } from '../collectibles/index';
import { gameVarValue, listGameVars, setGameVar } from '../gamevars/index';
import { usernamesOf } from '../identity/index';
import {
  cancelRaffle,
  closeRaffle,
  drawAndDeliver,
  openRaffle,
  scheduleRaffle,
  type Transition,
  type Who,
} from './lifecycle';
import { resolvePrizes, UnknownTemplateError } from './prizes';
import { findOpenRaffle, findRaffle, listEntries, listPrizes, listRaffles, listWinners } from './raffles';
import { parseWeeklyTime } from './schedule';
import type { RaffleDb, RaffleTables } from './tables';
import { RAFFLE_VARS } from './vars';
import { forgetCurrentRaffle, raffleDetail } from './views';

const define = consoleActionDefiner<RaffleTables>();

/** A refused transition as the console answers it: NOT_FOUND, or RAFFLE_WRONG_STATE with the CLI's words. */
function answer(transition: Transition) {
  if (transition.done)
    return { iErrorCode: ErrorCode.OK, iRaffleID: transition.raffle.id } as ConsoleRaffleChangeAnswer;
  return fail(transition.missing ? ErrorCode.NOT_FOUND : ErrorCode.RAFFLE_WRONG_STATE, `${transition.reason}.`);
}

/** The console's prize (a picked template, a typed amount) as the CLI's PrizeSpec. */
const prizeSpec = (prize: ConsolePrizeSpec): PrizeSpec =>
  prize.sKind === 'item'
    ? { sKind: 'item', sTemplateID: prize.sTemplateID ?? '', iQuantity: prize.iQuantity }
    : { sKind: prize.sKind, iAmount: prize.iAmount ?? 1, iQuantity: prize.iQuantity };

const consolePrize = (prize: PrizeSpec): ConsolePrizeSpec =>
  prize.sKind === 'item'
    ? { sKind: 'item', sTemplateID: prize.sTemplateID, iQuantity: prize.iQuantity }
    : { sKind: prize.sKind, iAmount: prize.iAmount, iQuantity: prize.iQuantity };

/** The weekly raffle's game vars as stored (or their defaults), as the console edits them. */
async function weeklySettings(db: RaffleDb): Promise<ConsoleRaffleWeekly> {
  const entries = await listGameVars(db);
  return {
    bAuto: gameVarValue<number>(entries, RAFFLE_VARS.autoWeekly) === 1,
    sOpens: gameVarValue<string>(entries, RAFFLE_VARS.opens),
    sCloses: gameVarValue<string>(entries, RAFFLE_VARS.closes),
    aPrizes: gameVarValue<PrizeSpec[]>(entries, RAFFLE_VARS.prizes).map(consolePrize),
    bBeacon: gameVarValue<number>(entries, RAFFLE_VARS.beacon) === 1,
  };
}

/**
 * The console's raffles (issue 29): each change calls the function the CLI's `raffle …` calls
 * (scheduleRaffle, openRaffle, closeRaffle, drawAndDeliver, cancelRaffle), and the weekly
 * settings are written with setGameVar like `gamevars set`, so the audit rows match but for the actor.
 */
export function raffleConsoleActions(ctx: AppContext<RaffleTables>): ConsoleActionDef[] {
  const who = (operator: { actor: string }, reason: string): Who => ({
    now: ctx.clock.now(),
    actor: operator.actor,
    reason,
  });
  /** Members see a change at once on this instance (others within the settings' cache time). */
  const changed = (transition: Transition) => {
    forgetCurrentRaffle(ctx.db);
    return answer(transition);
  };
  return [
    define({
      name: 'raffleList',
      permission: 'live:read',
      input: raffleListInput,
      async handler({ iPage, iPageSize }): Promise<ConsoleRaffleListAnswer> {
        const rows = await listRaffles(ctx.db, { limit: iPageSize + 1, offset: iPage * iPageSize });
        const page = rows.slice(0, iPageSize);
        const prizes = await listPrizes(
          ctx.db,
          page.map((raffle) => raffle.id),
        );
        return {
          iErrorCode: ErrorCode.OK,
          aRows: page.map((raffle) => ({
            iRaffleID: raffle.id,
            sTitle: raffle.title,
            sStatus: raffle.status,
            iOpensAt: Number(raffle.opens_at),
            iClosesAt: Number(raffle.closes_at),
            iDrawnAt: Number(raffle.drawn_at ?? 0),
            iEntrantCount: Number(raffle.entrant_count),
            iTicketTotal: Number(raffle.ticket_total),
            bWeekly: raffle.schedule_key !== null,
            bHeldForReview: raffle.status === 'closed' && Number(raffle.review_hold) === 1,
            sCreatedBy: raffle.created_by,
            sPrizes: (prizes.get(raffle.id) ?? []).map((prize) => `${prize.name} ×${prize.quantity}`).join(', '),
          })),
          bMore: rows.length > iPageSize,
          pWeekly: await weeklySettings(ctx.db),
          iOpenRaffleID: (await findOpenRaffle(ctx.db))?.id ?? 0,
        };
      },
    }),
    define({
      name: 'raffleTemplates',
      permission: 'live:read',
      input: raffleTemplatesInput,
      async handler(): Promise<ConsoleRaffleTemplatesAnswer> {
        const templates = await templateChoices(ctx.db);
        return {
          iErrorCode: ErrorCode.OK,
          aTemplates: templates.map((t) => ({ sTemplateID: t.id, sName: t.name, sCollection: t.collectionName })),
        };
      },
    }),
    define({
      name: 'raffleShow',
      permission: 'live:read',
      input: raffleShowInput,
      async handler({ iRaffleID, iPage, iPageSize }): Promise<ConsoleRaffleShowAnswer | ReturnType<typeof fail>> {
        const raffle = await findRaffle(ctx.db, iRaffleID);
        if (!raffle) return fail(ErrorCode.NOT_FOUND, `No raffle ${iRaffleID}.`);
        const [pDetail, entries, winners, prizes] = await Promise.all([
          raffleDetail(ctx.db, raffle, null),
          listEntries(ctx.db, iRaffleID, { limit: iPageSize + 1, offset: iPage * iPageSize }),
          listWinners(ctx.db, [iRaffleID]).then((byRaffle) => byRaffle.get(iRaffleID) ?? []),
          listPrizes(ctx.db, [iRaffleID]).then((byRaffle) => byRaffle.get(iRaffleID) ?? []),
        ]);
        const page = entries.slice(0, iPageSize);
        const names = await usernamesOf(ctx.db, [
          ...new Set([...page.map((e) => e.user_id), ...winners.map((w) => w.user_id)]),
        ]);
        const name = (userId: string) => names.get(userId) ?? 'a former member';
        const prizeNames = new Map(prizes.map((prize) => [prize.prize_id, prize.name]));
        return {
          iErrorCode: ErrorCode.OK,
          pDetail,
          aWinners: winners.map((w) => ({
            iPick: w.pick,
            sEntrantID: w.entrant_id,
            sUserName: name(w.user_id),
            sPrizeName: prizeNames.get(w.prize_id) ?? w.prize_id,
            iDeliveredAt: Number(w.delivered_at ?? 0),
          })),
          aRows: page.map((e) => ({
            sEntrantID: e.entrant_id,
            sUserName: name(e.user_id),
            iTickets: e.tickets,
            iEnteredAt: e.created_at,
            bRefunded: e.refunded_at !== null,
          })),
          bMore: entries.length > iPageSize,
          sVerifyPath: `/raffleviewer?iRaffleID=${iRaffleID}`,
        };
      },
    }),
    define({
      name: 'raffleCreate',
      permission: 'live:manage',
      input: raffleCreateInput,
      async handler({ sTitle, iOpensAt, iClosesAt, aPrizes, bBeacon, sReason }, { operator }) {
        const by = who(operator, sReason);
        const scheduled = await scheduleRaffle(
          ctx.db,
          {
            title: sTitle,
            opensAt: Math.max(iOpensAt, by.now),
            closesAt: iClosesAt,
            prizes: aPrizes.map(prizeSpec),
            beacon: bBeacon,
          },
          by,
        );
        if (scheduled.done) {
          forgetCurrentRaffle(ctx.db);
          return { iErrorCode: ErrorCode.OK, iRaffleID: scheduled.raffleId } satisfies ConsoleRaffleChangeAnswer;
        }
        const code =
          scheduled.problem === 'unknown-template'
            ? ErrorCode.UNKNOWN_TEMPLATE
            : scheduled.problem === 'past'
              ? ErrorCode.TIME_IN_PAST
              : ErrorCode.BAD_INPUT;
        return fail(code, `${scheduled.reason}.`);
      },
    }),
    define({
      name: 'raffleOpen',
      permission: 'live:manage',
      input: raffleChangeInput,
      handler: async ({ iRaffleID, sReason }, { operator }) =>
        changed(await openRaffle(ctx.db, iRaffleID, who(operator, sReason))),
    }),
    define({
      name: 'raffleClose',
      permission: 'live:manage',
      input: raffleChangeInput,
      handler: async ({ iRaffleID, sReason }, { operator }) =>
        changed(await closeRaffle(ctx.db, iRaffleID, who(operator, sReason))),
    }),
    define({
      name: 'raffleDraw',
      permission: 'live:manage',
      input: raffleChangeInput,
      handler: async ({ iRaffleID, sReason }, { operator }) =>
        changed(await drawAndDeliver(ctx.db, iRaffleID, who(operator, sReason))),
    }),
    define({
      name: 'raffleCancel',
      permission: 'live:manage',
      input: raffleChangeInput,
      handler: async ({ iRaffleID, sReason }, { operator }) =>
        changed(await cancelRaffle(ctx.db, iRaffleID, who(operator, sReason))),
    }),
    define({
      name: 'raffleWeeklySet',
      permission: 'live:manage',
      input: raffleWeeklySetInput,
      async handler(weekly, { operator }) {
        for (const [field, text] of [
          ['opens', weekly.sOpens],
          ['closes', weekly.sCloses],
        ] as const) {
          if (parseWeeklyTime(text) === null)
            return fail(
              ErrorCode.BAD_INPUT,
              `When the weekly raffle ${field} must be "Ddd HH:MM" in UTC, e.g. "Mon 00:00".`,
            );
        }
        const prizes = weekly.aPrizes.map(prizeSpec);
        try {
          await resolvePrizes(ctx.db, prizes);
        } catch (error) {
          if (error instanceof UnknownTemplateError) return fail(ErrorCode.UNKNOWN_TEMPLATE, `${error.message}.`);
          throw error;
        }
        const wanted: GameVarEntry[] = [
          { sVarID: RAFFLE_VARS.autoWeekly.sVarID, sType: 'int', sValue: weekly.bAuto ? '1' : '0' },
          { sVarID: RAFFLE_VARS.opens.sVarID, sType: 'string', sValue: weekly.sOpens },
          { sVarID: RAFFLE_VARS.closes.sVarID, sType: 'string', sValue: weekly.sCloses },
          { sVarID: RAFFLE_VARS.prizes.sVarID, sType: 'json', sValue: JSON.stringify(prizes) },
          { sVarID: RAFFLE_VARS.beacon.sVarID, sType: 'int', sValue: weekly.bBeacon ? '1' : '0' },
        ];
        const stored = new Map((await listGameVars(ctx.db)).map((entry) => [entry.sVarID, entry.sValue]));
        const now = ctx.clock.now();
        for (const entry of wanted) {
          if (stored.get(entry.sVarID) === entry.sValue) continue;
          const problem = await setGameVar(ctx, entry, operator.actor, now, weekly.sReason);
          if (problem) return fail(ErrorCode.BAD_INPUT, problem);
        }
        return { iErrorCode: ErrorCode.OK, iRaffleID: 0 } satisfies ConsoleRaffleChangeAnswer;
      },
    }),
  ];
}
