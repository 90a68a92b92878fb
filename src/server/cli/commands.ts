import type { Kysely } from 'kysely';
import { FLAG_NAMES, isFlagName } from '../../protocol/flags';
import { getFlags, getMaintenance, setFlag, setMaintenance } from '../core/settings';
import type { Database } from '../db/schema';
import { INVITE_USAGE, runInviteCommand } from './invites';
import { REWARDS_USAGE, runRewardsCommand } from './rewardsCommands';

export interface AdminContext {
  db: Kysely<Database>;
  now(): number;
  actor: string;
}

export interface AdminResult {
  output: string;
  exitCode: number;
}

export const USAGE = `Usage: npm run admin -- <command>

  maintenance on [--message TEXT]   put the portal in maintenance
  maintenance off                   end maintenance
  maintenance status                show the maintenance state
  flags list                        show every feature flag
  flags set NAME on|off             change a feature flag (${FLAG_NAMES.join(', ')})
${INVITE_USAGE}
${REWARDS_USAGE}`;

const ok = (output: string): AdminResult => ({ output, exitCode: 0 });
const usage = (problem: string): AdminResult => ({ output: `${problem}\n\n${USAGE}`, exitCode: 2 });

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

/** Parses and runs one operator command; every change is audited by the store it calls. */
export async function runAdmin(args: string[], ctx: AdminContext): Promise<AdminResult> {
  const [group, verb, ...rest] = args;
  if (group === 'maintenance') {
    if (verb === 'on') {
      const message = option(rest, '--message') ?? '';
      await setMaintenance(ctx.db, { bMaintenance: true, sMessage: message }, ctx.actor, ctx.now());
      return ok(`Maintenance is ON${message ? `: ${message}` : ''}`);
    }
    if (verb === 'off') {
      const current = await getMaintenance(ctx.db);
      const message = option(rest, '--message') ?? current.sMessage;
      await setMaintenance(ctx.db, { bMaintenance: false, sMessage: message }, ctx.actor, ctx.now());
      return ok('Maintenance is OFF');
    }
    if (verb === 'status') {
      const state = await getMaintenance(ctx.db);
      return ok(`Maintenance is ${state.bMaintenance ? 'ON' : 'OFF'}${state.sMessage ? `: ${state.sMessage}` : ''}`);
    }
    return usage(`Unknown maintenance command: ${verb ?? '(none)'}`);
  }
  if (group === 'flags') {
    if (verb === 'list') {
      const flags = await getFlags(ctx.db);
      return ok(FLAG_NAMES.map((name) => `${name.padEnd(18)} ${flags[name] ? 'on' : 'off'}`).join('\n'));
    }
    if (verb === 'set') {
      const [name, value] = rest;
      if (!name || !isFlagName(name)) return usage(`Unknown flag: ${name ?? '(none)'}`);
      if (value !== 'on' && value !== 'off') return usage('The value must be on or off');
      await setFlag(ctx.db, name, value === 'on', ctx.actor, ctx.now());
      return ok(`${name} is ${value}`);
    }
    return usage(`Unknown flags command: ${verb ?? '(none)'}`);
  }
  if (group === 'invite') {
    const result = await runInviteCommand(verb, rest, ctx);
    if (!result) return usage(`Unknown invite command: ${verb ?? '(none)'}`);
    return result.exitCode === 2 ? usage(result.output) : result;
  }
  const rewards = await runRewardsCommand(group, verb, rest, ctx);
  if (rewards) return rewards.exitCode === 2 ? usage(rewards.output) : rewards;
  if (!group || group === 'help' || group === '--help') return ok(USAGE);
  return usage(`Unknown command: ${group}`);
}
