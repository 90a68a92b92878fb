import { expect, type Page, test } from '@playwright/test';
import type { Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { admin, expectAccessible, type Member, registerMember, signInPage, snap } from '../support';

/** bWallet is global: these run one after another on the operator server, and leave it off. */
test.describe.configure({ mode: 'serial' });

test.afterAll(() => {
  admin('operator', 'flags', 'set', 'bWallet', 'off');
  admin('operator', 'gamevars', 'set', 'iWalletTestNetwork', 'int', '0');
});

interface WalletCall {
  method: string;
  params?: unknown;
}

/**
 * A scripted EIP-1193 browser wallet (no real wallet): answers accounts, chain id, network add and
 * switch, and signs with a local viem account in the test process. Every request is recorded in
 * window.__walletCalls; its authorization and chain survive reloads (localStorage), like a wallet's.
 */
async function injectWallet(page: Page, privateKey: Hex, startChain = '0x89') {
  const account = privateKeyToAccount(privateKey);
  await page.exposeFunction('e2eWalletSign', (raw: Hex) => account.signMessage({ message: { raw } }));
  await page.addInitScript(
    ({ address, startChain }) => {
      const w = window as unknown as Record<string, unknown>;
      const calls: Array<{ method: string; params?: unknown }> = [];
      w.__walletCalls = calls;
      const listeners = new Map<string, Set<(value: unknown) => void>>();
      const emit = (event: string, value: unknown) => {
        for (const listener of listeners.get(event) ?? []) listener(value);
      };
      const chain = () => localStorage.getItem('e2e.wallet.chain') ?? startChain;
      const authorized = () => localStorage.getItem('e2e.wallet.authorized') === '1';
      w.ethereum = {
        isE2EWallet: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          calls.push({ method, params });
          switch (method) {
            case 'eth_requestAccounts':
              localStorage.setItem('e2e.wallet.authorized', '1');
              return [address];
            case 'eth_accounts':
              return authorized() ? [address] : [];
            case 'eth_chainId':
              return chain();
            case 'wallet_requestPermissions':
              localStorage.setItem('e2e.wallet.authorized', '1');
              return [{ parentCapability: 'eth_accounts' }];
            case 'wallet_revokePermissions':
              localStorage.removeItem('e2e.wallet.authorized');
              return null;
            case 'wallet_addEthereumChain':
              return null;
            case 'wallet_switchEthereumChain': {
              const next = (params?.[0] as { chainId: string } | undefined)?.chainId ?? startChain;
              localStorage.setItem('e2e.wallet.chain', next);
              setTimeout(() => emit('chainChanged', next), 0);
              return null;
            }
            case 'personal_sign':
              return (window as unknown as { e2eWalletSign(raw: string): Promise<string> }).e2eWalletSign(
                params?.[0] as string,
              );
            default:
              throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
          }
        },
        on(event: string, listener: (value: unknown) => void) {
          if (!listeners.has(event)) listeners.set(event, new Set());
          listeners.get(event)?.add(listener);
        },
        removeListener(event: string, listener: (value: unknown) => void) {
          listeners.get(event)?.delete(listener);
        },
      };
    },
    { address: account.address, startChain },
  );
  return account;
}

const walletCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __walletCalls: WalletCall[] }).__walletCalls);
const storedWalletEmail = (page: Page) => page.evaluate(() => localStorage.getItem('sWalletEmail'));

async function pUserData(request: import('@playwright/test').APIRequestContext, member: Member) {
  const answer = await request.post('/api/portal/getUserData', {
    headers: { authorization: `Bearer ${member.token}` },
  });
  return (await answer.json()).pUserData as Record<string, unknown>;
}

test('with bWallet off nothing of the wallet shows and its chunk is never requested', async ({ page, request }) => {
  admin('operator', 'flags', 'set', 'bWallet', 'off');
  const member = await registerMember(request);
  const walletChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/(WalletSlot|AccountWallet|Wallet)[^/]*\.js/.test(r.url())) walletChunks.push(r.url());
  });
  await injectWallet(page, `0x${'a1'.repeat(32)}`);
  await signInPage(page, member);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Invite friends' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('CONNECT WALLET')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Wallet' })).toHaveCount(0);
  expect(walletChunks).toEqual([]);
  expect(await walletCalls(page)).toEqual([]);
});

test('connect: label, 5+4 account, signed setWalletAddress stored, network add + switch, disconnect', async ({
  page,
  request,
  context,
}) => {
  admin('operator', 'flags', 'set', 'bWallet', 'on');
  admin('operator', 'gamevars', 'set', 'iWalletTestNetwork', 'int', '1');
  const member = await registerMember(request);
  const account = await injectWallet(page, `0x${'b2'.repeat(32)}`);
  // The address is whitelisted: once linked, bInWhitelist says so.
  admin('operator', 'whitelist', 'add', account.address);
  const linkCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/portal/setWalletAddress')) linkCalls.push(r.postData() ?? '');
  });
  await signInPage(page, member);
  await page.goto('/home');
  const button = page.getByTestId('wallet-button');
  await expect(button).toHaveText('CONNECT WALLET');
  await snap(page, 'wallet-disconnected-1280');
  await button.click();
  await expect(button).toContainText('CONNECTED');
  const short = `${account.address.slice(0, 5)}...${account.address.slice(-4)}`;
  await expect(page.getByTestId('wallet-account')).toHaveText(short);

  // The connect callback linked the address with a signed proof, and stored the wallet email.
  await expect.poll(async () => (await pUserData(request, member)).sWalletAddress).toBe(account.address);
  expect(await pUserData(request, member)).toMatchObject({ bWalletProven: true, iWalletChainID: 137 });
  expect(JSON.parse(linkCalls[0] as string)).toMatchObject({
    sWalletAddress: account.address,
    sChain: 'polygon',
    iChainID: 137,
    sSignature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
  });
  await expect.poll(() => storedWalletEmail(page)).toBe(member.email);
  const methods = (await walletCalls(page)).map((c) => c.method);
  expect(methods).toContain('eth_requestAccounts');
  expect(methods).toContain('personal_sign');
  await snap(page, 'wallet-connected-1280');
  await expectAccessible(page);

  // The portal asks for the dev test network: the wallet is asked to add it, then to switch.
  await button.click();
  await snap(page, 'wallet-menu-1280');
  await page.getByRole('button', { name: 'Switch to Polygon Mumbai (test)' }).click();
  await expect(page.getByRole('button', { name: 'Switch to Polygon Mumbai (test)' })).toHaveCount(0);
  const calls = await walletCalls(page);
  const add = calls.findIndex((c) => c.method === 'wallet_addEthereumChain');
  const switched = calls.findIndex((c) => c.method === 'wallet_switchEthereumChain');
  expect(add).toBeGreaterThanOrEqual(0);
  expect(switched).toBeGreaterThan(add);
  expect(calls[add]?.params).toEqual([
    expect.objectContaining({ chainId: '0x13881', nativeCurrency: { name: 'MATIC', symbol: 'MATIC', decimals: 18 } }),
  ]);
  expect(calls[switched]?.params).toEqual([{ chainId: '0x13881' }]);

  // /account: the linked address with a copy button, and the whitelist status.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByTestId('linked-wallet')).toHaveText(account.address);
  await expect(page.getByTestId('whitelist-status')).toHaveText('On the whitelist');
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByRole('button', { name: 'Address copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.address);
  await page.reload();
  // Reloading keeps the wallet connected (same member).
  await expect(page.getByTestId('wallet-button')).toContainText('CONNECTED');
  await snap(page, 'wallet-account-1280');
  await expectAccessible(page);
  // Nothing of the wallet widens the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await snap(page, 'wallet-account-375');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Disconnecting clears the stored wallet email; the link stays until unlinked on /account.
  await page.getByTestId('wallet-button').click();
  await expect(page.getByRole('button', { name: 'Switch to Polygon Mumbai (test)' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('wallet-button')).toHaveText('CONNECT WALLET');
  expect(await storedWalletEmail(page)).toBeNull();
  await expect(page.getByTestId('linked-wallet')).toHaveText(account.address);

  // Connected again, then unlinked on /account: the link goes and the browser wallet disconnects.
  await page.getByTestId('wallet-button').click();
  await expect(page.getByTestId('wallet-button')).toContainText('CONNECTED');
  await expect.poll(() => storedWalletEmail(page)).toBe(member.email);
  await page.getByRole('button', { name: 'Unlink wallet' }).click();
  await expect(page.getByTestId('linked-wallet')).toHaveText('None: use CONNECT WALLET in the menu.');
  await expect(page.getByTestId('wallet-button')).toHaveText('CONNECT WALLET');
  expect(await storedWalletEmail(page)).toBeNull();
  expect(await pUserData(request, member)).toMatchObject({ sWalletAddress: null });
  await page.reload();
  await expect(page.getByTestId('linked-wallet')).toHaveText('None: use CONNECT WALLET in the menu.');
  await expect(page.getByTestId('wallet-button')).toHaveText('CONNECT WALLET');
});

test("a stored wallet email of another member disconnects on load; another member's address is refused", async ({
  page,
  request,
}) => {
  admin('operator', 'flags', 'set', 'bWallet', 'on');
  const first = await registerMember(request);
  const second = await registerMember(request);
  const account = await injectWallet(page, `0x${'c3'.repeat(32)}`);
  await signInPage(page, first);
  await page.goto('/home');
  await page.getByTestId('wallet-button').click();
  await expect(page.getByTestId('wallet-button')).toContainText('CONNECTED');
  await expect.poll(() => storedWalletEmail(page)).toBe(first.email);
  await expect.poll(async () => (await pUserData(request, first)).sWalletAddress).toBe(account.address);

  // Another member signs in in this browser: the wallet of the first is disconnected on load.
  const linkCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/portal/setWalletAddress')) linkCalls.push(r.postData() ?? '');
  });
  await page.evaluate((token) => sessionStorage.setItem('auth.token', token), second.token);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await expect(page.getByTestId('wallet-button')).toHaveText('CONNECT WALLET');
  expect(await storedWalletEmail(page)).toBeNull();
  expect(linkCalls).toEqual([]);
  // Nor does a later load bring the first member's wallet back.
  await page.reload();
  await expect(page.getByRole('link', { name: 'Account', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('wallet-button')).toHaveText('CONNECT WALLET');
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page.getByTestId('linked-wallet')).toHaveText('None: use CONNECT WALLET in the menu.');
  await expect(page.getByTestId('whitelist-status')).toHaveText('Not on the whitelist');

  // The second member connects the same wallet: refused in words, and not left connected.
  await page.getByTestId('wallet-button').click();
  await expect(page.getByRole('alert').filter({ hasText: 'already linked' })).toHaveText(
    'That wallet is already linked to another member.',
  );
  await expect(page.getByTestId('wallet-button')).toHaveText('CONNECT WALLET');
  expect(await storedWalletEmail(page)).toBeNull();
  expect(await pUserData(request, second)).toMatchObject({ sWalletAddress: null });
  await snap(page, 'wallet-refused-1280');
});
