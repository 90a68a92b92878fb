import { ErrorCode } from '../../../protocol/errors';
import type {
  ConsoleStoreCatalogueAnswer,
  ConsoleStoreItem,
  ConsoleStoreItemAnswer,
  ConsoleTemplateChoice,
} from '../../../protocol/store';
import {
  storeCatalogueInput,
  storeItemAddInput,
  storeItemChangeInput,
  storeItemRestockInput,
  storeItemUpdateInput,
} from '../../../protocol/store.schema';
import type { AppContext } from '../../capability';
import { fail } from '../../http/actions';
import { type ConsoleActionDef, consoleActionDefiner } from '../../http/consoleActions';
import { mediaUrl, templateChoices } from '../collectibles/index';
import { listStoreItems, type StoreItemRow } from './catalogue';
import {
  addStoreItem,
  type ChangeResult,
  DEFAULT_IMAGE,
  type ItemFields,
  pointsTaken,
  restockStoreItem,
  restoreStoreItem,
  retireStoreItem,
  type StoreRefusal,
  unitsSold,
  updateStoreItem,
} from './manage';
import type { StoreTables } from './tables';

const define = consoleActionDefiner<StoreTables>();

/** The console's field names and the store's: one table, both ways. */
const FIELDS = {
  sKind: 'kind',
  sName: 'name',
  sDescription: 'description',
  sImagePath: 'image',
  sTemplateID: 'template_id',
  iTickets: 'tickets',
  iPrice: 'price',
  iStock: 'stock',
  iLimit: 'member_limit',
  iAvailableFrom: 'available_from',
  iAvailableUntil: 'available_until',
  iSort: 'sort',
} as const satisfies Record<string, keyof ItemFields>;

/** The fields the console sent (absent ones stay absent: an update changes only those). */
function itemFields(input: Partial<Record<keyof typeof FIELDS, unknown>>): Partial<ItemFields> {
  const fields: Record<string, unknown> = {};
  for (const [wire, column] of Object.entries(FIELDS)) {
    const value = input[wire as keyof typeof FIELDS];
    if (value !== undefined) fields[column] = value;
  }
  return fields as Partial<ItemFields>;
}

function consoleItem(row: StoreItemRow, sold: number, points: number): ConsoleStoreItem {
  const orNull = (v: number | null) => (v === null ? null : Number(v));
  return {
    sStoreItemID: row.id,
    sKind: row.kind,
    sName: row.name,
    sDescription: row.description,
    sImage: mediaUrl(row.image),
    sImagePath: row.image,
    sTemplateID: row.template_id,
    iTickets: Number(row.tickets),
    iPrice: Number(row.price),
    iStock: orNull(row.stock),
    iLimit: Number(row.member_limit),
    iAvailableFrom: orNull(row.available_from),
    iAvailableUntil: orNull(row.available_until),
    iRetiredAt: orNull(row.retired_at),
    iSort: Number(row.sort),
    iSold: sold,
    iPointsTaken: points,
  };
}

const REFUSAL_CODES: Record<StoreRefusal, number> = {
  invalid: ErrorCode.STORE_ITEM_INVALID,
  exists: ErrorCode.STORE_ITEM_EXISTS,
  missing: ErrorCode.NOT_FOUND,
  unchanged: ErrorCode.ALREADY_DONE,
};

/**
 * The console's catalogue editor (issue 29): the catalogue with sales, and the levers of
 * `store add|update|retire|restore|restock`, each calling the function its CLI command calls
 * (manage.ts), which checks the values once and writes the audit row with the operator as actor.
 */
export function storeConsoleActions(ctx: AppContext<StoreTables>): ConsoleActionDef[] {
  async function answer(result: ChangeResult): Promise<ConsoleStoreItemAnswer | ReturnType<typeof fail>> {
    if (!result.ok) return fail(REFUSAL_CODES[result.refusal], result.problem);
    const id = result.row.id;
    const [sold, points] = await Promise.all([unitsSold(ctx.db), pointsTaken(ctx.db)]);
    return { iErrorCode: ErrorCode.OK, pItem: consoleItem(result.row, sold.get(id) ?? 0, points.get(id) ?? 0) };
  }
  const audit = (actor: string, reason: string) => ({ actor, reason, now: ctx.clock.now() });

  return [
    define({
      name: 'storeCatalogue',
      permission: 'live:read',
      input: storeCatalogueInput,
      async handler(): Promise<ConsoleStoreCatalogueAnswer> {
        const [rows, sold, points, templates] = await Promise.all([
          listStoreItems(ctx.db, { includeRetired: true }),
          unitsSold(ctx.db),
          pointsTaken(ctx.db),
          templateChoices(ctx.db),
        ]);
        const art = (path: string) => ({ sImage: mediaUrl(path), sImagePath: path });
        return {
          iErrorCode: ErrorCode.OK,
          iNow: ctx.clock.now(),
          aItems: rows.map((row) => consoleItem(row, sold.get(row.id) ?? 0, points.get(row.id) ?? 0)),
          aTemplates: templates.map(
            (t): ConsoleTemplateChoice => ({
              sTemplateID: t.id,
              sName: t.name,
              sCollectionID: t.collectionId,
              ...art(t.image),
            }),
          ),
          pDefaultImages: { tickets: art(DEFAULT_IMAGE.tickets), 'raffle-entry': art(DEFAULT_IMAGE['raffle-entry']) },
        };
      },
    }),
    define({
      name: 'storeItemAdd',
      permission: 'live:manage',
      input: storeItemAddInput,
      handler: async ({ sStoreItemID, sReason, ...fields }, { operator }) =>
        answer(await addStoreItem(ctx.db, sStoreItemID, itemFields(fields), audit(operator.actor, sReason))),
    }),
    define({
      name: 'storeItemUpdate',
      permission: 'live:manage',
      input: storeItemUpdateInput,
      handler: async ({ sStoreItemID, sReason, ...fields }, { operator }) =>
        answer(await updateStoreItem(ctx.db, sStoreItemID, itemFields(fields), audit(operator.actor, sReason))),
    }),
    define({
      name: 'storeItemRetire',
      permission: 'live:manage',
      input: storeItemChangeInput,
      handler: async ({ sStoreItemID, sReason }, { operator }) =>
        answer(await retireStoreItem(ctx.db, sStoreItemID, audit(operator.actor, sReason))),
    }),
    define({
      name: 'storeItemRestore',
      permission: 'live:manage',
      input: storeItemChangeInput,
      handler: async ({ sStoreItemID, sReason }, { operator }) =>
        answer(await restoreStoreItem(ctx.db, sStoreItemID, audit(operator.actor, sReason))),
    }),
    define({
      name: 'storeItemRestock',
      permission: 'live:manage',
      input: storeItemRestockInput,
      handler: async ({ sStoreItemID, iUnits, sReason }, { operator }) =>
        answer(await restockStoreItem(ctx.db, sStoreItemID, iUnits, audit(operator.actor, sReason))),
    }),
  ];
}
