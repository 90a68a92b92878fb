import { type AdminContext, type AdminResult, allGameVarDefinitions } from '../capability';
import { capabilities, type Database } from '../features/index';
import { done, wrongUsage } from './results';

const commands = capabilities.flatMap((c) => c.cli ?? []);

export const USAGE = `Usage: npm run admin -- <command>

${commands.map((c) => c.usage).join('\n')}`;

/** Parses and runs one operator command (each capability's, by its first word); every change is audited. */
export async function runAdmin(
  args: string[],
  ctx: Omit<AdminContext<Database>, 'gameVarDefinitions'>,
): Promise<AdminResult> {
  const [group, verb, ...rest] = args;
  if (!group || group === 'help' || group === '--help') return done(USAGE);
  const command = commands.find((c) => c.group === group);
  if (!command) return withUsage(wrongUsage(`Unknown command: ${group}`));
  const result = await command.run(verb, rest, { ...ctx, gameVarDefinitions: allGameVarDefinitions(capabilities) });
  return withUsage(result);
}

/** A wrong usage answers the problem, then the whole usage. */
function withUsage(result: AdminResult): AdminResult {
  return result.exitCode === 2 ? { output: `${result.output}\n\n${USAGE}`, exitCode: 2 } : result;
}
