/**
 * Who sees which wallet deposits, and the admin view of the platform address with its on-chain
 * balances read from the chain.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  a,
  admin,
  b,
  CONFIRMATIONS,
  callers,
  chain,
  linkedWallet,
  PLATFORM_ADDRESS,
  submit,
  t,
  usdt,
  useWeb3App,
} from './web3-fixtures.js';

useWeb3App();

let aDeposit: number;
let bDeposit: number;

beforeAll(async () => {
  const wa = await linkedWallet(a.token);
  const wb = await linkedWallet(b.token);
  const ha = await chain.transfer(wa.key, PLATFORM_ADDRESS, usdt('100'));
  const hb = await chain.transfer(wb.key, PLATFORM_ADDRESS, usdt('20'));
  await chain.mine(CONFIRMATIONS);
  aDeposit = (await submit(a.token, ha)).body.deposits[0].id;
  bDeposit = (await submit(b.token, hb)).body.deposits[0].id;
  // one still confirming
  const hc = await chain.transfer(wb.key, PLATFORM_ADDRESS, usdt('1'));
  expect((await submit(b.token, hc)).body.deposits[0].status).toBe('confirming');
});

describe('GET /web3/deposits', () => {
  it('anonymous 401; a member sees their own; an admin sees all, paged', async () => {
    const expected = {
      anonymous: { status: 401 },
      'member A': { status: 200, users: [a.id], total: 1 },
      'member B': { status: 200, users: [b.id], total: 2 },
      admin: { status: 200, users: [a.id, b.id], total: 3 },
    } as const;
    for (const [who, token] of callers()) {
      const res = await t.call('GET', '/web3/deposits', { ...(token ? { token } : {}) });
      const want = expected[who];
      expect(res.status, who).toBe(want.status);
      if (!('users' in want)) continue;
      expect(res.body.total, who).toBe(want.total);
      expect(new Set(res.body.deposits.map((d: { user_id: number }) => d.user_id)), who).toEqual(
        new Set(want.users),
      );
    }
    const paged = await t.call('GET', '/web3/deposits?page=2&limit=2', { token: admin });
    expect(paged.body).toMatchObject({ total: 3, page: 2, limit: 2, totalPages: 2 });
    expect(paged.body.deposits).toHaveLength(1);
    const confirming = await t.call('GET', `/web3/deposits?status=confirming&user_id=${b.id}`, {
      token: admin,
    });
    expect(confirming.body.deposits.map((d: { amount: number }) => d.amount)).toEqual([1]);
    const bad = await t.call('GET', '/web3/deposits?limit=1000', { token: admin });
    expect(bad.status).toBe(400);
  });

  it('GET and check of one deposit: the owner and admins only', async () => {
    for (const [who, token] of callers()) {
      const one = await t.call('GET', `/web3/deposits/${aDeposit}`, { ...(token ? { token } : {}) });
      expect(one.status, who).toBe({ anonymous: 401, 'member A': 200, 'member B': 403, admin: 200 }[who]);
      const check = await t.call('POST', `/web3/deposits/${aDeposit}/check`, { ...(token ? { token } : {}) });
      expect(check.status, who).toBe({ anonymous: 401, 'member A': 200, 'member B': 403, admin: 200 }[who]);
    }
    expect((await t.call('GET', '/web3/deposits/999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/web3/deposits/${bDeposit}`, { token: b.token })).body.deposit.amount).toBe(
      20,
    );
  });

  it('submitting is for members only', async () => {
    const hash = `0x${'ef'.repeat(32)}`;
    expect((await t.call('POST', '/web3/deposits', { body: { chain_id: 56, tx_hash: hash } })).status).toBe(
      401,
    );
    expect((await submit(admin, hash)).status).toBe(403);
  });
});

describe('GET /web3/overview', () => {
  it('admins only: the platform address with its balances read on chain, totals and recent deposits', async () => {
    for (const [who, token] of callers()) {
      const res = await t.call('GET', '/web3/overview', { ...(token ? { token } : {}) });
      expect(res.status, who).toBe({ anonymous: 401, 'member A': 403, 'member B': 403, admin: 200 }[who]);
    }
    const onChain = await chain.publicClient.readContract({
      address: chain.token,
      abi: chain.abi,
      functionName: 'balanceOf',
      args: [PLATFORM_ADDRESS],
    });
    expect(onChain).toBe(usdt('121'));
    const { body } = await t.call('GET', '/web3/overview', { token: admin });
    expect(body.addresses).toEqual([
      {
        chain_id: 56,
        chain_name: 'BNB Smart Chain',
        address: PLATFORM_ADDRESS.toLowerCase(),
        native_symbol: 'BNB',
        token_symbol: 'USDT',
        token_address: chain.token.toLowerCase(),
        native_balance: '0',
        token_balance: '121',
        block_number: Number(await chain.publicClient.getBlockNumber({ cacheTime: 0 })),
        error: null,
      },
    ]);
    expect(body.confirmations).toBe(CONFIRMATIONS);
    expect(body.totals).toEqual({ credited_amount: 120, credited_count: 2, confirming_count: 1 });
    expect(body.recent.map((d: { amount: number }) => d.amount)).toEqual([1, 20, 100]);
  });
});
