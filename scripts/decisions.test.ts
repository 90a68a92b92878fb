import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const DIR = 'docs/decisions';
const records = readdirSync(DIR)
  .filter((file) => /^\d{4}-[a-z0-9-]+\.md$/.test(file))
  .sort();
const index = readFileSync(`${DIR}/README.md`, 'utf8');

describe('decision records (docs/decisions)', () => {
  it('are numbered from 0001 without gaps', () => {
    expect(records.map((file) => file.slice(0, 4))).toEqual(records.map((_, i) => String(i + 1).padStart(4, '0')));
  });

  it.each(records)('%s has a title, date, status, context, decision and consequences', (file) => {
    const text = readFileSync(`${DIR}/${file}`, 'utf8');
    const [, title] = text.match(/^# (.+)\n\nDate: \d{4}-\d{2}-\d{2}\n\nStatus: /) ?? [];
    expect(title, 'title, Date and Status open the record').toBeDefined();
    const status = text.match(/^Status: (.+)$/m)?.[1] ?? '';
    expect(status).toMatch(/^(accepted|superseded by \[(\d{4})\]\(\2-[a-z0-9-]+\.md\))$/);
    const replacement = status.match(/\((\d{4}-[a-z0-9-]+\.md)\)/)?.[1];
    if (replacement) expect(existsSync(`${DIR}/${replacement}`), replacement).toBe(true);
    expect([...text.matchAll(/^## (.+)$/gm)].map((m) => m[1])).toEqual(['Context', 'Decision', 'Consequences']);
    // The index lists it with the same title and status.
    expect(index).toContain(`| [${file.slice(0, 4)}](${file}) | ${title} | ${status} |`);
  });

  const number = (file: string) => file.slice(0, 4);
  const read = (file: string) => readFileSync(`${DIR}/${file}`, 'utf8');
  const statusOf = (file: string) => read(file).match(/^Status: (.+)$/m)?.[1] ?? '';
  const supersededBy = (file: string) => statusOf(file).match(/^superseded by \[(\d{4})\]/)?.[1] ?? null;
  const supersedes = (file: string) =>
    [...(read(file).match(/^Supersedes: (.+)$/m)?.[1] ?? '').matchAll(/\[(\d{4})\]/g)].map((m) => m[1]);

  it('link replacements both ways: "superseded by" a later record exactly when that one "Supersedes" it', () => {
    for (const file of records) {
      const later = supersededBy(file);
      if (later) {
        expect(Number(later), `${file} is replaced by an earlier record`).toBeGreaterThan(Number(number(file)));
        const replacement = records.find((r) => number(r) === later);
        expect(replacement && supersedes(replacement), `${later} names ${file} in Supersedes`).toContain(number(file));
      }
      for (const earlier of supersedes(file)) {
        const replaced = records.find((r) => number(r) === earlier);
        expect(replaced && supersededBy(replaced), `${earlier} is "superseded by ${number(file)}"`).toBe(number(file));
      }
    }
  });

  it('are never edited in place: a record cites only earlier ones (a later change supersedes it)', () => {
    for (const file of records) {
      const body = read(file).replace(/^Status: .+$/m, '');
      const cited = [...body.matchAll(/\[(\d{4})\]\(\d{4}-|\b[Dd]ecisions? (\d{4})\b/g)].map((m) => m[1] ?? m[2] ?? '');
      for (const n of cited) expect(n <= number(file), `${file} cites the later ${n}`).toBe(true);
    }
  });

  it('link only to records that exist', () => {
    for (const file of [...records, 'README.md']) {
      const text = readFileSync(`${DIR}/${file}`, 'utf8');
      for (const [, target] of text.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)) {
        expect(existsSync(`${DIR}/${target}`), `${file} → ${target}`).toBe(true);
      }
    }
  });
});
