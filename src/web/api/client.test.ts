import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PORTAL_BASE } from '../config';
import { callAction, portal, whitelist } from './client';
import { mediaUrl } from './media';
import { formBody } from './request';
import { resetClientVersion, setVersionReload } from './version';

function respond(body: BodyInit | null, init: ResponseInit & { headers?: Record<string, string> } = {}) {
  return vi.fn(async (_url: string, _init: RequestInit) => new Response(body, init));
}

describe('API client (docs/product.md §7)', () => {
  let reloads = 0;
  beforeEach(() => {
    reloads = 0;
    resetClientVersion();
    setVersionReload(() => {
      reloads++;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('POSTs form-encoded fields to <base>/<action> with the bearer token when given', async () => {
    const fetchMock = respond(JSON.stringify({ iErrorCode: 0 }), { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', fetchMock);
    await callAction(PORTAL_BASE, 'verifyCode', { sCode: 'ABC', bSubscribe: true, skip: undefined }, { token: 'tok' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/portal/verifyCode');
    expect(init.method).toBe('POST');
    expect(init.mode).toBe('cors');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect(String(init.body)).toBe('sCode=ABC&bSubscribe=1');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = respond('{"iErrorCode":0}', { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', fetchMock);
    await portal('isMaintenance');
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('sends JSON when asked (setWalletAddress)', async () => {
    const fetchMock = respond('{"iErrorCode":0}', { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', fetchMock);
    await callAction(
      PORTAL_BASE,
      'setWalletAddress',
      { sWalletAddress: '0xabc', iChainID: 80001 },
      { json: true, token: 't' },
    );
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ sWalletAddress: '0xabc', iChainID: 80001 });
  });

  it('parses JSON by content type', async () => {
    vi.stubGlobal(
      'fetch',
      respond('{"iErrorCode":0,"sEmail":"a@b.c"}', { headers: { 'content-type': 'application/json; charset=utf-8' } }),
    );
    expect(await portal('verifyCode')).toEqual({ iErrorCode: 0, sEmail: 'a@b.c' });
  });

  it('reads audio as binary', async () => {
    vi.stubGlobal('fetch', respond(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/mpeg' } }));
    const result = (await callAction('/api/monsterbreaker', 'sound')) as unknown as ArrayBuffer;
    expect(result).toBeInstanceOf(ArrayBuffer);
    expect([...new Uint8Array(result)]).toEqual([1, 2, 3]);
  });

  it('parses other text as JSON when it can, else answers the raw text', async () => {
    vi.stubGlobal('fetch', respond('{"iErrorCode":7}', { headers: { 'content-type': 'text/plain' } }));
    expect(await callAction(PORTAL_BASE, 'x')).toEqual({ iErrorCode: 7 });
    vi.stubGlobal('fetch', respond('hello', { headers: { 'content-type': 'text/plain' } }));
    expect(await callAction(PORTAL_BASE, 'x')).toBe('hello');
  });

  it('turns a non-200 answer into iErrorCode = status', async () => {
    vi.stubGlobal('fetch', respond('oops', { status: 503 }));
    expect(await callAction(PORTAL_BASE, 'x')).toEqual({ iErrorCode: 503 });
    vi.stubGlobal(
      'fetch',
      respond('{"iErrorCode":8}', { status: 429, headers: { 'content-type': 'application/json' } }),
    );
    expect(await callAction(PORTAL_BASE, 'x')).toEqual({ iErrorCode: 429 });
  });

  it('answers null on a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await callAction(PORTAL_BASE, 'x')).toBeNull();
  });

  it('whitelist calls send no token and answer null on any failure', async () => {
    const fetchMock = respond('{"iErrorCode":0,"bListed":true}', { headers: { 'content-type': 'application/json' } });
    vi.stubGlobal('fetch', fetchMock);
    expect(await whitelist('isWhitelisted', { sWalletAddress: '0x1' })).toEqual({ iErrorCode: 0, bListed: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/whitelist/isWhitelisted');
    expect((fetchMock.mock.calls[0]![1].headers as Record<string, string>).Authorization).toBeUndefined();
    vi.stubGlobal('fetch', respond('x', { status: 500 }));
    expect(await whitelist('isWhitelisted')).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('down'))),
    );
    expect(await whitelist('isWhitelisted')).toBeNull();
    vi.stubGlobal('fetch', respond('{"iErrorCode":4}', { headers: { 'content-type': 'application/json' } }));
    expect(await whitelist('isWhitelisted')).toBeNull();
  });

  it('whitelist calls answer null on bad JSON, a non-JSON body and a 404 too', async () => {
    // Declared JSON that does not parse.
    vi.stubGlobal('fetch', respond('{"iErrorCode":0,', { headers: { 'content-type': 'application/json' } }));
    expect(await whitelist('isWhitelisted', { sEmail: 'a@example.com' })).toBeNull();
    // Undeclared text that is not JSON (readResponse answers the raw text).
    vi.stubGlobal('fetch', respond('<html>proxy error</html>', { headers: { 'content-type': 'text/html' } }));
    expect(await whitelist('isWhitelisted', { sEmail: 'a@example.com' })).toBeNull();
    // JSON that is not an object.
    vi.stubGlobal('fetch', respond('0', { headers: { 'content-type': 'application/json' } }));
    expect(await whitelist('isWhitelisted', { sEmail: 'a@example.com' })).toBeNull();
    vi.stubGlobal('fetch', respond('{"iErrorCode":0}', { status: 404 }));
    expect(await whitelist('isWhitelisted', { sEmail: 'a@example.com' })).toBeNull();
  });

  it('remembers the first Client-Version and reloads when a later one differs', async () => {
    const headers = (v: string) => ({ 'content-type': 'application/json', 'Client-Version': v });
    vi.stubGlobal('fetch', respond('{"iErrorCode":0}', { headers: headers('1') }));
    await callAction(PORTAL_BASE, 'a');
    await callAction(PORTAL_BASE, 'b');
    expect(reloads).toBe(0);
    vi.stubGlobal('fetch', respond('{"iErrorCode":0}', { headers: headers('2') }));
    await callAction(PORTAL_BASE, 'c');
    expect(reloads).toBe(1);
  });

  it('adds the version suffix to static media URLs', () => {
    expect(mediaUrl('/media/agent.svg', '1.0')).toBe('/media/agent.svg?v=1.0');
    expect(mediaUrl('/media/a.webm?x=1', '1.0')).toBe('/media/a.webm?x=1&v=1.0');
    expect(mediaUrl('/media/a.svg?v=9', '1.0')).toBe('/media/a.svg?v=9');
    expect(mediaUrl('data:image/png;base64,AAA', '1.0')).toBe('data:image/png;base64,AAA');
    expect(mediaUrl('', '1.0')).toBe('');
  });

  it('encodes booleans as 1 and 0 and drops empty values', () => {
    expect(formBody({ a: false, b: true, c: null, d: 0, e: 'x y' }).toString()).toBe('a=0&b=1&d=0&e=x+y');
  });
});
