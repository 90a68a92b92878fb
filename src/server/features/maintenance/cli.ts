import { FLAG_NAMES, isFlagName } from '../../../protocol/flags';
import type { CliCommand } from '../../capability';
import { done, option, unknownVerb, wrongUsage } from '../../cli/results';
import { getFlags, getMaintenance, setFlag, setMaintenance } from './settings';

export const maintenanceCli: CliCommand[] = [
  {
    group: 'maintenance',
    examples: ["maintenance on --message 'Back at 14:00 UTC'", 'maintenance off', 'maintenance status'],
    usage: `  maintenance on [--message TEXT]   put the portal in maintenance
  maintenance off [--keep-message | --message TEXT]
                                    end maintenance; its message is cleared unless kept or replaced
  maintenance status                show the maintenance state`,
    async run(verb, args, ctx) {
      if (verb === 'on') {
        const message = option(args, '--message') ?? '';
        await setMaintenance(ctx.db, { bMaintenance: true, sMessage: message }, ctx.actor, ctx.now());
        return done(`Maintenance is ON${message ? `: ${message}` : ''}`);
      }
      if (verb === 'off') {
        // A message left behind would alert every visitor every 5 minutes while the site is up: off clears it,
        // unless the operator keeps it (--keep-message) or sets another (--message, '' clears too).
        const current = await getMaintenance(ctx.db);
        const given = option(args, '--message');
        const keep = args.includes('--keep-message');
        if (keep && given !== undefined) return wrongUsage('Use either --keep-message or --message, not both');
        const message = given ?? (keep ? current.sMessage : '');
        await setMaintenance(ctx.db, { bMaintenance: false, sMessage: message }, ctx.actor, ctx.now());
        const about = !message
          ? current.sMessage && !given
            ? `the message "${current.sMessage}" is cleared (--keep-message keeps it)`
            : 'no message is shown'
          : keep
            ? `the message is kept and alerts visitors at most every 5 minutes: ${message}`
            : `visitors are alerted at most every 5 minutes: ${message}`;
        return done(`Maintenance is OFF; ${about}`);
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
  flags set NAME on|off             change a feature flag (${FLAG_NAMES.join(', ')})`,
    async run(verb, args, ctx) {
      if (verb === 'list') {
        const flags = await getFlags(ctx.db);
        return done(FLAG_NAMES.map((name) => `${name.padEnd(18)} ${flags[name] ? 'on' : 'off'}`).join('\n'));
      }
      if (verb === 'set') {
        const [name, value] = args;
        if (!name || !isFlagName(name)) return wrongUsage(`Unknown flag: ${name ?? '(none)'}`);
        if (value !== 'on' && value !== 'off') return wrongUsage('The value must be on or off');
        await setFlag(ctx.db, name, value === 'on', ctx.actor, ctx.now());
        return done(`${name} is ${value}`);
      }
      return unknownVerb('flags', verb);
    },
  },
];
