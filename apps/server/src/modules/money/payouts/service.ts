/**
 * On-chain payouts of BEP20 withdrawals from the hot wallet, each paid at most once.
 *
 * Paying one: under the wallet's lock, check the withdrawal (pending, BEP20, four eyes), the limits
 * (per payout, per UTC day) and the wallet's USDT and gas; sign the USDT `transfer` with the next
 * nonce; write the payout (raw bytes, hash, nonce) and commit; only then send. The follower (a job,
 * and the first thing after a restart) takes every signed or sent payout to the chain: not mined yet
 * → the same bytes again (one nonce, one hash: mined at most once); reverted, or its nonce taken by
 * another transaction → failed (nothing moved; the withdrawal may be paid again or rejected);
 * confirmed → the withdrawal is approved with the hash, through the withdrawals service.
 */

import { formatUsdt, fromMicro, toMicro } from '@app/contracts/money';
import type { HotWallet, PayoutResult } from '@app/contracts/payouts';
import { USDT_DECIMALS } from '@app/contracts/web3';
import { encodeFunctionData, erc20Abi, formatUnits, isAddress, keccak256, type PublicClient } from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { recordAudit } from '../../../audit/audit.js';
import type { Clock } from '../../../clock.js';
import type { Config } from '../../../config.js';
import { type Db, type Tx, withTx } from '../../../db/pool.js';
import { AppError, badRequest, conflict, notFound } from '../../../errors.js';
import type { Actor } from '../../../http/access.js';
import type { ChainAccess } from '../../crypto/web3/chain.js';
import * as withdrawalsRepo from '../withdrawals/repo.js';
import type { WithdrawalsService } from '../withdrawals/service.js';
import * as repo from './repo.js';

/** USDT on BNB Smart Chain: the payouts' chain. */
export const PAYOUT_CHAIN_ID = 56;
const UNITS_PER_MICRO = 10n ** BigInt(USDT_DECIMALS - 6);

export const PAYOUTS_FOLLOW_JOB = 'payouts-follow';

export function createPayoutsService(deps: {
  db: Db;
  clock: Clock;
  config: Config;
  chain: ChainAccess;
  account: LocalAccount | null;
  withdrawals: WithdrawalsService;
  log?: { warn: (obj: object, msg: string) => void };
}) {
  const { db, clock, config, chain, account, withdrawals } = deps;
  const token = config.USDT_BEP20_CONTRACT as `0x${string}`;
  const perPayoutMax = toMicro(config.PAYOUT_MAX_USDT)!;
  const dailyMax = toMicro(config.PAYOUT_DAILY_MAX_USDT)!;
  const read = <T>(fn: (c: PublicClient) => Promise<T>) => chain.read(PAYOUT_CHAIN_ID, fn);

  const startOfDay = (now: Date) =>
    new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

  async function wallet(): Promise<HotWallet> {
    const [paid, flying] = await Promise.all([
      repo.paidSince(db, startOfDay(clock.now())),
      repo.inFlight(db),
    ]);
    let usdt: number | null = null;
    let gas: string | null = null;
    let balanceError: string | null = null;
    if (account) {
      try {
        const b = await chain.balances(PAYOUT_CHAIN_ID, account.address, token, USDT_DECIMALS);
        usdt = Number(b.token);
        gas = b.native;
      } catch (error) {
        balanceError = (error as Error).message;
      }
    }
    return {
      configured: account !== null,
      address: account?.address ?? null,
      chain_id: PAYOUT_CHAIN_ID,
      token,
      usdt,
      gas,
      gas_symbol: 'BNB',
      balance_error: balanceError,
      per_payout_max: config.PAYOUT_MAX_USDT,
      daily_max: config.PAYOUT_DAILY_MAX_USDT,
      paid_today: fromMicro(paid),
      four_eyes_above: config.FOUR_EYES_ABOVE_USDT,
      confirmations: config.PAYOUT_CONFIRMATIONS,
      in_flight: flying.n,
    };
  }

  /** Pays each withdrawal in turn; one refused does not stop the others. */
  async function pay(actor: Actor, ids: number[]) {
    const results: PayoutResult[] = [];
    for (const id of ids) {
      try {
        results.push({ id, ok: true, ...(await payOne(actor, id)) });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        results.push({ id, ok: false, message: error.message, tx_hash: null });
      }
    }
    const sent = results.filter((r) => r.ok).length;
    return {
      message:
        sent === results.length
          ? `${sent} payout${sent === 1 ? '' : 's'} sent; each withdrawal is marked paid once confirmed`
          : sent === 0
            ? 'Nothing was paid; see why below'
            : `${sent} of ${results.length} payouts sent; see why the others were refused`,
      results,
    };
  }

  async function payOne(actor: Actor, id: number) {
    if (!account) {
      throw conflict(
        'On-chain payouts are off: no hot wallet is configured (PAYOUT_KEYSTORE or PAYOUT_PRIVATE_KEY). Pay by hand and enter the transaction hash.',
      );
    }
    const signed = await withTx(db, (tx) => sign(tx, actor, account, id));
    try {
      await chain.sendRaw(PAYOUT_CHAIN_ID, signed.raw);
      await repo.markSent(db, signed.payoutId, clock.now());
      return { message: `Sent ${formatUsdt(signed.amount)} to ${signed.to}`, tx_hash: signed.hash };
    } catch (error) {
      // recorded and signed: the follower sends these very bytes again, never a new transaction
      const reason = shortReason(error);
      await repo.noteError(db, signed.payoutId, reason).catch(() => undefined);
      return {
        message: `Signed and recorded, but the RPC did not take it yet (${reason}); it is sent again automatically`,
        tx_hash: signed.hash,
      };
    }
  }

  async function sign(tx: Tx, actor: Actor, from: LocalAccount, id: number) {
    await repo.lockWallet(tx, PAYOUT_CHAIN_ID, from.address);
    const w = await withdrawalsRepo.find(tx, id, true);
    if (!w) throw notFound('Withdrawal request not found');
    if (w.status !== 'pending') throw conflict(`This request is already ${w.status}`);
    if (w.payout_status === 'signed' || w.payout_status === 'sent' || w.payout_status === 'confirmed') {
      throw conflict(`This withdrawal is already being paid: transaction ${w.payout_tx_hash}`);
    }
    if (w.network !== 'BEP20')
      throw badRequest('Only BEP20 withdrawals are paid from the hot wallet; pay TRC20 by hand');
    if (!isAddress(w.address, { strict: false })) {
      throw badRequest(
        `The member's BEP20 address (${w.address}) is not a valid address; reject the request`,
      );
    }
    if (w.net <= 0n) throw badRequest('Nothing to pay: the fee takes the whole amount');
    if (w.net > perPayoutMax) {
      throw conflict(
        `${formatUsdt(w.net)} is above the per-payout limit of ${formatUsdt(perPayoutMax)}; pay it by hand`,
      );
    }
    const now = clock.now();
    const paidToday = await repo.paidSince(tx, startOfDay(now));
    if (paidToday + w.net > dailyMax) {
      throw conflict(
        `Today's payouts reach ${formatUsdt(paidToday)} of the ${formatUsdt(dailyMax)} daily limit; ${formatUsdt(w.net)} more would pass it`,
      );
    }
    await withdrawals.assertFourEyes(tx, w, actor);

    const to = w.address as `0x${string}`;
    const units = w.net * UNITS_PER_MICRO;
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, units] });
    const flying = await repo.inFlight(tx);
    const [chainNonce, tokenUnits, native, gasPrice] = await read((c) =>
      Promise.all([
        c.getTransactionCount({ address: from.address, blockTag: 'pending' }),
        c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [from.address] }),
        c.getBalance({ address: from.address }),
        c.getGasPrice(),
      ]),
    );
    // money of payouts not yet confirmed is counted as gone even if some were already mined
    const needed = units + flying.amount * UNITS_PER_MICRO;
    if (tokenUnits < needed) {
      throw conflict(
        `The hot wallet holds ${formatUnits(tokenUnits, USDT_DECIMALS)} USDT; this payout needs ${formatUsdt(w.net)}${flying.n ? ` on top of ${formatUsdt(flying.amount)} in ${flying.n} payout(s) not yet confirmed` : ''}. Send USDT to ${from.address} and try again.`,
      );
    }
    const gas = ((await read((c) => c.estimateGas({ account: from.address, to: token, data }))) * 12n) / 10n;
    const gasNeeded = gas * gasPrice * BigInt(flying.n + 1);
    if (native < gasNeeded) {
      throw conflict(
        `The hot wallet has ${formatUnits(native, 18)} BNB for gas; sending needs about ${formatUnits(gasNeeded, 18)} BNB. Send BNB to ${from.address} and try again.`,
      );
    }
    const nonce = maxBig(BigInt(chainNonce), await repo.nextNonce(tx, PAYOUT_CHAIN_ID, from.address));
    const raw = await from.signTransaction({
      chainId: PAYOUT_CHAIN_ID,
      type: 'legacy',
      nonce: Number(nonce),
      to: token,
      data,
      gas,
      gasPrice,
    });
    const hash = keccak256(raw);
    const payoutId = await repo.insert(tx, {
      withdrawal_id: w.id,
      chain_id: PAYOUT_CHAIN_ID,
      from_address: from.address,
      to_address: to,
      token,
      amount: w.net,
      nonce,
      tx_hash: hash,
      raw_tx: raw,
      created_by: BigInt(actor.userId),
      now,
    });
    await recordAudit(tx, actor, {
      action: 'withdrawal.payout',
      targetType: 'withdrawal',
      targetId: id,
      after: { payout: payoutId, tx_hash: hash, nonce, to, amount: w.net, from: from.address },
    });
    return { payoutId, raw, hash, amount: w.net, to };
  }

  /** Takes every signed or sent payout one step further on the chain (see the header). */
  async function follow() {
    for (const p of await repo.open(db)) {
      try {
        await followOne(p);
      } catch (error) {
        deps.log?.warn({ payout: String(p.id), err: shortReason(error) }, 'payout: the chain did not answer');
      }
    }
  }

  async function followOne(p: repo.PayoutRow) {
    const now = clock.now();
    let mined = await chain.minedTransaction(p.chain_id, p.tx_hash);
    if (!mined) {
      const used = await read((c) =>
        c.getTransactionCount({ address: p.from_address as `0x${string}`, blockTag: 'latest' }),
      );
      // read again: it may have been mined between the two reads
      mined = BigInt(used) > p.nonce ? await chain.minedTransaction(p.chain_id, p.tx_hash) : null;
      if (!mined && BigInt(used) > p.nonce) {
        await repo.markFailed(
          db,
          p.id,
          'Its nonce was used by another transaction of the hot wallet; this one moved nothing',
        );
        return;
      }
      if (!mined) {
        try {
          await chain.sendRaw(p.chain_id, p.raw_tx);
          await repo.markSent(db, p.id, now);
        } catch (error) {
          await repo.noteError(db, p.id, shortReason(error));
        }
        return;
      }
    }
    if (!mined.succeeded) {
      await repo.markFailed(db, p.id, `Reverted on chain in block ${mined.blockNumber}; nothing was paid`);
      return;
    }
    if (p.status === 'signed') await repo.markSent(db, p.id, now);
    if (mined.confirmations < config.PAYOUT_CONFIRMATIONS) return;
    const payer: Actor = {
      userId: Number(p.created_by),
      audience: 'admin',
      sessionId: 'payouts',
      ip: 'payout follower',
      roles: ['finance'],
    };
    await withdrawals.decide(
      payer,
      Number(p.withdrawal_id),
      p.kind,
      { status: 'approved', tx_hash: p.tx_hash },
      true,
    );
    await repo.markConfirmed(db, p.id, mined.blockNumber, now);
  }

  return { wallet, pay, follow };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;

const maxBig = (a: bigint, b: bigint) => (a > b ? a : b);

function shortReason(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string };
  return (e.shortMessage ?? e.message ?? 'unknown error').replace(/https?:\/\/\S+/g, '').slice(0, 200);
}
