/** SQL of GET /metrics: backlogs counted at scrape time, each on an index of its table. */
import type { Queryable } from '../../../db/pool.js';

export interface Backlog {
  /** mail_outbox rows still to send (index mail_outbox_pending). */
  mails: number;
  /** Withdrawal requests waiting for an admin (index withdrawals_status). */
  withdrawals: number;
  /** Provider payments not yet finished, failed, refunded or expired (index provider_payments_open). */
  providerPayments: number;
  /** Wallet (USDT BEP20) deposits waiting for confirmations (index web3_deposits_confirming). */
  walletDeposits: number;
}

export async function backlog(q: Queryable): Promise<Backlog> {
  const { rows } = await q.query<Record<keyof Backlog, bigint>>(
    `SELECT (SELECT count(*) FROM mail_outbox WHERE status = 'pending') AS "mails",
            (SELECT count(*) FROM withdrawals WHERE status = 'pending') AS "withdrawals",
            (SELECT count(*) FROM provider_payments
              WHERE status NOT IN ('finished', 'failed', 'refunded', 'expired')) AS "providerPayments",
            (SELECT count(*) FROM web3_deposits WHERE status = 'confirming') AS "walletDeposits"`,
  );
  const row = rows[0]!;
  return {
    mails: Number(row.mails),
    withdrawals: Number(row.withdrawals),
    providerPayments: Number(row.providerPayments),
    walletDeposits: Number(row.walletDeposits),
  };
}
