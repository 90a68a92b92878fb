import type { RaffleDb } from './tables';

/**
 * A member's raffle entries, newest raffle first, paged, each with the prizes they won in it (the
 * operators' member page, issue 27).
 */
export async function memberRaffleHistory(db: RaffleDb, userId: string, page: { offset: number; limit: number }) {
  const entries = await db
    .selectFrom('raffle_entry')
    .innerJoin('raffle', 'raffle.id', 'raffle_entry.raffle_id')
    .select([
      'raffle.id',
      'raffle.title',
      'raffle.status',
      'raffle.closes_at',
      'raffle_entry.tickets',
      'raffle_entry.refunded_at',
    ])
    .where('raffle_entry.user_id', '=', userId)
    .orderBy('raffle.id', 'desc')
    .offset(page.offset)
    .limit(page.limit)
    .execute();
  const ids = entries.map((e) => Number(e.id));
  const wins =
    ids.length === 0
      ? []
      : await db
          .selectFrom('raffle_winner')
          .innerJoin('raffle_prize', (join) =>
            join
              .onRef('raffle_prize.raffle_id', '=', 'raffle_winner.raffle_id')
              .onRef('raffle_prize.prize_id', '=', 'raffle_winner.prize_id'),
          )
          .select(['raffle_winner.raffle_id', 'raffle_prize.name', 'raffle_winner.delivered_at'])
          .where('raffle_winner.user_id', '=', userId)
          .where('raffle_winner.raffle_id', 'in', ids)
          .orderBy('raffle_winner.pick')
          .execute();
  return entries.map((e) => {
    const won = wins.filter((w) => Number(w.raffle_id) === Number(e.id));
    return {
      raffleId: Number(e.id),
      title: e.title,
      status: e.status,
      closesAt: Number(e.closes_at),
      tickets: Number(e.tickets),
      refunded: e.refunded_at !== null,
      prizesWon: won.map((w) => w.name),
      delivered: won.every((w) => w.delivered_at !== null),
    };
  });
}
