import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PrizeSpec } from '../../src/protocol/raffle.schema';
import { openDatabase } from '../../src/server/db/index';
import type { BeaconSource } from '../../src/server/features/raffle/beacon';
import { raffleTick } from '../../src/server/features/raffle/jobs';
import { createRaffle, openRaffle } from '../../src/server/features/raffle/lifecycle';
import { applyGrant } from '../../src/server/features/rewards/index';
import type { Clock } from '../../src/server/shared/clock';
import { createTestApp, type TestApp } from './app';
import { createTestDb, TEST_DB_OPTIONS } from './db';
import { register, signUp, type TestMember } from './rewardsHelpers';

export const TEST_PRIZES: PrizeSpec[] = [
  { sKind: 'item', sTemplateID: 'agent-lamplighter', iQuantity: 1 },
  { sKind: 'points', iAmount: 100, iQuantity: 2 },
  { sKind: 'tickets', iAmount: 3, iQuantity: 2 },
];

/** A registered member (one registration ticket) topped up to `tickets` through the ledger. */
export async function memberWithTickets(t: TestApp, tickets: number, label = 'entrant'): Promise<TestMember> {
  const member = await signUp(t, label);
  await register(t, { userId: member.userId });
  if (tickets > 1) {
    await applyGrant(t.deps.db, {
      userId: member.userId,
      key: `test-tickets:${member.userId}`,
      reason: 'test',
      lines: [{ asset: 'tickets', amount: tickets - 1 }],
      now: t.deps.clock.now(),
    });
  }
  return member;
}

/** A raffle created and opened now, closing in a week; its id. */
export async function openTestRaffle(
  t: TestApp,
  options: { prizes?: PrizeSpec[]; beacon?: boolean; title?: string } = {},
): Promise<number> {
  const now = t.deps.clock.now();
  const who = { now, actor: 'test' };
  const id = await createRaffle(
    t.deps.db,
    {
      title: options.title ?? 'Test raffle',
      opensAt: now,
      closesAt: now + 7 * 86_400_000,
      prizes: options.prizes ?? TEST_PRIZES,
      beacon: options.beacon ?? false,
    },
    who,
  );
  const opened = await openRaffle(t.deps.db, id as number, who);
  if (!opened.done) throw new Error(opened.reason);
  return id as number;
}

let keys = 0;
/** A fresh client idempotency key. */
export const idemKey = () => `key-${Date.now().toString(36)}-${++keys}`;

export async function ticketBalance(t: TestApp, userId: string): Promise<number> {
  const row = await t.deps.db.selectFrom('balance').select('tickets').where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.tickets ?? 0);
}

/**
 * Two app instances on one database, each with its own connection (a file for SQLite), sharing
 * one clock: what two servers behind a load balancer are.
 */
export async function twinApps(
  dialect: 'sqlite' | 'postgres',
  clock: Clock,
): Promise<{ a: TestApp; b: TestApp; close(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'raffle-twins-'));
  const first = await createTestDb(dialect, dialect === 'sqlite' ? path.join(dir, 'twins.db') : undefined);
  const a = await createTestApp(dialect, { clock, database: first });
  const second = openDatabase(first.url, TEST_DB_OPTIONS);
  const b = await createTestApp(dialect, { clock, database: { ...second, url: first.url, drop: async () => {} } });
  return {
    a,
    b,
    async close() {
      await b.close();
      await a.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One instance's raffle job, as main.ts runs it, ticked by hand. */
export function raffleJobOf(t: TestApp, holder: string, beacon: BeaconSource = async () => null) {
  return () => raffleTick({ db: t.deps.db, now: () => t.deps.clock.now(), holder, beacon, leaseMs: 30_000 });
}

/** Runs tests/support/raffleWorker.ts in its own process; resolves with its output lines and how it ended. */
export function runRaffleWorker(
  databaseUrl: string,
  ...args: string[]
): Promise<{ lines: string[]; signal: NodeJS.Signals | null; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/raffleWorker.ts', databaseUrl, ...args], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal === null) reject(new Error(`raffle worker failed (${code}): ${stderr}`));
      else resolve({ lines: stdout.split('\n').filter(Boolean), signal, code });
    });
  });
}
