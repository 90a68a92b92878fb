import { afterEach, describe, expect, it, vi } from 'vitest';

const member = { id: 'u1', email: 'a@b.c', emailVerified: true, name: 'a' };

/** A tab's storage holding `token`, and a server whose get-session answers only when `answer` is called. */
async function tabWith(token: string) {
  vi.resetModules();
  const stored = new Map<string, string>([['auth.token', token]]);
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  let answer: (body: unknown) => void = () => undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      () =>
        new Promise<Response>((resolve) => {
          answer = (body) =>
            resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
        }),
    ),
  );
  const auth = await import('./auth');
  return { auth, answer: (body: unknown) => answer(body) };
}

afterEach(() => vi.unstubAllGlobals());

describe('refreshSession', () => {
  it('signs the tab out when the server no longer knows its token', async () => {
    const { auth, answer } = await tabWith('old');
    const checked = auth.refreshSession();
    answer(null);
    expect((await checked).status).toBe('signedOut');
  });

  it('keeps the tab signed in when a newer token came while the old one was asked about', async () => {
    // A password change ends the old session (the member socket then asks) and issues a new token.
    const { auth, answer } = await tabWith('old');
    const checked = auth.refreshSession();
    auth.acceptSession('new', member);
    answer(null);
    const state = await checked;
    expect(state.status).toBe('signedIn');
    expect(state.token).toBe('new');
  });
});
