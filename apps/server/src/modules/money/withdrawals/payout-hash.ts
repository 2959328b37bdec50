/**
 * The payout transaction hash an admin pastes to approve a withdrawal paid by hand. Its form is
 * always checked (contracts `payoutHashProblem`: BEP20 `0x` + 64 hex, TRC20 64 hex). With an RPC
 * configured for BNB Smart Chain (CHAIN_RPC_56), a BEP20 hash is also read from the chain: it must be
 * a successful transaction with a USDT Transfer (the configured token) of exactly the net amount to
 * the member's withdrawal address, with PAYOUT_CONFIRMATIONS confirmations. TRC20 has no RPC here:
 * its form only.
 */
import { formatUsdt } from '@app/contracts/money';
import { USDT_DECIMALS } from '@app/contracts/web3';
import { payoutHashProblem } from '@app/contracts/withdrawals';
import { formatUnits } from 'viem';
import { badRequest, conflict } from '../../../errors.js';
import type { ChainAccess } from '../../crypto/web3/chain.js';

const BSC = 56;
const UNITS_PER_MICRO = 10n ** BigInt(USDT_DECIMALS - 6);

interface Payable {
  network: 'BEP20' | 'TRC20';
  address: string;
  /** Micro-USDT: what must arrive. */
  net: bigint;
}

/** 400 when the hash has not the form of the withdrawal's network. */
export function assertHashForm(network: Payable['network'], hash: string) {
  const problem = payoutHashProblem(network, hash);
  if (problem) throw badRequest(problem);
}

export type PaidHashCheck = (w: Payable, hash: string) => Promise<void>;

/** The on-chain check of a pasted BEP20 hash; 409 with the reason when it does not pay this withdrawal. */
export function createPaidHashCheck(deps: {
  chain: ChainAccess;
  token: string;
  confirmations: number;
}): PaidHashCheck {
  const token = deps.token.toLowerCase();
  return async function verify(w, hash) {
    if (w.network !== 'BEP20') return;
    const txHash = hash.trim().toLowerCase() as `0x${string}`;
    const short = `${txHash.slice(0, 10)}…${txHash.slice(-6)}`;
    const mined = await deps.chain.minedTransaction(BSC, txHash);
    if (!mined) {
      throw conflict(
        `Transaction ${short} was not found on BNB Smart Chain: it is not mined yet, or it is on another network. Check the hash, or approve once it is confirmed.`,
      );
    }
    if (!mined.succeeded) {
      throw conflict(`Transaction ${short} failed on chain (block ${mined.blockNumber}): it paid nothing`);
    }
    const usdt = mined.transfers.filter((t) => t.token === token);
    if (usdt.length === 0) throw conflict(`Transaction ${short} moves no USDT (token ${deps.token})`);
    const to = w.address.trim().toLowerCase();
    const toMember = usdt.filter((t) => t.to === to);
    if (toMember.length === 0) {
      throw conflict(
        `Wrong address: transaction ${short} pays USDT to ${[...new Set(usdt.map((t) => t.to))].join(', ')}, not to the member's BEP20 address ${w.address}`,
      );
    }
    const units = w.net * UNITS_PER_MICRO;
    if (!toMember.some((t) => t.value === units)) {
      const paid = toMember.map((t) => `${formatUnits(t.value, USDT_DECIMALS)} USDT`).join(' and ');
      throw conflict(
        `Wrong amount: transaction ${short} pays ${paid} to the member's address; the net to pay is ${formatUsdt(w.net)}`,
      );
    }
    if (mined.confirmations < deps.confirmations) {
      throw conflict(
        `Not confirmed yet: transaction ${short} has ${mined.confirmations} of ${deps.confirmations} confirmations. Approve again in a minute.`,
      );
    }
  };
}
