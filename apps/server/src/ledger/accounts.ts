/** The accounts of the ledger (DOMAIN.md, Wallets). Member accounts cannot go negative; platform ones can. */
export const MEMBER_ACCOUNTS = ['fund', 'earnings', 'roi', 'principal', 'compound'] as const;
export type MemberAccountKind = (typeof MEMBER_ACCOUNTS)[number];

export const PLATFORM_ACCOUNTS = [
  'platform:cash',
  'platform:payouts',
  'platform:fees',
  'platform:incentives',
  'platform:withdrawals_pending',
] as const;
export type PlatformAccountKind = (typeof PLATFORM_ACCOUNTS)[number];

export type AccountRef =
  | { owner: number; kind: MemberAccountKind }
  | { owner: null; kind: PlatformAccountKind };

export const member = (owner: number, kind: MemberAccountKind): AccountRef => ({ owner, kind });
export const platform = (kind: PlatformAccountKind): AccountRef => ({ owner: null, kind });

export const TRANSFER_KINDS = [
  'deposit',
  'plan_purchase',
  'activation',
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
  'cto',
  'bonus',
  'transfer',
  'withdrawal',
  'withdrawal_fee',
  'compound',
  'admin_adjustment',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

/** Incomes: the kinds whose credits to a member are kept as running totals (member figures). */
export const INCOME_TRANSFER_KINDS: ReadonlySet<string> = new Set([
  'direct_income',
  'level_income',
  'roi_income',
  'reward',
  'salary',
  'cto',
  'bonus',
]);

export const refKey = (ref: AccountRef) => `${ref.owner ?? 0}:${ref.kind}`;
