/**
 * Linking wallet addresses: the member proves ownership by signing the server's one-time message
 * (personal_sign, checked with viem's verifyMessage); an address belongs to one member at most.
 */
import { CHAINS } from '@app/contracts/web3';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { a, admin, b, callers, link, PLATFORM_ADDRESS, t, useWeb3App } from './web3-fixtures.js';

useWeb3App();

const wallets = async (token: string) => (await t.call('GET', '/web3/wallets', { token })).body.wallets;

describe('GET /web3/config', () => {
  it('is public: the four chains, the deposit address and token, no WalletConnect id by default', async () => {
    for (const [who, token] of callers()) {
      const res = await t.call('GET', '/web3/config', { ...(token ? { token } : {}) });
      expect(res.status, who).toBe(200);
    }
    const { body } = await t.call('GET', '/web3/config');
    expect(body.chains.map((c: { id: number }) => c.id)).toEqual([1, 137, 56, 42161]);
    expect(body.chains.map((c: { name: string }) => c.name)).toEqual([
      'Ethereum',
      'Polygon',
      'BNB Smart Chain',
      'Arbitrum One',
    ]);
    expect(CHAINS.map((c) => [c.nativeCurrency.symbol, c.nativeCurrency.decimals])).toEqual([
      ['ETH', 18],
      ['POL', 18],
      ['BNB', 18],
      ['ETH', 18],
    ]);
    expect(body.walletconnect_project_id).toBe('');
    expect(body.deposit).toMatchObject({
      chain_id: 56,
      address: PLATFORM_ADDRESS.toLowerCase(),
      token_symbol: 'USDT',
      token_decimals: 18,
      confirmations: 3,
    });
  });
});

describe('linking a wallet', () => {
  it('links with a valid signature; the message is single use', async () => {
    const key = generatePrivateKey();
    const account = privateKeyToAccount(key);
    const nonce = await t.call('POST', '/web3/wallets/nonce', {
      token: a.token,
      body: { address: account.address },
    });
    expect(nonce.status).toBe(200);
    expect(nonce.body.message).toContain(`Sign this message to link wallet ${account.address.toLowerCase()}`);
    expect(nonce.body.expires_at).toBe('2026-11-01T10:10:00.000Z');
    const signature = await account.signMessage({ message: nonce.body.message });
    const linked = await t.call('POST', '/web3/wallets', {
      token: a.token,
      body: { address: account.address, signature },
    });
    expect(linked).toMatchObject({
      status: 201,
      body: {
        message: 'Wallet linked to your account',
        wallet: { user_id: a.id, address: account.address.toLowerCase() },
      },
    });
    expect((await wallets(a.token)).map((w: { address: string }) => w.address)).toContain(
      account.address.toLowerCase(),
    );
    // the same signature again: the message was used
    const replay = await t.call('POST', '/web3/wallets', {
      token: a.token,
      body: { address: account.address, signature },
    });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(
      'No signing request is open for this wallet, or it expired. Start again.',
    );
    // already linked: to you, to someone else
    const again = await t.call('POST', '/web3/wallets/nonce', {
      token: a.token,
      body: { address: account.address },
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'This wallet is already linked to your account' },
    });
    const other = await t.call('POST', '/web3/wallets/nonce', {
      token: b.token,
      body: { address: account.address },
    });
    expect(other).toMatchObject({
      status: 409,
      body: { message: 'This wallet is linked to another account. Use a wallet of your own.' },
    });
  });

  it('refuses a signature by another key, over another message, or after the message expired', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const impostor = privateKeyToAccount(generatePrivateKey());
    const nonce = await t.call('POST', '/web3/wallets/nonce', {
      token: a.token,
      body: { address: account.address },
    });
    const byImpostor = await impostor.signMessage({ message: nonce.body.message });
    const wrongKey = await t.call('POST', '/web3/wallets', {
      token: a.token,
      body: { address: account.address, signature: byImpostor },
    });
    expect(wrongKey).toMatchObject({
      status: 400,
      body: { message: 'The signature does not match this wallet address' },
    });
    const otherMessage = await account.signMessage({ message: 'something else' });
    expect(
      (
        await t.call('POST', '/web3/wallets', {
          token: a.token,
          body: { address: account.address, signature: otherMessage },
        })
      ).status,
    ).toBe(400);
    const garbage = await t.call('POST', '/web3/wallets', {
      token: a.token,
      body: { address: account.address, signature: '0x1234' },
    });
    expect(garbage.status).toBe(400);

    t.clock.advance(11 * 60 * 1000);
    const late = await account.signMessage({ message: nonce.body.message });
    const expired = await t.call('POST', '/web3/wallets', {
      token: a.token,
      body: { address: account.address, signature: late },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toContain('or it expired');
    expect((await wallets(a.token)).map((w: { address: string }) => w.address)).not.toContain(
      account.address.toLowerCase(),
    );
  });

  it('two members racing for one address: one gets it', async () => {
    const key = generatePrivateKey();
    const account = privateKeyToAccount(key);
    const [na, nb] = await Promise.all(
      [a, b].map((m) =>
        t.call('POST', '/web3/wallets/nonce', { token: m.token, body: { address: account.address } }),
      ),
    );
    const [sa, sb] = await Promise.all(
      [na, nb].map((n) => account.signMessage({ message: n!.body.message })),
    );
    const results = await Promise.all([
      t.call('POST', '/web3/wallets', { token: a.token, body: { address: account.address, signature: sa } }),
      t.call('POST', '/web3/wallets', { token: b.token, body: { address: account.address, signature: sb } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const { rows } = await t.db.query('SELECT user_id FROM wallet_addresses WHERE address = $1', [
      account.address.toLowerCase(),
    ]);
    expect(rows).toHaveLength(1);
  });

  it('bad input is a clear 400', async () => {
    const res = await t.call('POST', '/web3/wallets/nonce', {
      token: a.token,
      body: { address: '0xnothex' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Enter a wallet address');
  });
});

describe('access', () => {
  it('nonce and link are for members only', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    for (const [who, token] of callers()) {
      const res = await t.call('POST', '/web3/wallets/nonce', {
        ...(token ? { token } : {}),
        body: { address },
      });
      expect(res.status, who).toBe({ anonymous: 401, 'member A': 200, 'member B': 200, admin: 403 }[who]);
    }
  });

  it('a member lists their own wallets, an admin any; only the owner or an admin unlinks', async () => {
    const key = generatePrivateKey();
    expect((await link(b.token, key)).status).toBe(201);
    const bWallets = await wallets(b.token);
    const mine = bWallets.find(
      (w: { address: string }) => w.address === privateKeyToAccount(key).address.toLowerCase(),
    );
    expect(bWallets.every((w: { user_id: number }) => w.user_id === b.id)).toBe(true);
    expect((await wallets(a.token)).every((w: { user_id: number }) => w.user_id === a.id)).toBe(true);
    // a member's user_id filter is ignored: still their own
    const sneaky = await t.call('GET', `/web3/wallets?user_id=${b.id}`, { token: a.token });
    expect(sneaky.body.wallets.every((w: { user_id: number }) => w.user_id === a.id)).toBe(true);
    const forB = await t.call('GET', `/web3/wallets?user_id=${b.id}`, { token: admin });
    expect(forB.body.wallets.map((w: { id: number }) => w.id)).toContain(mine.id);
    expect((await t.call('GET', '/web3/wallets')).status).toBe(401);

    expect((await t.call('DELETE', `/web3/wallets/${mine.id}`)).status).toBe(401);
    expect((await t.call('DELETE', `/web3/wallets/${mine.id}`, { token: a.token })).status).toBe(403);
    const byAdmin = await t.call('DELETE', `/web3/wallets/${mine.id}`, { token: admin });
    expect(byAdmin).toMatchObject({ status: 200, body: { message: 'Wallet unlinked' } });
    const audit = await t.db.query(
      `SELECT 1 FROM audit_log WHERE action = 'wallet.unlink' AND target_id = $1`,
      [String(mine.id)],
    );
    expect(audit.rowCount).toBe(1);
    expect((await t.call('DELETE', `/web3/wallets/${mine.id}`, { token: b.token })).status).toBe(404);
  });
});
