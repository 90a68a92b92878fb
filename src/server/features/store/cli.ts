import { readFileSync } from 'node:fs';
import { availability, STORE_ITEM_KINDS, type StoreItemKind } from '../../../protocol/store';
import type { AdminResult, CliCommand } from '../../capability';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { listStoreItems, type StoreItemRow } from './catalogue';
import {
  addStoreItem,
  type ChangeResult,
  type ItemFields,
  restockStoreItem,
  restoreStoreItem,
  retireStoreItem,
  unitsSold,
  updateStoreItem,
} from './manage';

const USAGE = `  store list [--all]                the catalogue: price, stock, sold, limit, window (--all: retired too)
  store add ID --price N [OPTIONS]  a new item; OPTIONS: --kind collectible|tickets|raffle-entry
                                    --template T (collectible) --tickets N (bundles, entries) --name TEXT
                                    --description TEXT | --description-file FILE --image PATH
                                    --stock N|unlimited --limit N (default 2) --from DATE --until DATE --sort N
  store update ID [OPTIONS]         change the named fields only (--from none / --until none open a window)
  store retire ID                   take an item off sale (its purchases stay valid)
  store restore ID                  put a retired item back on sale
  store restock ID N                add N units to an item's stock
  Every change takes --reason TEXT, kept in the audit log (as the console's reason is).`;

export const storeCli: CliCommand[] = [
  {
    group: 'store',
    examples: [
      'store list --all',
      "store add golden-pack --kind tickets --tickets 5 --price 400 --name 'Golden pack' --stock 100",
      'store update golden-pack --price 350 --until none',
      'store restock golden-pack 50',
      "store retire golden-pack --reason 'Season over'",
    ],
    usage: USAGE,
    async run(verb, args, ctx) {
      const reason = option(args, '--reason')?.trim();
      if (args.includes('--reason') && (!reason || reason.length > 300)) {
        return wrongUsage('--reason takes 1–300 characters');
      }
      const audit = { actor: ctx.actor, now: ctx.now(), ...(reason ? { reason } : {}) };
      const [id, ...rest] = withoutReason(args);
      switch (verb) {
        case 'list':
          return done(
            catalogueTable(
              await listStoreItems(ctx.db, { includeRetired: args.includes('--all') }),
              await unitsSold(ctx.db),
              audit.now,
            ),
          );
        case 'add':
        case 'update': {
          if (!id || id.startsWith('--')) return wrongUsage(`Which item? store ${verb} ID [OPTIONS]`);
          const fields = parseOptions(rest);
          if (typeof fields === 'string') return wrongUsage(fields);
          const result =
            verb === 'add'
              ? await addStoreItem(ctx.db, id, fields, audit)
              : await updateStoreItem(ctx.db, id, fields, audit);
          return answer(result, (row) => `${verb === 'add' ? 'Added' : 'Updated'} ${describe(row)}`);
        }
        case 'retire':
          if (!id) return wrongUsage('Which item? store retire ID');
          return answer(await retireStoreItem(ctx.db, id, audit), (row) => `Retired ${row.id}`);
        case 'restore':
          if (!id) return wrongUsage('Which item? store restore ID');
          return answer(await restoreStoreItem(ctx.db, id, audit), (row) => `${row.id} is on sale again`);
        case 'restock': {
          const units = Number(rest[0]);
          if (!id || rest.length !== 1) return wrongUsage('store restock ID N');
          return answer(await restockStoreItem(ctx.db, id, units, audit), (row) => `${row.id}: ${row.stock} in stock`);
        }
        default:
          return unknownVerb('store', verb);
      }
    },
  },
];

/** The arguments without `--reason TEXT` (every verb takes it). */
function withoutReason(args: string[]): string[] {
  const at = args.indexOf('--reason');
  return at === -1 ? args : [...args.slice(0, at), ...args.slice(at + 2)];
}

function answer(result: ChangeResult, success: (row: StoreItemRow) => string): AdminResult {
  return result.ok ? done(success(result.row)) : refused(result.problem);
}

const VALUE_OPTIONS = [
  '--kind',
  '--name',
  '--description',
  '--description-file',
  '--image',
  '--template',
  '--tickets',
  '--price',
  '--stock',
  '--limit',
  '--from',
  '--until',
  '--sort',
] as const;

/** The options given, as item fields; a sentence when one is malformed. */
export function parseOptions(args: string[]): Partial<ItemFields> | string {
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i] as string;
    if (!(VALUE_OPTIONS as readonly string[]).includes(name)) return `Unknown option: ${name}`;
    if (args[i + 1] === undefined) return `${name} needs a value`;
  }
  const fields: Partial<ItemFields> = {};
  const text = (name: string) => option(args, name);
  const kind = text('--kind');
  if (kind !== undefined) {
    if (!(STORE_ITEM_KINDS as readonly string[]).includes(kind))
      return `--kind is one of ${STORE_ITEM_KINDS.join(', ')}`;
    fields.kind = kind as StoreItemKind;
  }
  const name = text('--name');
  if (name !== undefined) fields.name = name;
  const description = text('--description');
  const descriptionFile = text('--description-file');
  if (description !== undefined) fields.description = description;
  if (descriptionFile !== undefined) {
    try {
      fields.description = readFileSync(descriptionFile, 'utf8').trim();
    } catch {
      return `Cannot read ${descriptionFile}`;
    }
  }
  const image = text('--image');
  if (image !== undefined) fields.image = image;
  const template = text('--template');
  if (template !== undefined) fields.template_id = template === 'none' ? null : template;
  for (const [flag, key] of [
    ['--tickets', 'tickets'],
    ['--price', 'price'],
    ['--limit', 'member_limit'],
    ['--sort', 'sort'],
  ] as const) {
    const value = text(flag);
    if (value === undefined) continue;
    if (!/^-?\d+$/.test(value)) return `${flag} needs a whole number`;
    fields[key] = Number(value);
  }
  const stock = text('--stock');
  if (stock !== undefined) {
    if (stock !== 'unlimited' && !/^\d+$/.test(stock)) return '--stock needs a whole number or "unlimited"';
    fields.stock = stock === 'unlimited' ? null : Number(stock);
  }
  for (const [flag, key] of [
    ['--from', 'available_from'],
    ['--until', 'available_until'],
  ] as const) {
    const value = text(flag);
    if (value === undefined) continue;
    const at = value === 'none' ? null : Date.parse(value);
    if (at !== null && Number.isNaN(at)) return `${flag} needs a date (2026-03-01 or 2026-03-01T18:00Z) or "none"`;
    fields[key] = at;
  }
  return fields;
}

const date = (ms: number | null) => (ms === null ? '…' : new Date(ms).toISOString().slice(0, 16).replace('T', ' '));

function state(row: StoreItemRow, now: number): string {
  if (row.retired_at !== null) return 'retired';
  const window = availability({ iAvailableFrom: row.available_from, iAvailableUntil: row.available_until }, now);
  if (window !== 'available') return window;
  return row.stock !== null && Number(row.stock) === 0 ? 'sold out' : 'on sale';
}

function describe(row: StoreItemRow): string {
  const grants = row.kind === 'collectible' ? `template ${row.template_id}` : `${row.tickets} ticket(s)`;
  return `${row.id} (${row.kind}, ${grants}): ${row.price} points, stock ${row.stock ?? 'unlimited'}, limit ${row.member_limit}`;
}

function catalogueTable(rows: StoreItemRow[], sold: Map<string, number>, now: number): string {
  if (rows.length === 0) return 'The store has no items.';
  const header = `${'ID'.padEnd(24)} ${'KIND'.padEnd(12)} ${'PRICE'.padStart(8)} ${'STOCK'.padStart(9)} ${'SOLD'.padStart(6)} ${'LIMIT'.padStart(5)}  ${'WINDOW'.padEnd(33)} STATE`;
  const lines = rows.map(
    (row) =>
      `${row.id.padEnd(24)} ${row.kind.padEnd(12)} ${String(row.price).padStart(8)} ${String(row.stock ?? 'unlimited').padStart(9)} ${String(sold.get(row.id) ?? 0).padStart(6)} ${String(row.member_limit).padStart(5)}  ${`${date(row.available_from)} → ${date(row.available_until)}`.padEnd(33)} ${state(row, now)}`,
  );
  return [header, ...lines].join('\n');
}
