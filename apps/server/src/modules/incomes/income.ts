/**
 * What an income is, in the words both the paying side (credit.ts) and the recording side (repo.ts)
 * use: its kinds, one item a rule asks to pay, and the decision recorded for it. Its own file so the
 * arrows run one way (credit -> repo -> here, credit -> here), never in a circle.
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

export interface IncomeRecord extends IncomeItem {
  paid: bigint;
  cut: bigint;
  earningLimit: bigint | null;
  earnedBefore: bigint | null;
  transferId: string | null;
}

/** ROI is non-working income and lands in `roi`; every other income in `earnings`. */
export const walletOf = (kind: IncomeKind) => (kind === 'roi_income' ? 'roi' : 'earnings');
