import { FLAG_NAMES, isFlagName } from '../../../protocol/flags';
import type { CliCommand } from '../../capability';
import { done, option, unknownVerb, wrongUsage } from '../../cli/results';
import { changeMaintenance, getFlags, getMaintenance, setFlag } from './settings';

export const maintenanceCli: CliCommand[] = [
  {
    group: 'maintenance',
    examples: ["maintenance on --message 'Back at 14:00 UTC'", 'maintenance off', 'maintenance status'],
    usage: `  maintenance on [--message TEXT] [--reason TEXT]   put the portal in maintenance
  maintenance off [--keep-message | --message TEXT] [--reason TEXT]
                                    end maintenance; its message is cleared unless kept or replaced
  maintenance status                show the maintenance state`,
    async run(verb, args, ctx) {
      const reason = option(args, '--reason');
      const audit = { actor: ctx.actor, at: ctx.now(), reason };
      if (verb === 'on') {
        const message = option(args, '--message') ?? '';
        return done((await changeMaintenance(ctx.db, { on: true, message }, audit)).summary);
      }
      if (verb === 'off') {
        const given = option(args, '--message');
        const keepMessage = args.includes('--keep-message');
        if (keepMessage && given !== undefined) return wrongUsage('Use either --keep-message or --message, not both');
        return done((await changeMaintenance(ctx.db, { on: false, message: given, keepMessage }, audit)).summary);
      }
      if (verb === 'status') {
        const state = await getMaintenance(ctx.db);
        return done(
          `Maintenance is ${state.bMaintenance ? 'ON' : 'OFF'}${state.sMessage ? `: ${state.sMessage}` : ''}`,
        );
      }
      return unknownVerb('maintenance', verb);
    },
  },
  {
    group: 'flags',
    examples: ['flags list', 'flags set bChat off'],
    usage: `  flags list                        show every feature flag
  flags set NAME on|off [--reason TEXT]
                                    change a feature flag (${FLAG_NAMES.join(', ')})`,
    async run(verb, args, ctx) {
      if (verb === 'list') {
        const flags = await getFlags(ctx.db);
        return done(FLAG_NAMES.map((name) => `${name.padEnd(18)} ${flags[name] ? 'on' : 'off'}`).join('\n'));
      }
      if (verb === 'set') {
        const [name, value] = args;
        if (!name || !isFlagName(name)) return wrongUsage(`Unknown flag: ${name ?? '(none)'}`);
        if (value !== 'on' && value !== 'off') return wrongUsage('The value must be on or off');
        await setFlag(ctx.db, name, value === 'on', ctx.actor, ctx.now(), option(args, '--reason'));
        return done(`${name} is ${value}`);
      }
      return unknownVerb('flags', verb);
    },
  },
];
