/**
 * The payout hash an admin pastes to approve a withdrawal paid by hand: the network's form (BEP20
 * `0x` + 64 hex, TRC20 64 hex), and with an RPC configured, a BEP20 hash read from a real EVM
 * (ganache posing as BNB Smart Chain, with the USDT stand-in the tests deploy): a confirmed USDT
 * Transfer of exactly the net amount to the member's address, used by one withdrawal only.
 */
import { PASSWORD_INCORRECT } from '@app/contracts/transfers';
import { parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startLocalChain } from '../evm/local-chain.js';
import { createTestApp, type TestApp } from '../helpers.js';
import { adjustByTwo, secondEyes } from './approval-fixtures.js';
import { payoutHash } from './payout-hashes.js';

const PAYER_KEY = generatePrivateKey();
// a real TRC20 address (TRON's documentation example): its base58check checksum holds
const TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
let chain: LocalChain;
let t: TestApp;
let admin: string;
/** Approves the manual credits `admin` asks for (issue 36: a second admin, two days on the team). */
let eyes: string;
let root: Awaited<ReturnType<TestApp['register']>>;

beforeAll(async () => {
  chain = await startLocalChain();
  const payer = privateKeyToAccount(PAYER_KEY).address;
  await chain.fundGas(payer);
  await chain.mint(payer, parseUnits('10000', 18));
  t = await createTestApp({
    CHAIN_RPC_56: chain.rpcUrl,
    USDT_BEP20_CONTRACT: chain.token,
    PAYOUT_CONFIRMATIONS: '3',
  });
  admin = await t.adminToken();
  eyes = (await secondEyes(t)).token;
  root = await t.register();
});
afterAll(async () => {
  await t?.close();
  await chain?.close();
});

/** A verified member with a fresh BEP20 (and a TRC20) address who asks to withdraw `amount`. */
async function withdrawal(amount: number, network: 'BEP20' | 'TRC20' = 'BEP20', address?: `0x${string}`) {
  const m = await t.register(root.code);
  const bep20 = address ?? privateKeyToAccount(generatePrivateKey()).address;
  await t.db.query('UPDATE users SET verify_at = now() WHERE id = $1', [m.id]);
  await t.call('PUT', `/users/${m.id}`, { token: m.token, body: { bep20, trc20: TRC20 } });
  await adjustByTwo(
    t,
    { ask: admin, approve: eyes },
    { user_id: m.id, wallet: 'earnings', amount: amount * 2, reason: 'test' },
  );
  const req = await t.call('POST', '/withdrawalrequest/add', {
    token: m.token,
    body: { amount, network, password: m.password },
  });
  expect(req.status, req.raw).toBe(201);
  return { id: req.body.withdrawal.id as number, address: bep20, member: m };
}

const approve = (id: number, tx_hash: string) =>
  t.call('PUT', `/withdrawalrequest/${id}`, { token: admin, body: { status: 'approved', tx_hash } });
/** Sends `usdt` of the test token from the payer to `to`; answers the transaction's hash. */
const send = (to: `0x${string}`, usdt: string) => chain.transfer(PAYER_KEY, to, parseUnits(usdt, 18));
const statusOf = async (id: number) =>
  (await t.db.query<{ status: string }>('SELECT status FROM withdrawals WHERE id = $1', [id])).rows[0]!
    .status;

describe('the form of a payout hash', () => {
  it('BEP20: 0x and 64 hex characters, nothing else', async () => {
    const w = await withdrawal(100);
    for (const bad of [
      '0xpaid',
      '0xabc',
      payoutHash('x').slice(2),
      `${payoutHash('x')}0`,
      `0x${'g'.repeat(64)}`,
    ]) {
      const res = await approve(w.id, bad);
      expect(res, bad).toMatchObject({
        status: 400,
        body: {
          message: 'Not a BEP20 transaction hash: a BEP20 hash is 0x followed by 64 hexadecimal characters',
        },
      });
    }
    expect(await statusOf(w.id)).toBe('pending');
  });

  it('TRC20: 64 hex characters without 0x, any case, kept as typed but trimmed (no RPC for Tron: its form only)', async () => {
    const w = await withdrawal(100, 'TRC20');
    const refused = await approve(w.id, payoutHash('trc'));
    expect(refused).toMatchObject({
      status: 400,
      body: {
        message: 'Not a TRC20 transaction hash: a TRC20 hash is 64 hexadecimal characters, without 0x',
      },
    });
    const typed = payoutHash('trc', 'TRC20').toUpperCase();
    const ok = await approve(w.id, `  ${typed} `);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.withdrawal).toMatchObject({ status: 'approved', tx_hash: typed });
    // the same hash for another TRC20 withdrawal, in other letters: one transaction pays one withdrawal
    const other = await withdrawal(100, 'TRC20');
    const again = await approve(other.id, typed.toLowerCase());
    expect(again).toMatchObject({
      status: 409,
      body: {
        message: `This transaction hash is already used for withdrawal #${w.id}: one payout transaction pays one withdrawal`,
      },
    });
  });
});

describe('a pasted BEP20 hash is read from the chain', () => {
  it('refuses a hash the chain does not know, and a transaction of another token', async () => {
    const w = await withdrawal(100);
    const unknown = await approve(w.id, payoutHash('never sent'));
    expect(unknown.status).toBe(409);
    expect(unknown.body.message).toMatch(
      /^Transaction 0x[0-9a-f]{8}…[0-9a-f]{6} was not found on BNB Smart Chain/,
    );
    const other = await chain.deployToken('Other USD', 'OUSD');
    await chain.mint(w.address, parseUnits('90', 18), other);
    const minted = await chain.transfer(PAYER_KEY, w.address, 0n, other);
    const wrongToken = await approve(w.id, minted);
    expect(wrongToken.status).toBe(409);
    expect(wrongToken.body.message).toMatch(/moves no USDT \(token 0x/);
    expect(await statusOf(w.id)).toBe('pending');
  });

  it('refuses the wrong address and the wrong amount, each with what the transaction did', async () => {
    const w = await withdrawal(100); // net 90
    const elsewhere = privateKeyToAccount(generatePrivateKey()).address;
    const toOther = await send(elsewhere, '90');
    await chain.mine(3);
    const wrongAddress = await approve(w.id, toOther);
    expect(wrongAddress.status).toBe(409);
    expect(wrongAddress.body.message).toMatch(
      new RegExp(
        `^Wrong address: transaction 0x[0-9a-f]{8}…[0-9a-f]{6} pays USDT to ${elsewhere.toLowerCase()}, not to the member's BEP20 address ${w.address}$`,
      ),
    );
    const short = await send(w.address, '89.5');
    await chain.mine(3);
    const wrongAmount = await approve(w.id, short);
    expect(wrongAmount.status).toBe(409);
    expect(wrongAmount.body.message).toMatch(
      /^Wrong amount: transaction 0x[0-9a-f]{8}…[0-9a-f]{6} pays 89\.5 USDT to the member's address; the net to pay is 90\.00 USDT$/,
    );
    expect(await statusOf(w.id)).toBe('pending');
  });

  it('waits for the confirmations, then approves; the hash then pays no other withdrawal', async () => {
    const w = await withdrawal(100);
    const paid = await send(w.address, '90');
    const early = await approve(w.id, paid);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Not confirmed yet: transaction .* has 1 of 3 confirmations/);
    await chain.mine(2);
    const ok = await approve(w.id, ` ${paid} `);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.withdrawal).toMatchObject({ status: 'approved', tx_hash: paid });
    // the member's e-mail names the hash, to look up on an explorer
    const mail = await t.db.query<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE template = 'withdrawal_decided' AND body_text LIKE $1`,
      [`%${paid}%`],
    );
    expect(mail.rowCount).toBe(1);

    // a second request of the same member, same amount, same address: the transaction matches it on
    // chain, but it already paid the first one
    const twin = await t.call('POST', '/withdrawalrequest/add', {
      token: w.member.token,
      body: { amount: 100, password: w.member.password },
    });
    expect(twin.status, twin.raw).toBe(201);
    const reused = await approve(twin.body.withdrawal.id, paid.toUpperCase().replace('0X', '0x'));
    expect(reused).toMatchObject({
      status: 409,
      body: {
        message: `This transaction hash is already used for withdrawal #${w.id}: one payout transaction pays one withdrawal`,
      },
    });
    // and the database itself holds one hash to one withdrawal
    await expect(
      t.db.query('UPDATE withdrawals SET tx_hash = $2 WHERE id = $1', [
        twin.body.withdrawal.id,
        paid.toUpperCase(),
      ]),
    ).rejects.toMatchObject({ constraint: 'withdrawals_tx_hash_once' });
    const rightOne = await send(w.address, '90');
    await chain.mine(3);
    expect((await approve(twin.body.withdrawal.id, rightOne)).status).toBe(200);
  });

  it('answers a retry with the same hash as before, and a wrong password never reaches the chain', async () => {
    const w = await withdrawal(50); // net 45
    const paid = await send(w.address, '45');
    await chain.mine(3);
    expect((await approve(w.id, paid)).status).toBe(200);
    const retry = await approve(w.id, paid);
    expect(retry).toMatchObject({ status: 200, body: { message: 'Already approved' } });
    const refused = await t.call('POST', '/withdrawalrequest/add', {
      token: w.member.token,
      body: { amount: 10, password: 'wrong-password-1' },
    });
    expect(refused).toMatchObject({ status: 400, body: { message: PASSWORD_INCORRECT } });
  });
});
