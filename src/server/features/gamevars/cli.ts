import type { CliCommand } from '../../capability';
import { done, unknownVerb, wrongUsage } from '../../cli/results';
import { listGameVars, setGameVar } from './gameVars';

export const gamevarsCli: CliCommand[] = [
  {
    group: 'gamevars',
    examples: ['gamevars list', 'gamevars set iNewUserRaffleTickets int 2'],
    usage: `  gamevars list                     show every game variable
  gamevars set ID TYPE VALUE [--reason TEXT]
                                    set a game variable (TYPE: int, float, number, array, json, string)`,
    async run(verb, args, ctx) {
      if (verb === 'list') {
        const vars = await listGameVars(ctx.db);
        return done(vars.map((v) => `${v.sVarID.padEnd(26)} ${v.sType.padEnd(7)} ${v.sValue}`).join('\n'));
      }
      if (verb === 'set') {
        const [sVarID, sType, ...rest] = args;
        // --reason TEXT, if given, ends the command; the words before it are the value.
        const at = rest.lastIndexOf('--reason');
        const reason = at >= 0 && at === rest.length - 2 ? rest[at + 1] : undefined;
        const value = reason === undefined ? rest : rest.slice(0, at);
        if (!sVarID || !sType || value.length === 0) return wrongUsage('gamevars set ID TYPE VALUE');
        const entry = { sVarID, sType, sValue: value.join(' ') };
        const refused = await setGameVar(ctx, entry, ctx.actor, ctx.now(), reason);
        return refused ? wrongUsage(refused) : done(`${sVarID} (${sType}) = ${entry.sValue}`);
      }
      return unknownVerb('gamevars', verb);
    },
  },
];
