import { Gauge } from 'prom-client';
import type { RewardsDb } from './tables';

/** The ledger's totals per asset for /metrics (grants minus spends, across all members); the app registers it. */
export function ledgerTotals(db: RewardsDb): Gauge {
  return new Gauge({
    name: 'portal_ledger_total',
    help: 'Sum of every ledger row per asset (grants minus spends), across all members',
    labelNames: ['asset', 'direction'] as const,
    registers: [],
    async collect() {
      const rows = await db
        .selectFrom('ledger')
        .select((eb) => [
          'asset',
          eb.fn.sum<number>(eb.case().when('amount', '>', 0).then(eb.ref('amount')).else(0).end()).as('granted'),
          eb.fn
            .sum<number>(
              eb
                .case()
                .when('amount', '<', 0)
                .then(eb.neg(eb.ref('amount')))
                .else(0)
                .end(),
            )
            .as('spent'),
        ])
        .groupBy('asset')
        .execute();
      this.reset();
      for (const row of rows) {
        this.set({ asset: row.asset, direction: 'granted' }, Number(row.granted ?? 0));
        this.set({ asset: row.asset, direction: 'spent' }, Number(row.spent ?? 0));
      }
    },
  });
}
