import { CURSE_CIPHERS, encipher, isCurseCipher } from '../../../protocol/curseBreaker';
import { parseWeek, type Week, weekOf } from '../../../protocol/games';
import type { AdminContext, AdminResult, CliCommand } from '../../capability';
import { done, option, refused, unknownVerb, wrongUsage } from '../../cli/results';
import { clearCurse, curseOfWeek, setWeekCurse, solveCount, type WeeklyCurse } from './curse';
import type { GamesTables } from './tables';

function weekOption(args: string[], ctx: AdminContext<GamesTables>): Week | string {
  const given = option(args, '--week');
  if (given === undefined) return weekOf(ctx.now());
  return parseWeek(given) ?? `--week must be an ISO week like ${weekOf(ctx.now()).sWeek}`;
}

async function describe(ctx: AdminContext<GamesTables>, curse: WeeklyCurse): Promise<string> {
  return [
    `Week        ${curse.week.sWeek} (${new Date(curse.week.iStartsAt).toISOString().slice(0, 10)} to ${new Date(curse.week.iEndsAt).toISOString().slice(0, 10)})`,
    `Source      ${curse.source === 'operator' ? 'set by an operator' : 'generated'}`,
    `Title       ${curse.title}`,
    `Lore        ${curse.lore}`,
    `Cipher      ${curse.cipher}${curse.key ? ` (key ${curse.key})` : ''}`,
    `Hint        ${curse.hint}`,
    `Cipher text ${encipher(curse.cipher, curse.answer, curse.key)}`,
    `Answer      ${curse.answer}`,
    `Solved by   ${await solveCount(ctx.db, curse.week.sWeek)} member(s)`,
  ].join('\n');
}

async function set(args: string[], ctx: AdminContext<GamesTables>): Promise<AdminResult> {
  const week = weekOption(args, ctx);
  if (typeof week === 'string') return wrongUsage(week);
  const answer = option(args, '--answer');
  if (!answer) return wrongUsage('The puzzle needs its answer: --answer "THE STARS ARE RIGHT"');
  const cipher = option(args, '--cipher') ?? 'shift';
  if (!isCurseCipher(cipher)) return wrongUsage(`--cipher must be one of ${CURSE_CIPHERS.join(', ')}`);
  const setting = {
    week,
    answer,
    cipher,
    key: option(args, '--key'),
    title: option(args, '--title'),
    lore: option(args, '--lore'),
    hint: option(args, '--hint'),
  };
  const audit = { actor: ctx.actor, now: ctx.now(), reason: option(args, '--reason') };
  const set = await setWeekCurse(ctx.db, setting, audit);
  if ('problem' in set) return wrongUsage(set.problem);
  return done(`Curse set.\n${await describe(ctx, set.curse)}`);
}

/** `cursebreaker set|show|clear`: the week's puzzle, audited (docs/product.md §17). */
export const gamesCli: CliCommand[] = [
  {
    group: 'cursebreaker',
    examples: [
      'cursebreaker show',
      'cursebreaker show --week 2026-W02',
      'cursebreaker set --answer LAMPLIGHTER --cipher shift --key 3 --week 2026-W02',
      'cursebreaker clear --week 2026-W02',
    ],
    usage: `  cursebreaker show [--week W]       the week's curse (this week by default), its answer and solves
  cursebreaker set --answer TEXT [--week W] [--cipher shift|mirror|keyword] [--key K]
                   [--title T] [--lore L] [--hint H] [--reason TEXT]
                                     set a week's curse instead of the generated one
  cursebreaker clear [--week W] [--reason TEXT]   back to the generated curse`,
    async run(verb, args, ctx) {
      if (verb === 'show') {
        const week = weekOption(args, ctx);
        if (typeof week === 'string') return wrongUsage(week);
        return done(await describe(ctx, await curseOfWeek(ctx.db, week)));
      }
      if (verb === 'set') return set(args, ctx);
      if (verb === 'clear') {
        const week = weekOption(args, ctx);
        if (typeof week === 'string') return wrongUsage(week);
        return (await clearCurse(ctx.db, week, ctx.actor, ctx.now(), option(args, '--reason')))
          ? done(`The curse of ${week.sWeek} is generated again.`)
          : refused(`No curse was set for ${week.sWeek}; it is generated.`);
      }
      return unknownVerb('cursebreaker', verb);
    },
  },
];
