/**
 * Linking a wallet address to a member: the server issues a one-time message, the member signs it
 * in the wallet (personal_sign), and the signature is checked with viem's `verifyMessage`. An
 * address belongs to one member at most; a member may link several (up to MAX_WALLETS).
 */
import { randomBytes } from 'node:crypto';
import type { LinkedWallet } from '@app/contracts/web3';
import { verifyMessage } from 'viem';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import { type Db, withTx } from '../../../db/pool.js';
import { badRequest, conflict, notFound, withValues } from '../../../errors.js';
import { type Actor, assertSelfOrAdmin } from '../../../http/access.js';
import { readSettings } from '../../operations/settings/service.js';
import * as repo from './repo.js';

export const MAX_WALLETS = 10;
const tooManyWallets = () =>
  withValues(400, `You can link at most ${MAX_WALLETS} wallets; remove one first`, 'wallet.tooMany', {
    max: String(MAX_WALLETS),
  });
const NONCE_TTL_MS = 10 * 60 * 1000;

export const walletDto = (w: repo.WalletRow): LinkedWallet => ({
  id: Number(w.id),
  user_id: Number(w.user_id),
  address: w.address,
  created_at: w.created_at.toISOString(),
});

const LINKED_TO_YOU = 'This wallet is already linked to your account';
const LINKED_TO_OTHER = 'This wallet is linked to another account. Use a wallet of your own.';

export function createWalletLinks(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function list(actor: Actor, userId: number | undefined) {
    const who = actor.audience === 'admin' ? userId : actor.userId;
    return { wallets: (await repo.walletsOf(db, who)).map(walletDto) };
  }

  async function refuseIfLinked(userId: number, address: string) {
    const existing = await repo.walletByAddress(db, address);
    if (existing) throw conflict(Number(existing.user_id) === userId ? LINKED_TO_YOU : LINKED_TO_OTHER);
  }

  /** The message to sign for this address; a new one replaces any open one. */
  async function nonce(actor: Actor, address: `0x${string}`) {
    await refuseIfLinked(actor.userId, address);
    if ((await repo.countWallets(db, actor.userId)) >= MAX_WALLETS) throw tooManyWallets();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + NONCE_TTL_MS);
    const { site_name } = await readSettings(db);
    const message = [
      `${site_name} wallet link`,
      '',
      `Sign this message to link wallet ${address} to your ${site_name} account (member #${actor.userId}).`,
      'Signing is free: it sends no transaction and moves no funds.',
      '',
      `Nonce: ${randomBytes(16).toString('hex')}`,
      `Issued: ${now.toISOString()}`,
      `Expires: ${expiresAt.toISOString()}`,
    ].join('\n');
    await repo.insertNonce(db, { userId: actor.userId, address, message, now, expiresAt });
    return { message, expires_at: expiresAt.toISOString() };
  }

  /** Checks the signature of the open message and links the address. */
  async function link(actor: Actor, address: `0x${string}`, signature: `0x${string}`) {
    return withTx(db, async (tx) => {
      const now = clock.now();
      const open = await repo.openNonce(tx, actor.userId, address, now);
      if (!open) throw badRequest('No signing request is open for this wallet, or it expired. Start again.');
      let valid = false;
      try {
        valid = await verifyMessage({ address, message: open.message, signature });
      } catch {
        valid = false;
      }
      if (!valid) throw badRequest('The signature does not match this wallet address');
      await repo.useNonce(tx, open.id, now);
      if ((await repo.countWallets(tx, actor.userId)) >= MAX_WALLETS) throw tooManyWallets();
      const created = await repo.insertWallet(tx, actor.userId, address, now);
      if (!created) {
        const owner = await repo.walletByAddress(tx, address);
        throw conflict(owner && Number(owner.user_id) === actor.userId ? LINKED_TO_YOU : LINKED_TO_OTHER);
      }
      return { message: 'Wallet linked to your account', wallet: walletDto(created) };
    });
  }

  /** Unlinks an address; deposits already verified from it stay as they are. */
  async function unlink(actor: Actor, id: number) {
    return withTx(db, async (tx) => {
      const w = await repo.findWallet(tx, id);
      if (!w) throw notFound('Wallet not found');
      assertSelfOrAdmin(actor, Number(w.user_id));
      await repo.deleteWallet(tx, w.id);
      if (actor.audience === 'admin')
        await recordAudit(tx, actor, {
          action: 'wallet.unlink',
          targetType: 'wallet',
          targetId: Number(w.id),
          before: walletDto(w),
        });
      return { message: 'Wallet unlinked' };
    });
  }

  return { list, nonce, link, unlink };
}

export type WalletLinks = ReturnType<typeof createWalletLinks>;
