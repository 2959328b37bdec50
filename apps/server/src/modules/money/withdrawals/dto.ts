import { fromMicro } from '@app/contracts/money';
import type { Withdrawal, WithdrawalSignOff } from '@app/contracts/withdrawals';
import type * as repo from './repo.js';

/** Approvals a withdrawal needs before it is paid: two different admins above the four-eyes amount. */
export const approvalsNeeded = (net: bigint, fourEyesAbove: bigint) => (net > fourEyesAbove ? 2 : 1);

/** A payout transaction may still move money: nobody may approve by hand, reject or cancel. */
export const payoutInFlight = (w: repo.WithdrawalRow) =>
  w.payout_status === 'signed' || w.payout_status === 'sent';

/**
 * The sign-off that counts for paying it now: made by an admin who still holds finance (or owner)
 * and is not blocked. A decided withdrawal keeps the sign-off it had, whoever holds what today.
 */
export function signOffOf(w: repo.WithdrawalRow): (WithdrawalSignOff & { counts: boolean }) | null {
  if (w.sign_off_admin_id === null || !w.sign_off_at) return null;
  return {
    admin_id: Number(w.sign_off_admin_id),
    name: w.sign_off_name ?? '',
    email: w.sign_off_email ?? '',
    at: w.sign_off_at.toISOString(),
    counts: w.sign_off_counts === true,
  };
}

/** The admin who paid it (the payout's signer) or approved it with a hash, if any. */
function payerOf(w: repo.WithdrawalRow): number | null {
  if (w.status === 'approved' && w.decided_by !== null) return Number(w.decided_by);
  if (w.payout_status && w.payout_status !== 'failed' && w.payout_created_by !== null)
    return Number(w.payout_created_by);
  return null;
}

/** `forMember`: a member's own answer names no admin. */
export const toDto = (w: repo.WithdrawalRow, fourEyesAbove: bigint, forMember = false): Withdrawal => {
  const signOff = signOffOf(w);
  const shown = signOff && (signOff.counts || w.status !== 'pending') ? signOff : null;
  const payer = payerOf(w);
  return {
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
    approvals: new Set([...(shown ? [shown.admin_id] : []), ...(payer !== null ? [payer] : [])]).size,
    approvals_needed: approvalsNeeded(w.net, fourEyesAbove),
    sign_off:
      shown && !forMember
        ? { admin_id: shown.admin_id, name: shown.name, email: shown.email, at: shown.at }
        : null,
    payout: w.payout_status
      ? { status: w.payout_status, tx_hash: w.payout_tx_hash!, error: w.payout_error }
      : null,
  };
};
