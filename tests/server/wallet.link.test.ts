import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/protocol/errors';
import { DEV_TEST_NETWORK, type WalletNonceAnswer } from '../../src/protocol/wallet';
import { runAdmin } from '../../src/server/cli/commands';
import { listAudit } from '../../src/server/shared/audit';
import { createTestApp, type TestApp, testClock } from '../support/app';
import { DIALECTS } from '../support/db';
import { register, signUp, type TestMember } from '../support/rewardsHelpers';

const alice = privateKeyToAccount(`0x${'a1'.repeat(32)}`);
const bob = privateKeyToAccount(`0x${'b2'.repeat(32)}`);
const carol = privateKeyToAccount(`0x${'c3'.repeat(32)}`);

describe.each(DIALECTS)('wallet links on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();
  const flag = (on: boolean) =>
    runAdmin(['flags', 'set', 'bWallet', on ? 'on' : 'off'], { db: t.deps.db, now: clock.now, actor: 'cli:test' });
  beforeAll(async () => {
    t = await createTestApp(dialect, { clock });
    await flag(true);
  });
  afterAll(async () => t?.close());

  async function member(label = 'holder'): Promise<TestMember> {
    const m = await signUp(t, label);
    await register(t, { userId: m.userId });
    return m;
  }
  /** setWalletAddress as the web sends it: a JSON body. */
  async function link(m: TestMember, body: Record<string, unknown>) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal/setWalletAddress',
      headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Record<string, unknown>;
  }
  const polygon = (address: string) => ({ sWalletAddress: address, sChain: 'polygon', iChainID: 137 });
  const userData = async (m: TestMember) =>
    (await t.call('getUserData', {}, m.token)).pUserData as Record<string, unknown>;
  const audited = async (action: string) =>
    (await listAudit(t.deps.db, 500))
      .filter((a) => a.action === action)
      .map((a) => ({ actor: a.actor, detail: JSON.parse(a.detail) }));

  it('links a checksummed address on a known network and shows it in pUserData', async () => {
    const m = await member();
    expect(await userData(m)).toMatchObject({ sWalletAddress: null, bWalletProven: false });
    expect(await link(m, polygon(alice.address))).toEqual({
      iErrorCode: 0,
      sWalletAddress: alice.address,
      bWalletProven: false,
    });
    expect(await userData(m)).toMatchObject({
      sWalletAddress: alice.address,
      sWalletChain: 'polygon',
      iWalletChainID: 137,
      bWalletProven: false,
    });
    expect(await audited('wallet.link')).toContainEqual({
      actor: `member:${m.userId}`,
      detail: { from: null, to: alice.address, chain: 'polygon', proven: false },
    });
  });

  it('validates the address (checksum), the chain id and the chain name', async () => {
    const m = await member();
    // All lower case has no checksum to check: accepted and stored checksummed.
    expect(await link(m, polygon(carol.address.toLowerCase()))).toMatchObject({
      iErrorCode: 0,
      sWalletAddress: carol.address,
    });
    const wrongCase = carol.address.replace(/[a-f]/, (c) => c.toUpperCase());
    expect(wrongCase).not.toBe(carol.address);
    expect(await link(m, polygon(wrongCase))).toMatchObject({ iErrorCode: ErrorCode.WALLET_BAD_ADDRESS });
    expect(await link(m, polygon('0x1234'))).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await link(m, polygon(`0x${'g'.repeat(40)}`))).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(await link(m, { ...polygon(carol.address), iChainID: 5 })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_BAD_CHAIN,
    });
    expect(await link(m, { ...polygon(carol.address), sChain: 'ethereum' })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_BAD_CHAIN,
    });
    expect(await link(m, { ...polygon(carol.address), iChainID: 'x' })).toMatchObject({
      iErrorCode: ErrorCode.BAD_INPUT,
    });
    expect(await link(m, { sWalletAddress: carol.address })).toMatchObject({ iErrorCode: ErrorCode.BAD_INPUT });
    expect(
      await link(m, { sWalletAddress: carol.address, sChain: DEV_TEST_NETWORK.sChain, iChainID: 0x13881 }),
    ).toMatchObject({ iErrorCode: 0 });
    expect(await userData(m)).toMatchObject({ sWalletAddress: carol.address, iWalletChainID: 80001 });
  });

  it('keeps one address per member (a change is audited) and refuses one linked to another member', async () => {
    const first = await member('first');
    const second = await member('second');
    expect(await link(first, polygon(bob.address))).toMatchObject({ iErrorCode: 0 });
    expect(await link(second, polygon(bob.address))).toMatchObject({
      iErrorCode: ErrorCode.WALLET_TAKEN,
      sMessage: 'That wallet is already linked to another member.',
    });
    expect(await link(second, polygon(bob.address.toLowerCase()))).toMatchObject({
      iErrorCode: ErrorCode.WALLET_TAKEN,
    });
    // The same address again is no change.
    expect(await link(first, polygon(bob.address))).toMatchObject({ iErrorCode: 0 });
    const other = privateKeyToAccount(`0x${'d4'.repeat(32)}`);
    expect(await link(first, polygon(other.address))).toMatchObject({ iErrorCode: 0, sWalletAddress: other.address });
    expect(await audited('wallet.change')).toContainEqual({
      actor: `member:${first.userId}`,
      detail: { from: bob.address, to: other.address, chain: 'polygon', proven: false },
    });
    // The old address is free again.
    expect(await link(second, polygon(bob.address))).toMatchObject({ iErrorCode: 0 });
  });

  it('two members linking one address at once: exactly one wins', async () => {
    const racer = privateKeyToAccount(`0x${'e5'.repeat(32)}`);
    const members = await Promise.all([member('r1'), member('r2'), member('r3'), member('r4')]);
    const answers = await Promise.all(members.map((m) => link(m, polygon(racer.address))));
    expect(answers.filter((a) => a.iErrorCode === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.iErrorCode === ErrorCode.WALLET_TAKEN)).toHaveLength(3);
  });

  it('proves ownership: the member signs the server message, verified with viem before linking', async () => {
    const m = await member('prover');
    const signer = privateKeyToAccount(`0x${'f6'.repeat(32)}`);
    const nonce = (await t.call(
      'getWalletNonce',
      { sWalletAddress: signer.address, iChainID: 137 },
      m.token,
    )) as unknown as WalletNonceAnswer;
    expect(nonce).toMatchObject({ iErrorCode: 0, sNonce: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(nonce.sMessage).toContain(signer.address);
    expect(nonce.sMessage).toContain(`Nonce: ${nonce.sNonce}`);
    expect(nonce.sMessage).toMatch(/^localhost:3000 wants you to link your wallet/);
    const signature = await signer.signMessage({ message: nonce.sMessage as string });
    expect(await link(m, { ...polygon(signer.address), sNonce: nonce.sNonce, sSignature: signature })).toEqual({
      iErrorCode: 0,
      sWalletAddress: signer.address,
      bWalletProven: true,
    });
    expect(await userData(m)).toMatchObject({ sWalletAddress: signer.address, bWalletProven: true });
    // A nonce is used once.
    expect(await link(m, { ...polygon(signer.address), sNonce: nonce.sNonce, sSignature: signature })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_NONCE_EXPIRED,
    });
  });

  it('refuses a signature by another key, for another address, of another nonce or too late', async () => {
    const m = await member('forger');
    const victim = privateKeyToAccount(`0x${'07'.repeat(32)}`);
    const forger = privateKeyToAccount(`0x${'08'.repeat(32)}`);
    const ask = async (address: string) =>
      (await t.call(
        'getWalletNonce',
        { sWalletAddress: address, iChainID: 137 },
        m.token,
      )) as unknown as WalletNonceAnswer;

    let nonce = await ask(victim.address);
    let signature = await forger.signMessage({ message: nonce.sMessage as string });
    expect(await link(m, { ...polygon(victim.address), sNonce: nonce.sNonce, sSignature: signature })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_PROOF_FAILED,
    });
    // A nonce issued for one address does not prove another.
    nonce = await ask(forger.address);
    signature = await forger.signMessage({ message: nonce.sMessage as string });
    expect(await link(m, { ...polygon(victim.address), sNonce: nonce.sNonce, sSignature: signature })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_PROOF_FAILED,
    });
    // Another member's nonce is unknown to this one.
    const other = await member('other');
    const theirs = (await t.call(
      'getWalletNonce',
      { sWalletAddress: victim.address, iChainID: 137 },
      other.token,
    )) as unknown as WalletNonceAnswer;
    signature = await victim.signMessage({ message: theirs.sMessage as string });
    expect(await link(m, { ...polygon(victim.address), sNonce: theirs.sNonce, sSignature: signature })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_NONCE_EXPIRED,
    });
    // Signed too late.
    nonce = await ask(victim.address);
    signature = await victim.signMessage({ message: nonce.sMessage as string });
    clock.advance(11 * 60 * 1000);
    expect(await link(m, { ...polygon(victim.address), sNonce: nonce.sNonce, sSignature: signature })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_NONCE_EXPIRED,
    });
    // A garbage signature is a refusal, not a 500; half a proof too.
    nonce = await ask(victim.address);
    expect(await link(m, { ...polygon(victim.address), sNonce: nonce.sNonce, sSignature: '0x1234' })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_PROOF_FAILED,
    });
    expect(await link(m, { ...polygon(victim.address), sSignature: '0x1234' })).toMatchObject({
      iErrorCode: ErrorCode.WALLET_PROOF_FAILED,
    });
    expect(await userData(m)).toMatchObject({ sWalletAddress: null });
  });

  it('unlinks (audited) and answers WALLET_NOT_LINKED when there is none', async () => {
    const m = await member('unlinker');
    const wallet = privateKeyToAccount(`0x${'09'.repeat(32)}`);
    await link(m, polygon(wallet.address));
    expect(await t.call('unlinkWallet', {}, m.token)).toEqual({
      iErrorCode: 0,
      sWalletAddress: null,
      bWalletProven: false,
    });
    expect(await userData(m)).toMatchObject({ sWalletAddress: null });
    expect(await t.call('unlinkWallet', {}, m.token)).toMatchObject({ iErrorCode: ErrorCode.WALLET_NOT_LINKED });
    expect(await audited('wallet.unlink')).toContainEqual({
      actor: `member:${m.userId}`,
      detail: { address: wallet.address },
    });
  });

  it('needs a signed-in member, and bWallet on', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/portal/setWalletAddress',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(polygon(alice.address)),
    });
    expect(response.json()).toMatchObject({ iErrorCode: ErrorCode.NOT_SIGNED_IN });
    const m = await member('flagless');
    await flag(false);
    try {
      const wallet = privateKeyToAccount(`0x${'0a'.repeat(32)}`);
      expect(await link(m, polygon(wallet.address))).toMatchObject({ iErrorCode: ErrorCode.FEATURE_OFF });
      expect(await t.call('getWalletNonce', { sWalletAddress: wallet.address, iChainID: 137 }, m.token)).toMatchObject({
        iErrorCode: ErrorCode.FEATURE_OFF,
      });
    } finally {
      await flag(true);
    }
  });
});
