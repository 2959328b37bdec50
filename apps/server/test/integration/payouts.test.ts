/**
 * On-chain payouts on a real EVM (ganache posing as BNB Smart Chain, the USDT stand-in the tests
 * deploy): approved BEP20 withdrawals paid from the hot wallet in a batch and marked paid once
 * confirmed; four eyes above the configured amount; the per-payout and daily limits; the wallet's
 * USDT and gas checked before anything is signed; the key in no answer and no table.
 */

import { erc20Abi, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { PAYOUTS_FOLLOW_JOB } from '../../src/modules/money/payouts/service.js';
import { DEPLOYER_KEY, type LocalChain, startLocalChain } from '../evm/local-chain.js';
import { ADMIN, createTestApp, type TestApp } from '../helpers.js';
import { addAdmin } from './admin-fixtures.js';
import { adjustByTwo } from './approval-fixtures.js';

const HOT_KEY = generatePrivateKey();
const HOT = privateKeyToAccount(HOT_KEY).address;
const DEPLOYER = privateKeyToAccount(DEPLOYER_KEY).address;
let chain: LocalChain;
let t: TestApp;
let admin: string;
let second: string;
let secondLogin: { email: string; password: string };
let root: Awaited<ReturnType<TestApp['register']>>;
/** Every answer body the tests saw: none may hold the key. */
const answers: string[] = [];

const call: TestApp['call'] = async (...args) => {
  const res = await t.call(...args);
  answers.push(res.raw);
  return res;
};

beforeAll(async () => {
  chain = await startLocalChain();
  await chain.fundGas(HOT);
  await chain.mint(HOT, parseUnits('3000', 18));
  t = await createTestApp({
    CHAIN_RPC_56: chain.rpcUrl,
    USDT_BEP20_CONTRACT: chain.token,
    PAYOUT_PRIVATE_KEY: HOT_KEY,
    PAYOUT_CONFIRMATIONS: '3',
    FOUR_EYES_ABOVE_USDT: '500',
    PAYOUT_MAX_USDT: '1000',
    PAYOUT_DAILY_MAX_USDT: '1500',
  });
  // both admins have been on the team for days: one of less than 24 h is neither pair of eyes
  await t.db.query(`UPDATE users SET created_at = created_at - interval '3 days' WHERE email = $1`, [
    ADMIN.email,
  ]);
  admin = await t.adminToken();
  secondLogin = await addAdmin(t, 'payouts', ['finance'], 2);
  second = (
    await call('POST', '/auth/adminsignin', {
      body: { email: secondLogin.email, password: secondLogin.password },
    })
  ).body.admin.token;
  root = await t.register();
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

/** A verified member with a fresh BEP20 address and `earnings` credited, who asks to withdraw `amount`. */
async function withdrawal(amount: number, earnings = amount) {
  const m = await t.register(root.code);
  const address = privateKeyToAccount(generatePrivateKey()).address;
  await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
  await call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20: address } });
  // a manual credit takes two admins too (issue 36): the owner asks, the second admin approves
  await adjustByTwo(
    t,
    { ask: admin, approve: second },
    { user_id: m.id, wallet: 'earnings', amount: earnings },
  );
  const req = await call('POST', '/withdrawalrequest/add', {
    token: m.token,
    body: { amount, password: m.password },
  });
  expect(req.status, req.raw).toBe(201);
  return { id: req.body.withdrawal.id as number, net: req.body.withdrawal.net as number, address, member: m };
}

const tokensOf = async (address: `0x${string}`) =>
  Number(
    (await chain.publicClient.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    })) /
      10n ** 12n,
  ) / 1e6;
const pay = (ids: number[], token = admin) =>
  call('POST', '/withdrawalrequest/payout', { token, body: { ids } });
const single = async (id: number) =>
  (await call('GET', `/withdrawalrequest/by/${id}`, { token: admin })).body.singlewithdrawal;
async function confirm() {
  await chain.mine(3);
  await t.jobs.run(PAYOUTS_FOLLOW_JOB);
}

describe('on-chain payouts', () => {
  it('pays a batch: each signed, sent, confirmed, then the withdrawal is approved with its hash', async () => {
    const batch = [await withdrawal(100), await withdrawal(50), await withdrawal(200)];
    const res = await pay(batch.map((w) => w.id));
    expect(res.status, res.raw).toBe(200);
    expect(res.body.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true, true]);
    for (const w of batch) {
      // sent, not yet paid: still pending until confirmed
      expect(await single(w.id)).toMatchObject({ status: 'pending', payout: { status: 'sent' } });
    }
    await t.jobs.run(PAYOUTS_FOLLOW_JOB);
    expect((await single(batch[2]!.id)).status).toBe('pending'); // the last: one block is not three
    await confirm();
    for (const [i, w] of batch.entries()) {
      const after = await single(w.id);
      expect(after).toMatchObject({
        status: 'approved',
        tx_hash: res.body.results[i].tx_hash,
        payout: { status: 'confirmed', tx_hash: res.body.results[i].tx_hash },
      });
      expect(await tokensOf(w.address)).toBe(w.net); // 90, 45, 180: the net, once
    }
    // paying again is refused and sends nothing
    const again = await pay([batch[0]!.id]);
    expect(again.body.results[0]).toMatchObject({ ok: false, message: 'This request is already approved' });
    await confirm();
    expect(await tokensOf(batch[0]!.address)).toBe(90);
    const wallet = await call('GET', '/withdrawalrequest/payout/wallet', { token: admin });
    expect(wallet.body).toMatchObject({ configured: true, address: HOT, usdt: 3000 - 315, paid_today: 315 });
  });

  it('needs two different finance admins above the four-eyes amount: one signs off, another pays', async () => {
    const big = await withdrawal(1000); // net 900 > 500
    const alone = await pay([big.id]);
    expect(alone.body.results[0].ok).toBe(false);
    expect(alone.body.results[0].message).toBe(
      'This withdrawal pays 900.00 USDT, above the four-eyes amount of 500.00 USDT: two finance admins are needed. Nobody has signed it off yet: one finance admin signs it off first, then another pays it. Send nothing before that.',
    );
    const byHand = await call('PUT', `/withdrawalrequest/${big.id}`, {
      token: admin,
      body: { status: 'approved', tx_hash: `0x${'1'.repeat(64)}` },
    });
    expect(byHand.status).toBe(409);

    const first = await call('POST', `/withdrawalrequest/approval/${big.id}`, { token: admin });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.message).toMatch(/1 of 2/);
    expect(first.body.withdrawal).toMatchObject({
      approvals: 1,
      approvals_needed: 2,
      sign_off: { email: 'admin@test.local', at: t.clock.now().toISOString() },
    });
    // the admin who signed it off may not pay it
    const own = await pay([big.id]);
    expect(own.body.results[0]).toMatchObject({ ok: false });
    expect(own.body.results[0].message).toMatch(
      /You signed it off on \d{4}-\d\d-\d\d \d\d:\d\d UTC, so another finance admin must pay it or approve it\.$/,
    );
    const paid = await pay([big.id], second);
    expect(paid.body.results[0], JSON.stringify(paid.body)).toMatchObject({ ok: true });
    await confirm();
    expect(await single(big.id)).toMatchObject({ status: 'approved', approvals: 2 });
    expect(await tokensOf(big.address)).toBe(900);

    const audit = await call('GET', `/audit?target_type=withdrawal&target_id=${big.id}&limit=20`, {
      token: admin,
    });
    const actions = audit.body.entries.map((l: { action: string; admin_id: number }) => [
      l.action,
      l.admin_id,
    ]);
    const adminIds = [...new Set(actions.map((a: [string, number]) => a[1]))];
    expect(actions.map((a: [string, number]) => a[0])).toEqual(
      expect.arrayContaining(['withdrawal.approval', 'withdrawal.payout', 'withdrawal.approved']),
    );
    expect(adminIds).toHaveLength(2);
  });

  it('refuses above the per-payout and the daily limit, with the figures', async () => {
    const tooBig = await withdrawal(1200, 1200); // net 1080 > 1000
    expect((await call('POST', `/withdrawalrequest/approval/${tooBig.id}`, { token: second })).status).toBe(
      200,
    );
    const res = await pay([tooBig.id]);
    expect(res.body.results[0]).toMatchObject({
      ok: false,
      message: '1,080.00 USDT is above the per-payout limit of 1,000.00 USDT; pay it by hand',
    });
    // 315 + 900 paid today; 450 more would pass 1,500
    const today = await withdrawal(500);
    const refused = await pay([today.id]);
    expect(refused.body.results[0].message).toBe(
      "Today's payouts reach 1,215.00 USDT of the 1,500.00 USDT daily limit; 450.00 USDT more would pass it",
    );
    t.clock.advance(86_400_000);
    // a new UTC day (and new sessions: an admin's lasts 8 hours)
    admin = await t.adminToken();
    second = (
      await call('POST', '/auth/adminsignin', {
        body: { email: secondLogin.email, password: secondLogin.password },
      })
    ).body.admin.token;
    expect((await pay([today.id])).body.results[0].ok).toBe(true);
    await confirm();
    expect(await tokensOf(today.address)).toBe(450);
  });

  it('checks the hot wallet for USDT and for gas before signing anything', async () => {
    const w = await withdrawal(100);
    const hot = chain.walletOf(HOT_KEY);
    // all but 10 USDT leave the hot wallet
    const units = await chain.publicClient.readContract({
      address: chain.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [HOT],
    });
    await chain.transfer(HOT_KEY, DEPLOYER, units - parseUnits('10', 18));
    const poor = await pay([w.id]);
    expect(poor.body.results[0].message).toBe(
      `The hot wallet holds 10 USDT; this payout needs 90.00 USDT. Send USDT to ${HOT} and try again.`,
    );
    await chain.mint(HOT, parseUnits('500', 18));
    // and all its gas but a trace
    const gasPrice = await chain.publicClient.getGasPrice();
    const balance = await chain.publicClient.getBalance({ address: HOT });
    const keep = parseEther('0.000001');
    await chain.publicClient.waitForTransactionReceipt({
      hash: await hot.sendTransaction({
        to: DEPLOYER,
        value: balance - keep - 21_000n * gasPrice,
        gas: 21_000n,
        gasPrice,
      }),
    });
    const noGas = await pay([w.id]);
    expect(noGas.body.results[0].message).toMatch(
      /^The hot wallet has 0\.000001 BNB for gas; sending needs about [\d.]+ BNB\. Send BNB to 0x[0-9a-fA-F]{40} and try again\.$/,
    );
    expect((await single(w.id)).payout).toBeNull(); // nothing signed, nothing recorded
    await chain.fundGas(HOT);
    expect((await pay([w.id])).body.results[0].ok).toBe(true);
    await confirm();
    expect(await tokensOf(w.address)).toBe(90);
  });

  it('refuses what it cannot pay on chain, members, and a payout in flight being decided by hand', async () => {
    const w = await withdrawal(100);
    await t.db.query(`UPDATE withdrawals SET network = 'TRC20' WHERE id = $1`, [w.id]);
    expect((await pay([w.id])).body.results[0].message).toBe(
      'Only BEP20 withdrawals are paid from the hot wallet; pay TRC20 by hand',
    );
    // a member's session is not an admin's: refused before anything is read
    const member = await t.register(root.code);
    expect((await pay([w.id], member.token)).status).toBe(403);
    expect((await call('GET', '/withdrawalrequest/payout/wallet', { token: member.token })).status).toBe(403);
    expect((await call('POST', `/withdrawalrequest/approval/${w.id}`, { token: member.token })).status).toBe(
      403,
    );

    const flying = await withdrawal(100);
    expect((await pay([flying.id])).body.results[0].ok).toBe(true);
    const reject = await call('PUT', `/withdrawalrequest/${flying.id}`, {
      token: admin,
      body: { status: 'rejected', reason: 'changed my mind' },
    });
    expect(reject.status).toBe(409);
    expect(
      (await call('DELETE', `/withdrawalrequest/${flying.id}`, { token: flying.member.token })).status,
    ).toBe(409);
    await confirm();
    expect((await single(flying.id)).status).toBe('approved');
  });

  it('keeps the ledger exact and the key out of every answer and every table', async () => {
    const report = await reconcile(t.db);
    expect(report.ok).toBe(true);
    const bare = HOT_KEY.slice(2).toLowerCase();
    for (const body of answers) expect(body.toLowerCase()).not.toContain(bare);
    const { rows } = await t.db.query(
      `SELECT (SELECT string_agg(p::text, ' ') FROM payouts p) AS payouts,
              (SELECT string_agg(a::text, ' ') FROM audit_log a) AS audit,
              (SELECT string_agg(s::text, ' ') FROM settings s) AS settings`,
    );
    expect(JSON.stringify(rows[0]).toLowerCase()).not.toContain(bare);
  });
});
