import {
  type AdminContext,
  type AdminResult,
  accountBannedHook,
  allGameVarDefinitions,
  type CliCommand,
} from '../capability';
import { capabilities, type Database } from '../features/index';
import { done, wrongUsage } from './results';

type CliHelp = Pick<CliCommand, 'group' | 'usage' | 'examples'>;

/** The platform's own commands: admin.ts runs them itself (they open or replace the whole database). */
const PLATFORM: CliHelp[] = [
  {
    group: 'backup',
    usage: '  backup [FILE]                     write a consistent copy of the database (default: a dated file)',
    examples: ['backup', 'backup /var/backups/portal-2026-01-05.db'],
  },
  {
    group: 'restore',
    usage: '  restore FILE                      replace the database with a backup (stop every instance first)',
    examples: ['restore /var/backups/portal-2026-01-05.db'],
  },
  {
    group: 'export-member',
    usage: '  export-member USER                JSON of everything kept about one member (email, username or id)',
    examples: ['export-member ada@example.com'],
  },
];

const commands = capabilities.flatMap((c) => c.cli ?? []);
const groups: CliHelp[] = [...PLATFORM, ...commands];

const HELP = new Set(['--help', '-h', 'help']);
const PROGRAM = 'npm run admin --';

export const USAGE = `Usage: ${PROGRAM} <group> <command> [options]
       ${PROGRAM} <group> --help      a group's commands with examples (also -h, help)

Groups: ${groups.map((g) => g.group).join(', ')}

${groups.map((g) => g.usage).join('\n')}`;

/**
 * The answer to a request for help, or null when `args` ask for none: no group, or `--help`, `-h`
 * or `help` as the first or second word (or `--help`/`-h` anywhere) gives the usage of the whole
 * tool, of a group, or of the commands the words before it name.
 */
export function helpAnswer(args: readonly string[]): AdminResult | null {
  const [group, verb] = args;
  if (!group || HELP.has(group)) return done(USAGE);
  const asked = HELP.has(verb ?? '') || args.some((arg) => arg === '--help' || arg === '-h');
  if (!asked) return null;
  const help = groups.find((g) => g.group === group);
  if (!help) return unknownGroup(group);
  const words = args.slice(
    0,
    args.findIndex((arg) => HELP.has(arg)),
  );
  return done(groupHelp(help, words));
}

const unknownGroup = (group: string) => wrongUsage(`Unknown command: ${group}\n\n${USAGE}`);

/** Parses and runs one operator command (each capability's, by its first word); every change is audited. */
export async function runAdmin(
  args: readonly string[],
  ctx: Omit<AdminContext<Database>, 'gameVarDefinitions' | 'accountBanned'>,
): Promise<AdminResult> {
  const help = helpAnswer(args);
  if (help) return help;
  const [group = '', verb, ...rest] = args;
  const command = commands.find((c) => c.group === group);
  if (!command) return unknownGroup(group);
  const result = await command.run(verb, rest, {
    ...ctx,
    gameVarDefinitions: allGameVarDefinitions(capabilities),
    accountBanned: accountBannedHook(capabilities),
  });
  // A wrong usage answers the problem, then the group's usage.
  return result.exitCode === 2 ? wrongUsage(`${result.output}\n\n${groupHelp(command, [])}`) : result;
}

/**
 * A group's usage and examples; with `words` (e.g. raffle create), only the commands they name
 * when some do. A usage entry is a line indented two spaces and the more-indented lines after it.
 */
function groupHelp(help: CliHelp, words: readonly string[]): string {
  const entries = help.usage.split(/\n(?= {2}\S)/);
  for (let count = words.length; count >= 2; count--) {
    const named = words.slice(0, count);
    const usage = entries.filter((entry) => names(entry.trim(), named));
    if (usage.length > 0) return render(help.group, usage, closestExamples(help.examples, named));
  }
  return render(help.group, entries, help.examples);
}

function render(group: string, usage: readonly string[], examples: readonly string[]): string {
  const shown = examples.map((example) => `  ${PROGRAM} ${example}`);
  return [`Usage: ${PROGRAM} ${group} …`, '', ...usage, '', 'Examples:', ...shown].join('\n');
}

/** The examples that start with the most of these words (all of the group's when none names a command). */
function closestExamples(examples: readonly string[], words: readonly string[]): readonly string[] {
  for (let count = words.length; count >= 2; count--) {
    const matching = examples.filter((example) => names(example, words.slice(0, count)));
    if (matching.length > 0) return matching;
  }
  return examples;
}

/** Whether a usage line or example starts with these words; `a|b` in a usage line offers either. */
function names(line: string, words: readonly string[]): boolean {
  const parts = line.split(/\s+/);
  return words.every((word, i) => (parts[i] ?? '').split('|').includes(word));
}
