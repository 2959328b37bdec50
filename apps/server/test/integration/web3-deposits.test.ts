/**
 * Wallet deposits verified on a real local EVM: a USDT transfer to the platform address from a
 * linked wallet is credited to `fund` once, however often and however concurrently it is submitted,
 * and only once it has enough confirmations (by the job or by a re-check on request).
 */
import { describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import {
  a,
  b,
  CONFIRMATIONS,
  chain,
  depositRows,
  fundOf,
  ledgerCredits,
  linkedWallet,
  PLATFORM_ADDRESS,
  submit,
  t,
  usdt,
  useWeb3App,
} from './web3-fixtures.js';

useWeb3App();

describe('a confirmed transfer', () => {
  it('is verified on chain and credited to fund once, however often it is submitted', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('25.5'));
    await chain.mine(CONFIRMATIONS - 1);

    const first = await submit(a.token, hash);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.message).toBe('Deposit verified: 25.50 USDT credited to your fund wallet');
    expect(first.body.deposits).toHaveLength(1);
    expect(first.body.deposits[0]).toMatchObject({
      user_id: a.id,
      chain_id: 56,
      tx_hash: hash,
      from_address: wallet.lower,
      to_address: PLATFORM_ADDRESS.toLowerCase(),
      token_address: chain.token.toLowerCase(),
      amount: 25.5,
      status: 'credited',
      confirmations: CONFIRMATIONS,
      required_confirmations: CONFIRMATIONS,
    });
    expect(await fundOf(a)).toBeCloseTo(before + 25.5, 6);

    // the same hash again (also upper-case): the same deposit, nothing more credited
    const again = await submit(a.token, hash.toUpperCase().replace('0X', '0x'));
    expect(again.status).toBe(200);
    expect(again.body.deposits[0].id).toBe(first.body.deposits[0].id);
    expect(await fundOf(a)).toBeCloseTo(before + 25.5, 6);
    expect(await ledgerCredits(hash)).toBe(1);
    expect((await reconcile(t.db)).ok).toBe(true);
  });

  it('submitted 10 times at once, credits once', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('40'));
    await chain.mine(CONFIRMATIONS);
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(a.token, hash)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body.deposits[0].id)).size).toBe(1);
    expect(await depositRows(hash)).toHaveLength(1);
    expect(await ledgerCredits(hash)).toBe(1);
    expect(await fundOf(a)).toBeCloseTo(before + 40, 6);
  });

  it('with two transfers to the platform in one transaction credits both, each once', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const hash = await chain.transferPair(wallet.key, PLATFORM_ADDRESS, usdt('1.25'), usdt('2'));
    await chain.mine(CONFIRMATIONS);
    const res = await submit(a.token, hash);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.deposits.map((d: { amount: number }) => d.amount)).toEqual([1.25, 2]);
    expect(res.body.message).toBe('Deposit verified: 3.25 USDT credited to your fund wallet');
    await submit(a.token, hash);
    expect(await ledgerCredits(hash)).toBe(2);
    expect(await fundOf(a)).toBeCloseTo(before + 3.25, 6);
  });
});

describe('confirmations', () => {
  it('too few: recorded as confirming, credited by the job once enough blocks are mined', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('10'));

    const res = await submit(a.token, hash);
    expect(res.status).toBe(200);
    expect(res.body.deposits[0]).toMatchObject({ status: 'confirming', confirmations: 1 });
    expect(res.body.message).toBe(
      `Transfer found: waiting for confirmations (1 of ${CONFIRMATIONS}). It is credited automatically once confirmed.`,
    );
    expect(await fundOf(a)).toBeCloseTo(before, 6);

    // the job looks again: still one block short, nothing credited
    await chain.mine(CONFIRMATIONS - 2);
    await t.jobs.run('web3-confirmations');
    expect((await depositRows(hash))[0]!.status).toBe('confirming');
    expect(await fundOf(a)).toBeCloseTo(before, 6);

    await chain.mine(1);
    await t.jobs.run('web3-confirmations');
    expect((await depositRows(hash))[0]!.status).toBe('credited');
    expect(await fundOf(a)).toBeCloseTo(before + 10, 6);

    // the job and a resubmission after that change nothing
    await t.jobs.run('web3-confirmations');
    await submit(a.token, hash);
    expect(await ledgerCredits(hash)).toBe(1);
    expect(await fundOf(a)).toBeCloseTo(before + 10, 6);
  });

  it('a check on request credits once the block is deep enough; job and checks racing credit once', async () => {
    const wallet = await linkedWallet(a.token);
    const before = await fundOf(a);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('7.000001'));
    const { id } = (await submit(a.token, hash)).body.deposits[0];

    const early = await t.call('POST', `/web3/deposits/${id}/check`, { token: a.token });
    expect(early.status).toBe(200);
    expect(early.body.deposit.status).toBe('confirming');
    expect(early.body.message).toBe(`Waiting for confirmations (1 of ${CONFIRMATIONS})`);

    await chain.mine(CONFIRMATIONS);
    const racing = await Promise.all([
      ...Array.from({ length: 5 }, () => t.call('POST', `/web3/deposits/${id}/check`, { token: a.token })),
      t.jobs.run('web3-confirmations'),
      submit(a.token, hash),
    ]);
    for (const r of racing) if (typeof r === 'object') expect(r.status).toBe(200);
    expect(await ledgerCredits(hash)).toBe(1);
    expect(await fundOf(a)).toBeCloseTo(before + 7.000001, 6);
    const after = await t.call('GET', `/web3/deposits/${id}`, { token: a.token });
    expect(after.body.deposit).toMatchObject({ status: 'credited', amount: 7.000001 });
    expect(after.body.deposit.credited_at).not.toBeNull();
  });

  it('while deposits are closed the job leaves it confirming; it is credited once they reopen', async () => {
    const wallet = await linkedWallet(b.token);
    const before = await fundOf(b);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('5'));
    expect((await submit(b.token, hash)).body.deposits[0].status).toBe('confirming');
    const admin = await t.adminToken();
    await t.call('PUT', '/settings', { token: admin, body: { deposits_open: false } });
    try {
      await chain.mine(CONFIRMATIONS);
      expect(await t.jobs.run('web3-confirmations')).toBe(true);
      expect((await depositRows(hash))[0]!.status).toBe('confirming');
      expect(await fundOf(b)).toBeCloseTo(before, 6);
    } finally {
      await t.call('PUT', '/settings', { token: admin, body: { deposits_open: true } });
    }
    await t.jobs.run('web3-confirmations');
    expect((await depositRows(hash))[0]!.status).toBe('credited');
    expect(await fundOf(b)).toBeCloseTo(before + 5, 6);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
