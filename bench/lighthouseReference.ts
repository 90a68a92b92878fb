/**
 * Three pages that are not the portal, audited beside it in the same run, so its Lighthouse figures
 * can be read against what this machine's Chromium gives any page (as the server's figures are
 * read against a bare node:http server): `static.html`, text and nothing else; `react.html`, the
 * same text drawn by React 19 at start, and with `?answer` once one request has answered, as a
 * member's screen is. Built from bench/reference with Vite, served gzipped.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const SOURCE = path.join(import.meta.dirname, 'reference');

export const REFERENCE_PAGES = [
  { label: 'reference: a static page', path: '/static.html' },
  { label: 'reference: a page React draws', path: '/react.html' },
  { label: 'reference: React, after an answer', path: '/react.html?answer' },
];

/** What react.html?answer asks for (a POST, as the portal's actions are). */
const ANSWER = JSON.stringify({ title: 'Welcome back', text: 'The stars are right. Your club awaits.' });

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' };

export async function referenceSite(): Promise<{ url: string; close(): Promise<void> }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-reference-'));
  await build({
    configFile: false,
    root: SOURCE,
    logLevel: 'silent',
    build: {
      outDir,
      emptyOutDir: true,
      rolldownOptions: { input: ['static.html', 'react.html'].map((page) => path.join(SOURCE, page)) },
    },
  });
  // Compressed as the portal's assets are (scripts/precompress.ts), so both travel alike.
  const files = new Map(
    readdirSync(outDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [`/${path.relative(outDir, file)}`, gzipSync(readFileSync(file))];
      }),
  );
  const server = createServer((req, res) => {
    const file = (req.url ?? '/').split('?')[0] ?? '/';
    if (file === '/healthz') {
      // HAProxy's health check, when the pages are measured behind it as deployed (bench/lighthouse.ts).
      res.writeHead(200).end();
      return;
    }
    if (file === '/answer.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(ANSWER);
      return;
    }
    const body = files.get(file);
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'content-encoding': 'gzip',
      'cache-control': 'no-cache',
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
