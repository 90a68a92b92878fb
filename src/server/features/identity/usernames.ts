import { randomInt } from 'node:crypto';
import { USERNAME_PATTERN } from '../../../protocol/identity';
import type { IdentityDb } from './tables';

/** Names a member could use to pass for staff; they count as taken. */
const RESERVED = new Set(['admin', 'administrator', 'moderator', 'mod', 'operator', 'staff', 'support', 'system']);
const MAX_LENGTH = 20;

export async function isUsernameTaken(db: IdentityDb, name: string): Promise<boolean> {
  const lower = name.toLowerCase();
  if (RESERVED.has(lower)) return true;
  const row = await db.selectFrom('member').select('user_id').where('username_lower', '=', lower).executeTakeFirst();
  return row !== undefined;
}

/** Variants of `name` with a few random digits, cut so that they stay within 20 characters. */
function candidates(name: string, digits: number, count: number): string[] {
  const base = name.slice(0, MAX_LENGTH - digits);
  const out = new Set<string>();
  while (out.size < count) out.add(`${base}${randomInt(10 ** (digits - 1), 10 ** digits)}`);
  return [...out];
}

/** A free variant of a taken name: one query per round of candidates, more digits each round. */
export async function suggestUsername(db: IdentityDb, name: string): Promise<string> {
  for (const digits of [2, 3, 4, 6]) {
    const options = candidates(name, digits, 8).filter(
      (c) => USERNAME_PATTERN.test(c) && !RESERVED.has(c.toLowerCase()),
    );
    const taken = await db
      .selectFrom('member')
      .select('username_lower')
      .where(
        'username_lower',
        'in',
        options.map((c) => c.toLowerCase()),
      )
      .execute();
    const takenSet = new Set(taken.map((r) => r.username_lower));
    const free = options.find((c) => !takenSet.has(c.toLowerCase()));
    if (free) return free;
  }
  return `seeker${randomInt(10 ** 7, 10 ** 8)}`;
}
