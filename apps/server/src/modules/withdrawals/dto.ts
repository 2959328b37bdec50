import { fromMicro } from '@app/contracts/money';
import type { Withdrawal } from '@app/contracts/withdrawals';
import type * as repo from './repo.js';

/** Approvals a withdrawal needs before it is paid: two different admins above the four-eyes amount. */
export const approvalsNeeded = (net: bigint, fourEyesAbove: bigint) => (net > fourEyesAbove ? 2 : 1);

/** A payout transaction may still move money: nobody may approve by hand, reject or cancel. */
export const payoutInFlight = (w: repo.WithdrawalRow) =>
  w.payout_status === 'signed' || w.payout_status === 'sent';

export const toDto = (w: repo.WithdrawalRow, fourEyesAbove: bigint): Withdrawal => ({
  id: Number(w.id),
  user_id: Number(w.user_id),
  username: w.username,
  kind: w.kind,
  amount: fromMicro(w.amount),
  fee: fromMicro(w.fee),
  net: fromMicro(w.net),
  fee_percent: Number(w.fee_percent),
  network: w.network,
  address: w.address,
  status: w.status,
  tx_hash: w.tx_hash,
  reason: w.reason,
  decided_at: w.decided_at?.toISOString() ?? null,
  created_at: w.created_at.toISOString(),
  approvals: w.approvals,
  approvals_needed: approvalsNeeded(w.net, fourEyesAbove),
  payout: w.payout_status
    ? { status: w.payout_status, tx_hash: w.payout_tx_hash!, error: w.payout_error }
    : null,
});
