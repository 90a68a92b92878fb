/**
 * The console's raffles screen (issue 29): `POST /api/console/<action>`. Reading needs `live:read`,
 * changing `live:manage`. Each change calls the raffle capability's function that `raffle …` of the
 * CLI calls (the weekly settings: the game vars `gamevars set` writes), with the same audit row.
 */
import type { ConsolePage } from './console';
import type { RaffleDetail, RafflePrizeKind, RaffleStatus } from './raffle';

/** One raffle in the console's list. */
export interface ConsoleRaffleRow {
  iRaffleID: number;
  sTitle: string;
  sStatus: RaffleStatus;
  /** Epoch ms. */
  iOpensAt: number;
  iClosesAt: number;
  iDrawnAt: number;
  iEntrantCount: number;
  iTicketTotal: number;
  /** Scheduled by the weekly job (not by an operator). */
  bWeekly: boolean;
  /** Closed by an operator's hand: held for review, drawn only by an operator (decision 0227). */
  bHeldForReview: boolean;
  sCreatedBy: string;
  /** "The Ninth Gate Herald ×1, 250 points ×3". */
  sPrizes: string;
}

/** A prize as an operator describes it (the CLI's `--prize`, the aRafflePrizes game var). */
export interface ConsolePrizeSpec {
  sKind: RafflePrizeKind;
  /** An item's collectible template. */
  sTemplateID?: string;
  /** Points or tickets per winner. */
  iAmount?: number;
  iQuantity: number;
}

/** The weekly automatic raffle's settings (game vars iRaffleAutoWeekly, sRaffleOpens, sRaffleCloses, aRafflePrizes, iRaffleBeacon). */
export interface ConsoleRaffleWeekly {
  bAuto: boolean;
  /** "Ddd HH:MM" in UTC, e.g. "Mon 00:00". */
  sOpens: string;
  sCloses: string;
  aPrizes: ConsolePrizeSpec[];
  bBeacon: boolean;
}

/** `raffleList` {iPage, iPageSize}: newest first, with the weekly settings. */
export interface ConsoleRaffleListAnswer extends ConsolePage<ConsoleRaffleRow> {
  pWeekly: ConsoleRaffleWeekly;
  /** The raffle open now (0: none): another cannot open until it closes (issue 38). */
  iOpenRaffleID: number;
}

/** A collectible template an item prize may be (`raffleTemplates`). */
export interface ConsoleTemplateChoice {
  sTemplateID: string;
  sName: string;
  sCollection: string;
}

export interface ConsoleRaffleTemplatesAnswer {
  iErrorCode: number;
  aTemplates: ConsoleTemplateChoice[];
}

/** One entry of a raffle as the console shows it. */
export interface ConsoleRaffleEntryRow {
  sEntrantID: string;
  sUserName: string;
  iTickets: number;
  iEnteredAt: number;
  bRefunded: boolean;
}

/** A winner with whom and whether the prize was delivered. */
export interface ConsoleRaffleWinnerRow {
  iPick: number;
  sEntrantID: string;
  sUserName: string;
  sPrizeName: string;
  iDeliveredAt: number;
}

/**
 * `raffleShow` {iRaffleID, iPage, iPageSize}: the raffle as members see it (pDetail: the raffle page's
 * and the viewer's data, with its commitment, root, seed), its winners and a page of its entries.
 */
export interface ConsoleRaffleShowAnswer extends ConsolePage<ConsoleRaffleEntryRow> {
  pDetail: RaffleDetail;
  aWinners: ConsoleRaffleWinnerRow[];
  /** The member's page that replays and verifies the draw. */
  sVerifyPath: string;
}

/**
 * `raffleCreate` {sTitle, iOpensAt, iClosesAt, aPrizes, bBeacon, sReason} → iRaffleID;
 * `raffleOpen|raffleClose|raffleDraw|raffleCancel` {iRaffleID, sReason};
 * `raffleWeeklySet` {…ConsoleRaffleWeekly, sReason}.
 */
export interface ConsoleRaffleChangeAnswer {
  iErrorCode: number;
  iRaffleID: number;
}
