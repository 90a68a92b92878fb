import type { ConsoleTrade } from '../../../protocol/trading';
import type { CliCommand } from '../../capability';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { consoleTrades, operatorCancelTrade, operatorTrades, reverseTrade, tradeSignals } from './operate';
import { TradeRefusal } from './refusal';
import type { TradingTables } from './tables';
import { findTrade } from './views';

const USAGE = `  trade list [--member WHO] [--held]  the newest trades (of a member: username, email or id; --held: on hold only)
  trade show ID                       one trade: its sides, state and times
  trade signals                       patterns worth a look in the last 7 days (many new senders, held trades cancelled by their sender)
  trade cancel ID --reason TEXT       cancel an open offer or a held trade (nothing moves)
  trade reverse ID --reason TEXT      reverse a completed trade: items and points go back (audited)`;

const time = (at: number) => (at ? new Date(at).toISOString().replace('.000Z', 'Z') : '—');

function side(items: readonly string[], points: number): string {
  return [...items, ...(points > 0 ? [`${points} points`] : [])].join(', ') || 'nothing';
}

function line(trade: ConsoleTrade): string {
  return `${trade.sTradeID}  ${trade.sState.padEnd(9)}  ${time(trade.iCreatedAt)}  @${trade.sFromUserName} → @${trade.sToUserName}`;
}

function shown(trade: ConsoleTrade): string {
  return [
    `Trade ${trade.sTradeID}: ${trade.sState}`,
    `  @${trade.sFromUserName} gives: ${side(trade.aGiveItems, trade.iGivePoints)}`,
    `  @${trade.sToUserName} gives: ${side(trade.aTakeItems, trade.iTakePoints)}`,
    `  made ${time(trade.iCreatedAt)}, decided ${time(trade.iDecidedAt)}${trade.iHoldUntil ? `, held until ${time(trade.iHoldUntil)}` : ''}`,
    ...(trade.sEndedReason ? [`  ${trade.sEndedReason}`] : []),
  ].join('\n');
}

export const tradingCli: CliCommand<TradingTables>[] = [
  {
    group: 'trade',
    usage: USAGE,
    examples: [
      'trade list --member alice',
      'trade list --held',
      'trade signals',
      'trade show k3m9x2p7q4r8s5t6',
      "trade cancel k3m9x2p7q4r8s5t6 --reason 'Reported as a scam'",
      "trade reverse k3m9x2p7q4r8s5t6 --reason 'Account recovered after theft'",
    ],
    async run(verb, args, ctx) {
      const reason = option(args, '--reason')?.trim() ?? '';
      const id = args[0] && !args[0].startsWith('--') ? args[0] : undefined;
      const change = { actor: ctx.actor, reason, now: ctx.now() };
      try {
        switch (verb) {
          case 'list': {
            const trades = await operatorTrades(ctx.db, {
              member: option(args, '--member'),
              heldOnly: args.includes('--held'),
            });
            return done(trades.length ? trades.map(line).join('\n') : 'No trades.');
          }
          case 'signals': {
            const signals = await tradeSignals(ctx.db, ctx.now());
            return done(
              signals.length
                ? signals.map((s) => `@${s.sUserName}  ${s.sText}  ${s.aTradeIDs.join(' ')}`).join('\n')
                : 'No signals.',
            );
          }
          case 'show': {
            if (!id) return wrongUsage('Which trade? trade show ID');
            const trade = await findTrade(ctx.db, id);
            if (!trade) return refused(`There is no trade ${id}.`);
            return done(shown((await consoleTrades(ctx.db, [trade]))[0] as ConsoleTrade));
          }
          case 'cancel':
          case 'reverse': {
            if (!id) return wrongUsage(`Which trade? trade ${verb} ID --reason TEXT`);
            if (!reason || reason.length > 300)
              return wrongUsage('--reason takes 1–300 characters (the audit log keeps it)');
            const row =
              verb === 'cancel'
                ? await operatorCancelTrade(ctx.db, id, change)
                : await reverseTrade(ctx.db, id, change);
            return done(shown((await consoleTrades(ctx.db, [row]))[0] as ConsoleTrade));
          }
          default:
            return unknownVerb('trade', verb);
        }
      } catch (error) {
        if (error instanceof TradeRefusal) return refused(error.message);
        throw error;
      }
    },
  },
];
