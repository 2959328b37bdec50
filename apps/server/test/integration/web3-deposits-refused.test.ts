/**
 * Wallet deposits that must not be credited: to another address, of another token, from a wallet
 * the member has not linked (or someone else's), with dust below a micro-unit, unknown or malformed
 * hashes, other chains, closed deposits. Each is refused with a clear message and records nothing.
 */
import { CLOSED_MESSAGES } from '@app/contracts/settings';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import {
  a,
  b,
  CONFIRMATIONS,
  chain,
  depositRows,
  fundOf,
  ledgerCredits,
  link,
  linkedWallet,
  newWallet,
  PLATFORM_ADDRESS,
  submit,
  t,
  usdt,
  useWeb3App,
} from './web3-fixtures.js';

useWeb3App();

async function expectNothingRecorded(hash: string, fundBefore: number) {
  expect(await depositRows(hash)).toHaveLength(0);
  expect(await ledgerCredits(hash)).toBe(0);
  expect(await fundOf(a)).toBeCloseTo(fundBefore, 6);
}

describe('refused transfers', () => {
  it('to another address', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const elsewhere = privateKeyToAccount(`0x${'42'.repeat(32)}`).address;
    const hash = await chain.transfer(wallet.key, elsewhere, usdt('10'));
    await chain.mine(CONFIRMATIONS);
    const res = await submit(a.token, hash);
    expect(res).toMatchObject({
      status: 400,
      body: {
        message: `This USDT transfer was not sent to the platform deposit address ${PLATFORM_ADDRESS.toLowerCase()}, so it cannot be credited`,
      },
    });
    await expectNothingRecorded(hash, before);
  });

  it('of another token', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const other = await chain.deployToken('Fake USD', 'FUSD');
    await chain.mint(wallet.address, usdt('50'), other);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('50'), other);
    await chain.mine(CONFIRMATIONS);
    const res = await submit(a.token, hash);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('This transaction is not a transfer of USDT (BEP20');
    await expectNothingRecorded(hash, before);
  });

  it('from a wallet the member has not linked; credited once the member links it', async () => {
    const wallet = await newWallet();
    const before = await fundOf(a);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('12'));
    await chain.mine(CONFIRMATIONS);
    const res = await submit(a.token, hash);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `The transfer was sent from ${wallet.lower}, which is not a wallet linked to your account. Link that wallet on this page (sign the message it shows), then submit the transaction again.`,
    );
    await expectNothingRecorded(hash, before);

    expect((await link(a.token, wallet.key)).status).toBe(201);
    const after = await submit(a.token, hash);
    expect(after.status).toBe(200);
    expect(after.body.deposits[0].status).toBe('credited');
    expect(await fundOf(a)).toBeCloseTo(before + 12, 6);
  });

  it("from another member's linked wallet", async () => {
    const bWallet = await linkedWallet(b.token);
    const before = await fundOf(a);
    const hash = await chain.transfer(bWallet.key, PLATFORM_ADDRESS, usdt('3'));
    await chain.mine(CONFIRMATIONS);
    const res = await submit(a.token, hash);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('which is not a wallet linked to your account');
    await expectNothingRecorded(hash, before);
  });

  it('with dust below a micro-unit, explaining why', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('1.0000001'));
    await chain.mine(CONFIRMATIONS);
    const res = await submit(a.token, hash);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'The amount 1.0000001 USDT has more than 6 decimals. Balances are kept to 0.000001 USDT, so this transfer cannot be credited automatically: contact support with the transaction hash.',
    );
    await expectNothingRecorded(hash, before);
  });

  it('while deposits are closed (403, nothing recorded)', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('9'));
    await chain.mine(CONFIRMATIONS);
    const admin = await t.adminToken();
    await t.call('PUT', '/settings', { token: admin, body: { deposits_open: false } });
    try {
      const res = await submit(a.token, hash);
      expect(res).toMatchObject({ status: 403, body: { message: CLOSED_MESSAGES.deposits_open } });
      await expectNothingRecorded(hash, before);
    } finally {
      await t.call('PUT', '/settings', { token: admin, body: { deposits_open: true } });
    }
  });

  it('a transaction the chain does not know (404), another chain, bad input (400)', async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    expect(await submit(a.token, unknown)).toMatchObject({
      status: 404,
      body: {
        message: `Transaction ${unknown} was not found on BNB Smart Chain yet. Wait until your wallet shows it as confirmed, then submit it again.`,
      },
    });
    expect(await submit(a.token, unknown, 1)).toMatchObject({
      status: 400,
      body: { message: 'Wallet deposits are accepted on BNB Smart Chain (chain 56) only, not on Ethereum' },
    });
    const badChain = await submit(a.token, unknown, 5);
    expect(badChain.status).toBe(400);
    expect(badChain.body.message).toContain('Unknown chain: use 1, 137, 56 or 42161');
    const badHash = await submit(a.token, '0x1234');
    expect(badHash.status).toBe(400);
    expect(badHash.body.message).toContain('Enter a transaction hash');
    const extra = await t.call('POST', '/web3/deposits', {
      token: a.token,
      body: { chain_id: 56, tx_hash: unknown, amount: 5 },
    });
    expect(extra.status).toBe(400);
    expect((await t.db.query('SELECT 1 FROM web3_deposits WHERE tx_hash = $1', [unknown])).rowCount).toBe(0);
  });
});

describe('without a working chain or configuration', () => {
  it('an unreachable RPC answers 503 naming the host; not configured answers 503', async () => {
    const { createTestApp } = await import('../helpers.js');
    const down = await createTestApp({
      CHAIN_RPC_56: 'http://127.0.0.1:9',
      DEPOSIT_ADDRESS_BEP20: PLATFORM_ADDRESS,
    });
    const off = await createTestApp();
    try {
      const m = await down.register();
      const res = await down.call('POST', '/web3/deposits', {
        token: m.token,
        body: { chain_id: 56, tx_hash: `0x${'cd'.repeat(32)}` },
      });
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(
        /^The BNB Smart Chain RPC \(127\.0\.0\.1:9\) could not be reached: .+\. Try again in a minute\.$/,
      );
      const overview = await down.call('GET', '/web3/overview', { token: await down.adminToken() });
      expect(overview.status).toBe(200);
      expect(overview.body.addresses[0]).toMatchObject({
        address: PLATFORM_ADDRESS.toLowerCase(),
        native_balance: null,
        token_balance: null,
      });
      expect(overview.body.addresses[0].error).toContain('could not be reached');

      const n = await off.register();
      const refused = await off.call('POST', '/web3/deposits', {
        token: n.token,
        body: { chain_id: 56, tx_hash: `0x${'cd'.repeat(32)}` },
      });
      expect(refused).toMatchObject({
        status: 503,
        body: { message: 'Wallet deposits are not available: no platform deposit address is configured' },
      });
      expect((await off.call('GET', '/web3/config')).body.deposit.address).toBe('');
    } finally {
      await down.close();
      await off.close();
    }
  });
});
