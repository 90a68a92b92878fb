import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin, USAGE } from '../../src/server/cli/commands';
import { capabilities } from '../../src/server/features/index';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';

const commands = capabilities.flatMap((c) => c.cli ?? []);
const PLATFORM_GROUPS = ['backup', 'restore', 'export-member'];

/** An example's words as a shell would split them (single or double quotes group words). */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? (m[3] as string));
}

describe.each(DIALECTS)('the operator CLI answers --help on %s', (dialect) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
  });
  afterAll(async () => t?.close());

  const admin = (...args: string[]) => runAdmin(args, { db: t.deps.db, now: () => clock.now(), actor: 'cli:test' });

  it('lists every group, platform ones included, for --help, -h, help and nothing', async () => {
    for (const args of [['--help'], ['-h'], ['help'], []]) {
      const answer = await admin(...args);
      expect(answer, args.join(' ')).toEqual({ output: USAGE, exitCode: 0 });
    }
    const groupsLine = USAGE.split('\n').find((line) => line.startsWith('Groups: ')) as string;
    expect(groupsLine.slice('Groups: '.length).split(', ')).toEqual([
      ...PLATFORM_GROUPS,
      ...commands.map((c) => c.group),
    ]);
    expect(USAGE).toContain('npm run admin -- <group> --help');
  });

  it('answers every group with its usage and examples (exit 0), never "Unknown … command"', async () => {
    for (const command of commands) {
      for (const flag of ['--help', '-h', 'help']) {
        const { output, exitCode } = await admin(command.group, flag);
        expect(exitCode, `${command.group} ${flag}`).toBe(0);
        expect(output).not.toMatch(/Unknown/);
        expect(output.startsWith(`Usage: npm run admin -- ${command.group} `)).toBe(true);
        expect(output).toContain(command.usage);
        expect(command.examples.length, command.group).toBeGreaterThan(0);
        for (const example of command.examples) expect(output).toContain(`  npm run admin -- ${example}`);
        // Another group's commands are not in it.
        const other = commands.find((c) => c.group !== command.group) as (typeof commands)[number];
        expect(output).not.toContain(other.usage);
      }
    }
    for (const group of PLATFORM_GROUPS) {
      const { output, exitCode } = await admin(group, '--help');
      expect(exitCode, group).toBe(0);
      expect(output).toMatch(new RegExp(`^  ${group} .*\\n\\nExamples:\\n  npm run admin -- ${group}`, 'm'));
    }
  });

  it('answers one command with its own usage and examples', async () => {
    const create = await admin('raffle', 'create', '--help');
    expect(create.exitCode).toBe(0);
    expect(create.output).toContain('  raffle create [--title T]');
    expect(create.output).toContain('+7d / +12h / +30m');
    expect(create.output).not.toContain('raffle cancel');
    expect(create.output).toMatch(/Examples:\n {2}npm run admin -- raffle create /);
    expect(create.output).not.toContain('npm run admin -- raffle list');
    // Arguments before the flag narrow as far as they name a command.
    const show = await admin('raffle', 'show', '7', '-h');
    expect(show.output.split('\n').filter((line) => /^ {2}(npm run admin -- )?raffle /.test(line))).toEqual([
      expect.stringMatching(/^ {2}raffle show ID +times, prizes/),
      '  npm run admin -- raffle show 7',
    ]);
    // a|b in a usage line names both.
    const remove = await admin('chat', 'operator', 'remove', '--help');
    expect(remove.output).toContain('  chat operator add|remove|list [USER]');
    expect(remove.output).not.toContain('chat mute');
    expect(remove.output.split('\n').at(-1)).toBe('  npm run admin -- chat operator add ada');
    // A command continued on indented lines keeps them.
    const curse = await admin('cursebreaker', 'set', '--help');
    expect(curse.output).toContain('[--title T] [--lore L] [--hint H]');
  });

  it('answers an unknown command with the usage of its group only (exit 2)', async () => {
    const unknown = await admin('raffle', 'explode');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.output).toMatch(/^Unknown raffle command: explode\n\nUsage: npm run admin -- raffle /);
    expect(unknown.output).toContain('raffle create');
    expect(unknown.output).not.toContain('invite create');
    const nested = await admin('chat', 'channel', 'explode', 'x');
    expect(nested.exitCode).toBe(2);
    expect(nested.output).toMatch(/^Unknown chat channel command: explode\n\nUsage: npm run admin -- chat /);
    // A wrong group still gets the whole usage.
    expect(await admin('nonsense', '--help')).toEqual({ output: `Unknown command: nonsense\n\n${USAGE}`, exitCode: 2 });
  });

  it('runs every example as written: none is a wrong usage', async () => {
    for (const command of commands) {
      for (const example of command.examples) {
        const result = await admin(...shellWords(example));
        expect(result.exitCode, `${example}: ${result.output}`).not.toBe(2);
      }
    }
  });
});

describe('npm run admin -- raffle --help', () => {
  it('prints the raffle usage and exits 0 without opening a database', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/admin.ts', 'raffle', '--help'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Usage: npm run admin -- raffle /);
    expect(run.stdout).toContain('raffle draw ID [--beacon-signature HEX]');
    expect(run.stdout).toContain('Examples:');
  });
});
