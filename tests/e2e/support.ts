import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

/** Runs the operator CLI against one of the test servers' databases; answers its output. */
export function admin(database: 'members' | 'operator', ...args: string[]): string {
  const file = database === 'members' ? process.env.E2E_MEMBERS_DB : process.env.E2E_OPERATOR_DB;
  return execFileSync('node', ['--import', 'tsx', 'src/server/cli/admin.ts', ...args], {
    env: { ...process.env, DATABASE_URL: `file:${file}`, LOG_LEVEL: 'silent', NODE_ENV: 'test' },
    encoding: 'utf8',
  }).trim();
}

export interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: number;
}

/** The newest mail sent to `to` (waits for it), from the dev outbox. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const response = await request.get('/api/dev/outbox');
      const { aMail } = (await response.json()) as { aMail: OutboxMail[] };
      found = aMail.filter((m) => m.to === to && (!subject || subject.test(m.subject))).at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found as OutboxMail;
}

/** Saves a screenshot under tests/e2e/screenshots (looked at by a person before a change is done). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync('tests/e2e/screenshots', { recursive: true });
  await page.screenshot({ path: `tests/e2e/screenshots/${name}.png`, fullPage: true });
}

/** No serious or critical accessibility violations on the current page (LOOK.md checks). */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

export const uniqueEmail = (prefix = 'member') =>
  `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
