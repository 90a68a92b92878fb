import type { DbOrTrx } from '../../shared/transaction';

/**
 * A lease row: one instance at a time works the raffle job. Taking it is one atomic upsert that
 * succeeds only for the current holder or once the previous holder's lease expired (it crashed
 * or stopped), on both dialects. The state transitions are conditional on their own as well; the
 * lease keeps two instances from racing through them and from drawing side by side. An instance that
 * stops simply lets its lease expire.
 */
export async function takeLease(
  db: DbOrTrx,
  lease: { name: string; holder: string; now: number; ttlMs: number },
): Promise<boolean> {
  const expiresAt = lease.now + lease.ttlMs;
  const row = await db
    .insertInto('raffle_lease')
    .values({ name: lease.name, holder: lease.holder, expires_at: expiresAt })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({ holder: lease.holder, expires_at: expiresAt })
        .where((eb) =>
          eb.or([eb('raffle_lease.holder', '=', lease.holder), eb('raffle_lease.expires_at', '<=', lease.now)]),
        ),
    )
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === lease.holder;
}
