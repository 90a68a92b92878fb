import type { DbOrTrx } from './db';

/** The account id behind an operator's handle: a user id, an email, or a member's username. */
export async function findUserIdByHandle(db: DbOrTrx, handle: string): Promise<string | null> {
  const byAccount = await db
    .selectFrom('user')
    .select('id')
    .where((eb) => eb.or([eb('id', '=', handle), eb('email', '=', handle.toLowerCase())]))
    .executeTakeFirst()
    // Before the server's first start the account tables do not exist: nobody to find.
    .catch(() => undefined);
  if (byAccount) return byAccount.id;
  const byUsername = await db
    .selectFrom('member')
    .select('user_id')
    .where('username_lower', '=', handle.toLowerCase())
    .executeTakeFirst();
  return byUsername?.user_id ?? null;
}
