import { ErrorCode } from '../../../protocol/errors';
import type {
  EnterRaffleAnswer,
  RaffleAnswer,
  RaffleEntriesAnswer,
  RaffleProofAnswer,
  RafflesAnswer,
} from '../../../protocol/raffle';
import { enterRaffleInput, getRaffleInput, getRafflesInput, raffleIdInput } from '../../../protocol/raffle.schema';
import { merkleProof } from '../../../protocol/raffleDraw';
import type { Answer } from '../../../protocol/wire';
import { type ActionDef, actionDefiner, fail } from '../../http/actions';
import { findBalance } from '../rewards/index';
import { enterRaffle, frozenEntries } from './entries';
import { findLatestDrawn, findRaffle, listRaffles, memberEntries } from './raffles';
import type { RaffleTables } from './tables';
import { raffleDetail, raffleSummaries } from './views';

const defineAction = actionDefiner<RaffleTables>();

const PAGE = 10;
/** What members may browse: every raffle that has opened (a scheduled one shows in pRaffleDrawInfo's iNextOpensAt). */
const BROWSABLE = ['open', 'closed', 'drawing', 'drawn', 'cancelled'] as const;
/** From close on, the entry list and its root are public. */
const PUBLISHED = new Set(['closed', 'drawing', 'drawn', 'cancelled']);

export const raffleActions: ActionDef[] = [
  defineAction({
    service: 'portal',
    name: 'getRaffles',
    input: getRafflesInput,
    auth: 'member',
    async handler({ iBeforeID }, { deps, user }): Promise<RafflesAnswer> {
      const rows = await listRaffles(deps.db, { statuses: BROWSABLE, beforeId: iBeforeID, limit: PAGE + 1 });
      return {
        iErrorCode: ErrorCode.OK,
        aRaffles: await raffleSummaries(deps.db, rows.slice(0, PAGE), user.id),
        bMore: rows.length > PAGE,
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getRaffle',
    input: getRaffleInput,
    auth: 'member',
    async handler({ iRaffleID }, { deps, user }): Promise<RaffleAnswer | Answer> {
      const row = iRaffleID === undefined ? await findLatestDrawn(deps.db) : await findRaffle(deps.db, iRaffleID);
      if (!row || row.status === 'scheduled') return fail(ErrorCode.NOT_FOUND);
      return { iErrorCode: ErrorCode.OK, pRaffle: await raffleDetail(deps.db, row, user.id) };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getRaffleEntries',
    input: raffleIdInput,
    auth: 'member',
    async handler({ iRaffleID }, { deps }): Promise<RaffleEntriesAnswer | Answer> {
      const row = await findRaffle(deps.db, iRaffleID);
      if (!row) return fail(ErrorCode.NOT_FOUND);
      if (!PUBLISHED.has(row.status) || !row.root_hex) {
        return fail(ErrorCode.RAFFLE_ENTRIES_NOT_PUBLISHED);
      }
      return { iErrorCode: ErrorCode.OK, sRoot: row.root_hex, aEntries: await frozenEntries(deps.db, row.id) };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getRaffleProof',
    input: raffleIdInput,
    auth: 'member',
    async handler({ iRaffleID }, { deps, user }): Promise<RaffleProofAnswer | Answer> {
      const row = await findRaffle(deps.db, iRaffleID);
      if (!row) return fail(ErrorCode.NOT_FOUND);
      if (!PUBLISHED.has(row.status) || !row.root_hex) {
        return fail(ErrorCode.RAFFLE_ENTRIES_NOT_PUBLISHED);
      }
      const own = (await memberEntries(deps.db, user.id, [row.id])).get(row.id);
      if (!own) return fail(ErrorCode.RAFFLE_NOT_ENTERED);
      const entries = await frozenEntries(deps.db, row.id);
      return {
        iErrorCode: ErrorCode.OK,
        sRoot: row.root_hex,
        pEntry: { sEntrantID: own.entrantId, iTickets: own.tickets },
        pProof: merkleProof(entries, own.entrantId),
      };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'enterRaffle',
    input: enterRaffleInput,
    auth: 'member',
    async handler({ iRaffleID, iTickets, sIdempotencyKey }, { deps, user }): Promise<EnterRaffleAnswer | Answer> {
      const raffle = await findRaffle(deps.db, iRaffleID);
      if (!raffle) return fail(ErrorCode.NOT_FOUND);
      const outcome = await enterRaffle(deps.db, {
        raffle,
        userId: user.id,
        tickets: iTickets,
        key: sIdempotencyKey,
        now: deps.clock.now(),
      });
      if (!outcome.ok) return fail(outcome.code);
      const balance = await findBalance(deps.db, user.id);
      return { iErrorCode: ErrorCode.OK, iEntryTickets: outcome.entryTickets, iRaffleTickets: balance.tickets };
    },
  }),
];
