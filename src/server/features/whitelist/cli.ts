import { readFileSync } from 'node:fs';
import type { CliCommand } from '../../capability';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { addEntries, type Entry, listEntries, parseEntry, removeEntry } from './entries';

const USAGE = `  whitelist list                    every whitelisted wallet address and email
  whitelist add VALUE [--note TEXT] put a wallet address (0x…) or an email on the whitelist
  whitelist remove VALUE            take a wallet address or an email off it
  whitelist import FILE [--note T]  add every address or email of a CSV file (first column; a header
                                    line and lines starting with # are skipped)`;

const NOT_AN_ENTRY = (text: string) => `Not a wallet address (0x and 40 hex digits) or an email: ${text}`;

/** The entries of a CSV text (first column of each line), and the line numbers that are neither address nor email. */
export function parseCsv(text: string): { entries: Entry[]; bad: number[] } {
  const entries: Entry[] = [];
  const bad: number[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const first = (line.split(',')[0] ?? '').trim().replace(/^"|"$/g, '');
    if (first === '' || first.startsWith('#')) return;
    const entry = parseEntry(first);
    if (entry) entries.push(entry);
    // A header line (the first line, not an entry) is skipped, not a mistake.
    else if (!(index === 0 && /^[a-z _]+$/i.test(first))) bad.push(index + 1);
  });
  return { entries, bad };
}

export const whitelistCli: CliCommand[] = [
  {
    group: 'whitelist',
    examples: [
      'whitelist list',
      'whitelist add 0x52908400098527886E0F7030069857D2E4169EE7 --note partner',
      'whitelist remove ada@example.com',
      "whitelist import allowlist.csv --note 'spring drop'",
    ],
    usage: USAGE,
    async run(verb, args, ctx) {
      const audit = { actor: ctx.actor, now: ctx.now() };
      const [target] = args;
      const note = option(args, '--note') ?? '';
      switch (verb) {
        case 'list': {
          const rows = await listEntries(ctx.db);
          if (rows.length === 0) return done('The whitelist is empty.');
          return done(
            rows
              .map((r) =>
                `${r.kind.padEnd(8)} ${r.value.padEnd(44)} ${new Date(Number(r.created_at)).toISOString().slice(0, 10)} ${r.note}`.trimEnd(),
              )
              .join('\n'),
          );
        }
        case 'add': {
          if (!target || target.startsWith('--')) return wrongUsage('What to add? whitelist add VALUE');
          const entry = parseEntry(target);
          if (!entry) return refused(NOT_AN_ENTRY(target));
          const added = await addEntries(ctx.db, [entry], note, audit);
          return done(added ? `Added ${entry.kind} ${entry.value}` : `Already listed: ${entry.value}`);
        }
        case 'remove': {
          if (!target) return wrongUsage('What to remove? whitelist remove VALUE');
          const entry = parseEntry(target);
          if (!entry) return refused(NOT_AN_ENTRY(target));
          return (await removeEntry(ctx.db, entry, audit))
            ? done(`Removed ${entry.kind} ${entry.value}`)
            : refused(`Not listed: ${entry.value}`);
        }
        case 'import': {
          if (!target || target.startsWith('--')) return wrongUsage('Which file? whitelist import FILE');
          let text: string;
          try {
            text = readFileSync(target, 'utf8');
          } catch {
            return refused(`Cannot read ${target}`);
          }
          const { entries, bad } = parseCsv(text);
          // All or nothing: a file with a mistake changes nothing, so it can be fixed and imported again.
          if (bad.length > 0) return refused(`Nothing imported: line(s) ${bad.join(', ')} hold no address or email.`);
          const added = await addEntries(ctx.db, entries, note || `import ${target}`, audit, 'whitelist.import');
          return done(
            `Imported ${added} new entr${added === 1 ? 'y' : 'ies'} (${entries.length - added} already listed).`,
          );
        }
        default:
          return unknownVerb('whitelist', verb);
      }
    },
  },
];
