import { accountById } from './accounts';
import type { IdentityDb } from './tables';

/**
 * The account a sign-in's two-factor challenge names (its signed cookie holds the id of a
 * verification row whose value is the account): a wrong code is audited against it, and a code
 * is claimed for it (totpOnce.ts).
 */
export async function accountOfChallenge(db: IdentityDb, headers: Headers | undefined) {
  const cookie = /two_factor=([^;\s]+)/.exec(headers?.get('cookie') ?? '')?.[1];
  if (!cookie) return undefined;
  let value: string;
  try {
    value = decodeURIComponent(cookie);
  } catch {
    return undefined;
  }
  const identifier = value.slice(0, value.lastIndexOf('.'));
  if (!identifier.startsWith('2fa-')) return undefined;
  const row = await db
    .selectFrom('verification')
    .select('value')
    .where('identifier', '=', identifier)
    .executeTakeFirst();
  return row ? ((await accountById(db, row.value)) ?? undefined) : undefined;
}
