import { type AnyDb, ownTables } from '../../db/schema';
import type { IdentityTables } from './tables';

/** The account an operator's member export names: a member's username, or an account's email or id. */
export async function findExportedAccount(handle: AnyDb, who: string): Promise<string | null> {
  const db = ownTables<IdentityTables>(handle);
  const member = await db
    .selectFrom('member')
    .innerJoin('user', 'user.id', 'member.user_id')
    .select(['member.user_id as id'])
    .where((eb) => eb.or([eb('member.username_lower', '=', who.toLowerCase()), eb('user.email', '=', who)]))
    .executeTakeFirst();
  if (member) return member.id;
  const account = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb.or([eb('email', '=', who), eb('id', '=', who)]))
    .executeTakeFirst();
  return account?.id ?? null;
}
