import {
  DEPOSIT_CHANNEL_LABELS,
  DEPOSIT_CHANNELS,
  type ReportColumn,
  type ReportKind,
} from '@app/contracts/reports';

/**
 * What each report shows: its table columns (the CSV export has exactly these, in this order), the
 * parts its chart and totals break the money into, and what the headline amount adds up.
 * The SQL behind each key is in repo.ts.
 */
export interface KindDefinition {
  columns: ReportColumn[];
  parts: Array<{ key: string; label: string }>;
  amountLabel: string;
  /** Words shown for the stored values of a text column (wallet kinds, income kinds...). */
  labels?: Record<string, Record<string, string>>;
  /** Start of the CSV file name. */
  fileName: string;
}

const col = (key: string, label: string, type: ReportColumn['type'] = 'text'): ReportColumn => ({
  key,
  label,
  type,
});

export const KINDS: Record<ReportKind, KindDefinition> = {
  deposits: {
    columns: [
      // unique across channels: the channel, then its own number (repo.ts)
      col('id', 'ID'),
      col('channel', 'Channel'),
      col('created_at', 'Recorded', 'datetime'),
      col('username', 'Member'),
      col('amount', 'Amount (USDT)', 'money'),
      col('status', 'Status', 'status'),
      col('decided_at', 'Credited or decided', 'datetime'),
      col('note', 'Note'),
    ],
    // the credited money split by channel, then what is not credited (pending, rejected)
    parts: [
      ...DEPOSIT_CHANNELS.map((c) => ({ key: c, label: DEPOSIT_CHANNEL_LABELS[c] })),
      { key: 'pending', label: 'Pending' },
      { key: 'rejected', label: 'Rejected' },
    ],
    amountLabel: 'Credited',
    labels: { channel: DEPOSIT_CHANNEL_LABELS },
    fileName: 'deposits',
  },
  withdrawals: {
    columns: [
      col('id', 'ID', 'number'),
      col('created_at', 'Requested', 'datetime'),
      col('username', 'Member'),
      col('wallet', 'Wallet'),
      col('amount', 'Amount (USDT)', 'money'),
      col('fee', 'Fee (USDT)', 'money'),
      col('net', 'Net (USDT)', 'money'),
      col('status', 'Status', 'status'),
      col('decided_at', 'Decided', 'datetime'),
      col('network', 'Network'),
      col('tx_hash', 'Payout transaction'),
    ],
    parts: [
      { key: 'approved', label: 'Approved' },
      { key: 'pending', label: 'Pending' },
      { key: 'rejected', label: 'Rejected' },
      { key: 'cancelled', label: 'Cancelled' },
    ],
    amountLabel: 'Approved (gross)',
    labels: {
      wallet: { profit: 'Profit', roi: 'ROI', principal: 'Principal', compound: 'Compound' },
    },
    fileName: 'withdrawals',
  },
  topups: {
    columns: [
      col('id', 'ID', 'number'),
      col('created_at', 'Date', 'datetime'),
      col('kind', 'Type'),
      col('username', 'Member'),
      col('payer', 'Paid by'),
      col('plan', 'Plan'),
      col('amount', 'Amount (USDT)', 'money'),
      col('status', 'Status', 'status'),
    ],
    parts: [
      { key: 'purchase', label: 'Purchases' },
      { key: 'retopup', label: 'Re-top-ups' },
      { key: 'activation', label: 'Activations' },
      { key: 'reversed', label: 'Reversed' },
    ],
    amountLabel: 'Top-ups (not reversed)',
    labels: { kind: { purchase: 'Purchase', retopup: 'Re-top-up', activation: 'Activation' } },
    fileName: 'topups',
  },
  incomes: {
    columns: [
      col('created_at', 'Date', 'datetime'),
      col('username', 'Member'),
      col('kind', 'Income'),
      col('wallet', 'Wallet'),
      col('amount', 'Amount (USDT)', 'money'),
      col('reference', 'Reference'),
      col('transfer_id', 'Ledger transfer'),
    ],
    parts: [
      { key: 'direct_income', label: 'Direct' },
      { key: 'level_income', label: 'Level' },
      { key: 'roi_income', label: 'ROI' },
      { key: 'reward', label: 'Reward' },
      { key: 'salary', label: 'Salary' },
      { key: 'cto', label: 'CTO' },
      { key: 'bonus', label: 'Bonus' },
    ],
    amountLabel: 'Credited',
    labels: {
      kind: {
        direct_income: 'Referral income',
        level_income: 'Level income',
        roi_income: 'ROI income',
        reward: 'Reward',
        salary: 'Salary',
        cto: 'CTO share',
        bonus: 'Bonus',
      },
      wallet: {
        fund: 'Fund',
        earnings: 'Earnings',
        roi: 'ROI',
        principal: 'Principal',
        compound: 'Compound',
      },
    },
    fileName: 'incomes',
  },
};
