import { z } from 'zod';
import { int8Id, int8Param, pageInfo, pageQuery } from './common.js';
import { moneyInput } from './money.js';
import { payoutSummary } from './payouts.js';
import { percent, type Settings } from './settings.js';
import { passwordConfirmation } from './transfers.js';
import { chainById } from './web3.js';

export const WITHDRAWAL_KINDS = ['profit', 'roi', 'principal', 'compound'] as const;
export type WithdrawalKind = (typeof WITHDRAWAL_KINDS)[number];
export const WITHDRAWAL_STATUS = ['pending', 'approved', 'rejected'] as const;
export const NETWORKS = ['BEP20', 'TRC20'] as const;

/** The wallet each kind is paid from (DOMAIN.md, Money in and out). */
export const WITHDRAWAL_WALLET = {
  profit: 'earnings',
  roi: 'roi',
  principal: 'principal',
  compound: 'compound',
} as const;

export const withdrawalRequestBody = z.strictObject({
  amount: moneyInput,
  network: z.enum(NETWORKS).default('BEP20'),
  /** The member's password, asked again as for a transfer: money leaves the platform. */
  password: passwordConfirmation,
  /** Must be the caller's own id when sent (the spec's clients send it). */
  user_id: int8Id.optional(),
});

/** Admin decision (spec: status, amount, user_id); approval needs the payout transaction hash. */
export const withdrawalDecisionBody = z.strictObject({
  status: z.enum(['approved', 'rejected']),
  amount: moneyInput.optional(),
  user_id: int8Id.optional(),
  tx_hash: z.string().trim().max(120).optional(),
  reason: z.string().trim().max(300).optional(),
});

/**
 * The form of a payout transaction hash on each network: what an admin may paste to approve a paid
 * withdrawal (compared without case; stored as typed, trimmed).
 */
export const PAYOUT_HASH_FORM = {
  BEP20: { pattern: /^0x[0-9a-fA-F]{64}$/, text: '0x followed by 64 hexadecimal characters' },
  TRC20: { pattern: /^[0-9a-fA-F]{64}$/, text: '64 hexadecimal characters, without 0x' },
} as const satisfies Record<(typeof NETWORKS)[number], { pattern: RegExp; text: string }>;

/** Why `hash` is not a transaction hash of `network`, or null when it has the network's form. */
export function payoutHashProblem(network: (typeof NETWORKS)[number], hash: string): string | null {
  const form = PAYOUT_HASH_FORM[network];
  return form.pattern.test(hash.trim())
    ? null
    : `Not a ${network} transaction hash: a ${network} hash is ${form.text}`;
}

/**
 * Where the member and the admins look a payout up: the network's block explorer. Null for a hash
 * of another form (one recorded before hashes were checked).
 */
export function payoutExplorerUrl(network: (typeof NETWORKS)[number], hash: string): string | null {
  if (payoutHashProblem(network, hash)) return null;
  const trimmed = hash.trim();
  return network === 'BEP20'
    ? `${chainById(56)!.explorer.url}/tx/${trimmed}`
    : `https://tronscan.org/#/transaction/${trimmed}`;
}

/** Four eyes: the finance admin who signed a large withdrawal off, and when (admins only). */
export const withdrawalSignOff = z.object({
  admin_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  at: z.string(),
});
export type WithdrawalSignOff = z.infer<typeof withdrawalSignOff>;

export const withdrawal = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  kind: z.enum(WITHDRAWAL_KINDS),
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  fee_percent: z.number(),
  network: z.enum(NETWORKS),
  address: z.string(),
  status: z.enum(WITHDRAWAL_STATUS),
  tx_hash: z.string().nullable(),
  reason: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  /**
   * Admins who approved it so far (the sign-off, then the admin who paid or approved it), and how
   * many must: two different finance admins above the four-eyes amount, else one.
   */
  approvals: z.number().int(),
  approvals_needed: z.number().int(),
  /**
   * Above the four-eyes amount: who signed it off and when (null until then, and always null in a
   * member's answers). Whoever signed it off may not pay or approve it.
   */
  sign_off: withdrawalSignOff.nullable(),
  /** Its on-chain payout from the hot wallet, if one was made (the latest). */
  payout: payoutSummary.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalListQuery = pageQuery.extend({
  kind: z.enum(WITHDRAWAL_KINDS).optional(),
  status: z.enum(WITHDRAWAL_STATUS).optional(),
  user_id: int8Param.optional(),
});
export const withdrawalListResponse = z.object({
  allwithdrawals: z.array(withdrawal),
  /**
   * The same list again, under the key the spec family's back end answers (the spec names the call
   * but not its keys; that family's admin pages read `allwithdrawal`).
   */
  allwithdrawal: z.array(withdrawal),
  ...pageInfo,
  totals: z.object({ amount: z.number(), fee: z.number(), net: z.number() }),
});
export const singleWithdrawalResponse = z.object({ singlewithdrawal: withdrawal });
export const withdrawalResponse = z.object({ message: z.string(), withdrawal });

export const compoundShareBody = z.strictObject({
  percent,
  user_id: int8Id.optional(),
});

export const ADJUSTABLE_WALLETS = ['fund', 'earnings', 'roi', 'principal', 'compound'] as const;
export const adjustmentBody = z.strictObject({
  user_id: int8Id,
  wallet: z.enum(ADJUSTABLE_WALLETS),
  amount: moneyInput,
  direction: z.enum(['debit', 'credit']).default('debit'),
  reason: z.string().trim().min(3, 'Give a reason for the adjustment').max(300),
});

/**
 * The fee percent of a withdrawal (DOMAIN.md): profit, ROI and compound from settings; principal by
 * days since activation through the tiers (e.g. 20 % within 10 days, 10 % within 20, then 0).
 */
export function withdrawalFeePercent(
  kind: WithdrawalKind,
  s: Pick<
    Settings,
    'fee_profit_percent' | 'fee_roi_percent' | 'fee_compound_percent' | 'fee_principal_tiers'
  >,
  daysSinceActivation: number,
): number {
  if (kind === 'profit') return s.fee_profit_percent;
  if (kind === 'roi') return s.fee_roi_percent;
  if (kind === 'compound') return s.fee_compound_percent;
  const tier = [...s.fee_principal_tiers]
    .sort((a, b) => a.within_days - b.within_days)
    .find((t) => daysSinceActivation < t.within_days);
  return tier?.percent ?? 0;
}
