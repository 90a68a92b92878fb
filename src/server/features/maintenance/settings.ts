import { FLAG_DEFAULTS, type FlagName, type Flags } from '../../../protocol/flags';
import { writeAudit } from '../../shared/audit';
import type { MaintenanceDb } from './tables';

/**
 * Operator-controlled settings kept in the database (docs/product.md §17): feature flags and the
 * maintenance state. Every change is audited in the same transaction.
 */
export interface MaintenanceState {
  bMaintenance: boolean;
  sMessage: string;
}

const MAINTENANCE_KEY = 'maintenance';
const flagKey = (name: FlagName) => `flag.${name}`;

async function readSettings(db: MaintenanceDb, keys: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('setting').select(['key', 'value']).where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

async function writeSetting(db: MaintenanceDb, key: string, value: string, at: number): Promise<void> {
  await db
    .insertInto('setting')
    .values({ key, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
    .execute();
}

export async function getFlags(db: MaintenanceDb): Promise<Flags> {
  const names = Object.keys(FLAG_DEFAULTS) as FlagName[];
  const stored = await readSettings(db, names.map(flagKey));
  const flags = { ...FLAG_DEFAULTS } as Flags;
  for (const name of names) {
    const value = stored.get(flagKey(name));
    if (value !== undefined) flags[name] = value === 'true';
  }
  return flags;
}

/** `reason` (the console asks for one) is kept in the audit row when given. */
export async function setFlag(
  db: MaintenanceDb,
  name: FlagName,
  on: boolean,
  actor: string,
  at: number,
  reason?: string,
) {
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, flagKey(name), String(on), at);
    await writeAudit(trx, { actor, action: 'flags.set', detail: { name, on, ...(reason ? { reason } : {}) }, at });
  });
}

export async function getMaintenance(db: MaintenanceDb): Promise<MaintenanceState> {
  const stored = (await readSettings(db, [MAINTENANCE_KEY])).get(MAINTENANCE_KEY);
  if (!stored) return { bMaintenance: false, sMessage: '' };
  const parsed = JSON.parse(stored) as Partial<MaintenanceState>;
  return { bMaintenance: parsed.bMaintenance === true, sMessage: parsed.sMessage ?? '' };
}

export async function setMaintenance(db: MaintenanceDb, state: MaintenanceState, actor: string, at: number) {
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, MAINTENANCE_KEY, JSON.stringify(state), at);
    await writeAudit(trx, {
      actor,
      action: state.bMaintenance ? 'maintenance.on' : 'maintenance.off',
      detail: state,
      at,
    });
  });
}
