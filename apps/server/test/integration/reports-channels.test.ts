import { describe, expect, it } from 'vitest';
import { reconcile } from '../../src/ledger/reconcile.js';
import { issueCodesByTwo, secondEyes } from './approval-fixtures.js';
import { createPayment, freePort, IPN_SECRET, ipnBody, sendIpn } from './payments-fixtures.js';
import {
  a,
  admin,
  b,
  CONFIRMATIONS,
  chain,
  linkedWallet,
  PLATFORM_ADDRESS,
  submit,
  t,
  usdt,
  useWeb3App,
} from './web3-fixtures.js';

/**
 * Issue 14: the admin's money figures count every way money comes in, with a split by channel:
 * an admin deposit, a crypto payment through the provider (sandbox, finished by a signed IPN), an
 * on-chain wallet deposit (a real ERC-20 transfer on the local chain) and a redeemed deposit code.
 */
useWeb3App({
  PAYMENT_PROVIDER: 'sandbox',
  NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
  NOWPAYMENTS_API_KEY: 'test-sandbox-api-key',
  SANDBOX_PORT: String(await freePort()),
});

const overview = async () => (await t.call('GET', '/reports/overview', { token: admin })).body;

describe('deposits of every channel', () => {
  it('count in Deposits approved, the daily flow and Reports -> Deposits, split by channel', async () => {
    const before = await overview();
    expect(before.deposits.approved_total).toBe(0);

    // an admin deposit, approved
    const dep = await t.call('POST', '/deposite/add', { token: admin, body: { user_id: a.id, amount: 100 } });
    expect(dep.status, dep.raw).toBe(201);
    const approved = await t.call('PUT', `/deposite/${dep.body.deposite.id}`, {
      token: admin,
      body: { status: 'approved' },
    });
    expect(approved.status, approved.raw).toBe(200);

    // a crypto payment: finished (credited) and another still waiting (pending, not credited)
    const paid = await createPayment(t, b, 40);
    expect((await sendIpn(t, ipnBody(paid, 'finished'))).status).toBe(200);
    await createPayment(t, b, 7);

    // an on-chain wallet deposit, confirmed
    const wallet = await linkedWallet(a.token);
    const hash = await chain.transfer(wallet.key, PLATFORM_ADDRESS, usdt('25.5'));
    await chain.mine(CONFIRMATIONS - 1);
    const onChain = await submit(a.token, hash);
    expect(onChain.body.message, onChain.raw).toMatch(/^Deposit verified/);

    // a deposit code, issued by two admins (issue 36) and redeemed
    const second = await secondEyes(t);
    const [code] = await issueCodesByTwo(t, { ask: admin, approve: second.token }, { count: 1, value: 12 });
    await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [b.id]);
    const redeemed = await t.call('POST', '/codes/redeem', {
      token: b.token,
      body: { code: code!.code },
    });
    expect(redeemed.status, redeemed.raw).toBe(200);

    const o = await overview();
    expect(o.deposits).toMatchObject({
      approved_total: 177.5,
      approved_count: 4,
      approved_today: 177.5,
      approved_today_count: 4,
      // not credited yet, every channel (issue 37.11: the report's "Pending"): the waiting crypto payment;
      // what an admin acts on is apart: no admin deposit waits here
      pending_amount: 7,
      pending_count: 1,
      awaiting_approval_amount: 0,
      awaiting_approval_count: 0,
      by_channel: {
        admin: { total: 100, count: 1 },
        crypto: { total: 40, count: 1 },
        wallet: { total: 25.5, count: 1 },
        code: { total: 12, count: 1 },
      },
    });
    expect(o.per_day.at(-1).deposits).toBe(177.5);
    // every credit came into platform cash, so Reserves and Deposits approved tell the same story
    expect(o.reserves.received).toBe(177.5);

    const today = o.per_day.at(-1).day;
    const r = (await t.call('GET', `/reports/deposits?from=${today}&to=${today}`, { token: admin })).body;
    expect(r.totals).toEqual({
      count: 5,
      headline_count: 4,
      amount: 177.5,
      parts: { admin: 100, crypto: 40, wallet: 25.5, code: 12, pending: 7, rejected: 0 },
      part_counts: { admin: 1, crypto: 1, wallet: 1, code: 1, pending: 1, rejected: 0 },
    });
    // issue 37.11: one definition on both pages: credited deposits beside the credited amount, the
    // pending one apart (count and amount), whether read on the dashboard or in the report
    expect(r.totals.headline_count).toBe(o.deposits.approved_count);
    expect(r.totals.amount).toBe(o.deposits.approved_total);
    expect(r.totals.part_counts.pending).toBe(o.deposits.pending_count);
    expect(r.totals.parts.pending).toBe(o.deposits.pending_amount);
    expect(r.parts.map((p: { label: string }) => p.label)).toEqual([
      'Admin',
      'Crypto',
      'Wallet',
      'Code',
      'Pending',
      'Rejected',
    ]);
    expect(
      r.rows
        .map((row: { channel: string; amount: number; status: string }) => [
          row.channel,
          row.amount,
          row.status,
        ])
        .sort(),
    ).toEqual(
      [
        ['Admin', 100, 'approved'],
        ['Crypto', 40, 'approved'],
        ['Crypto', 7, 'pending'],
        ['Wallet', 25.5, 'approved'],
        ['Code', 12, 'approved'],
      ].sort(),
    );
    // issue 29.14: every channel numbers from 1, so the id a row shows carries its channel
    const ids = r.rows.map((row: { id: string }) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.sort()).toEqual(['admin-1', 'code-1', 'crypto-1', 'crypto-2', 'wallet-1']);
    const file = await t.call('GET', `/reports/deposits?from=${today}&to=${today}&format=csv`, {
      token: admin,
    });
    const lines = file.raw
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^ID,Channel,/);
    expect(
      lines
        .slice(1)
        .map((l: string) => l.split(',').slice(0, 2).join(','))
        .sort(),
    ).toEqual(['admin-1,Admin', 'code-1,Code', 'crypto-1,Crypto', 'crypto-2,Crypto', 'wallet-1,Wallet']);
    expect((await reconcile(t.db)).ok).toBe(true);
  });
});
