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

/** The reason an operator gave (the console asks it, the CLI's --reason), kept in the audit detail when given. */
const withReason = <T extends object>(detail: T, reason?: string) => (reason ? { ...detail, reason } : detail);

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
    await writeAudit(trx, { actor, action: 'flags.set', detail: withReason({ name, on }, reason), at });
  });
}

export async function getMaintenance(db: MaintenanceDb): Promise<MaintenanceState> {
  const stored = (await readSettings(db, [MAINTENANCE_KEY])).get(MAINTENANCE_KEY);
  if (!stored) return { bMaintenance: false, sMessage: '' };
  const parsed = JSON.parse(stored) as Partial<MaintenanceState>;
  return { bMaintenance: parsed.bMaintenance === true, sMessage: parsed.sMessage ?? '' };
}

export async function setMaintenance(
  db: MaintenanceDb,
  state: MaintenanceState,
  actor: string,
  at: number,
  reason?: string,
) {
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, MAINTENANCE_KEY, JSON.stringify(state), at);
    await writeAudit(trx, {
      actor,
      action: state.bMaintenance ? 'maintenance.on' : 'maintenance.off',
      detail: withReason(state, reason),
      at,
    });
  });
}

/**
 * Maintenance on or off, as `maintenance on|off` and the console's maintenanceSet both ask it.
 * On shows `message` ('' none). Off clears the message: a message left behind would alert every
 * visitor every 5 minutes while the site is up; unless it is kept (`keepMessage`) or another is
 * given (`message`, '' clears too). Answers the new state and the sentence that says what changed.
 */
export async function changeMaintenance(
  db: MaintenanceDb,
  change: { on: boolean; message?: string; keepMessage?: boolean },
  audit: { actor: string; at: number; reason?: string },
): Promise<{ state: MaintenanceState; summary: string }> {
  if (change.on) {
    const state = { bMaintenance: true, sMessage: change.message ?? '' };
    await setMaintenance(db, state, audit.actor, audit.at, audit.reason);
    return { state, summary: `Maintenance is ON${state.sMessage ? `: ${state.sMessage}` : ''}` };
  }
  const current = await getMaintenance(db);
  const given = change.message;
  const keep = change.keepMessage === true && given === undefined;
  const message = given ?? (keep ? current.sMessage : '');
  const state = { bMaintenance: false, sMessage: message };
  await setMaintenance(db, state, audit.actor, audit.at, audit.reason);
  const about = !message
    ? current.sMessage && given === undefined
      ? `the message "${current.sMessage}" is cleared (--keep-message keeps it)`
      : 'no message is shown'
    : keep
      ? `the message is kept and alerts visitors at most every 5 minutes: ${message}`
      : `visitors are alerted at most every 5 minutes: ${message}`;
  return { state, summary: `Maintenance is OFF; ${about}` };
}
