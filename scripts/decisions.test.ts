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

  it('link only to records that exist', () => {
    for (const file of [...records, 'README.md']) {
      const text = readFileSync(`${DIR}/${file}`, 'utf8');
      for (const [, target] of text.matchAll(/\]\((\d{4}-[a-z0-9-]+\.md)\)/g)) {
        expect(existsSync(`${DIR}/${target}`), `${file} → ${target}`).toBe(true);
      }
    }
  });
});
