import type { AdminResult } from '../capability';

/** What operator commands answer: done (0), refused (1), or wrong usage (2: the usage is printed after it). */
export const done = (output: string): AdminResult => ({ output, exitCode: 0 });
export const refused = (output: string): AdminResult => ({ output, exitCode: 1 });
export const wrongUsage = (output: string): AdminResult => ({ output, exitCode: 2 });

/** An unknown second word: "Unknown invite command: foo" (or "Unknown grant: foo"). */
export function unknownVerb(group: string, verb: string | undefined, noun = `${group} command`): AdminResult {
  return wrongUsage(`Unknown ${noun}: ${verb ?? '(none)'}`);
}

/** The value after `--name` in the arguments, if any. */
export function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}
