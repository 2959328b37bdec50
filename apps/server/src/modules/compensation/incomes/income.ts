/**
 * What an income is, in the words both the paying side (credit.ts, cap.ts) and the recording side
 * (repo.ts) use: its kinds, one item a rule asks to pay, the earning limit's decision on it, and what
 * is recorded. Its own file so the arrows run one way (credit -> cap -> repo -> here, credit -> here),
 * never in a circle (import-cycles.test.ts checks).
 */
export const INCOME_KINDS = [
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
  'cto',
  'bonus',
] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/** The kinds the spec counts in Total earnings (section 9), and so the ones the limit caps. */
export const CAPPED_KINDS: readonly IncomeKind[] = [
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
];

export interface IncomeItem {
  userId: number;
  kind: IncomeKind;
  /** What the rule computed, in micro-units (> 0). */
  amount: bigint;
  /** The cause; one income per member, kind and cause. */
  refType: string;
  refId: string;
  sourceUserId?: number | null;
  level?: number | null;
  baseAmount?: bigint | null;
  /** The percent the rule applied, as written in settings or on the plan (e.g. "0.5"). */
  percent?: string | number | null;
  meta?: Record<string, unknown>;
}

export interface CapDecision {
  userId: number;
  /** What may be paid: the whole amount, or what the room allows (possibly 0). */
  paid: bigint;
  /** The limit (active plan x cap multiple) and the earnings counted against it, as decided. */
  limit: bigint;
  earnedBefore: bigint;
  /** The stripe that records the payment (locked by this transaction). */
  stripe: number;
}

export interface IncomeRecord extends IncomeItem {
  paid: bigint;
  cut: bigint;
  earningLimit: bigint | null;
  earnedBefore: bigint | null;
  transferId: string | null;
}

/** ROI is non-working income and lands in `roi`; every other income in `earnings`. */
export const walletOf = (kind: IncomeKind) => (kind === 'roi_income' ? 'roi' : 'earnings');
