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
import type { SessionUser } from '../../capability';
import { type ActionContext, type ActionDef, actionDefiner, fail, type Refusal } from '../../http/actions';
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

/**
 * Who asks a public raffle action: the member, null for an outsider (no token sent), undefined for
 * a token that no longer signs in (refused as before, not quietly answered as to an outsider).
 */
async function viewer({
  req,
  session,
}: Pick<ActionContext, 'req' | 'session'>): Promise<SessionUser | null | undefined> {
  const user = await session();
  return user ?? (req.headers.authorization ? undefined : null);
}

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
    // Public: a draw anyone can verify is readable signed out (docs/raffle-draw.md §11).
    auth: 'public',
    async handler({ iRaffleID }, ctx): Promise<RaffleAnswer | Refusal> {
      const user = await viewer(ctx);
      if (user === undefined) return fail(ErrorCode.NOT_SIGNED_IN);
      const { deps } = ctx;
      const row = iRaffleID === undefined ? await findLatestDrawn(deps.db) : await findRaffle(deps.db, iRaffleID);
      if (!row || row.status === 'scheduled') return fail(ErrorCode.NOT_FOUND);
      return { iErrorCode: ErrorCode.OK, pRaffle: await raffleDetail(deps.db, row, user?.id ?? null) };
    },
  }),
  defineAction({
    service: 'portal',
    name: 'getRaffleEntries',
    input: raffleIdInput,
    // Public: entrant ids are per-raffle HMACs, linked to no account.
    auth: 'public',
    async handler({ iRaffleID }, ctx): Promise<RaffleEntriesAnswer | Refusal> {
      if ((await viewer(ctx)) === undefined) return fail(ErrorCode.NOT_SIGNED_IN);
      const { deps } = ctx;
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
    async handler({ iRaffleID }, { deps, user }): Promise<RaffleProofAnswer | Refusal> {
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
    async handler({ iRaffleID, iTickets, sIdempotencyKey }, { deps, user }): Promise<EnterRaffleAnswer | Refusal> {
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
      const tickets = outcome.ticketsAfter ?? (await findBalance(deps.db, user.id)).tickets;
      return { iErrorCode: ErrorCode.OK, iEntryTickets: outcome.entryTickets, iRaffleTickets: tickets };
    },
  }),
];
