import { formatUsdt, fromMicro } from '@app/contracts/money';
import { TABLE_NAMES, TABLE_SOURCES, type TableName, type Transaction } from '@app/contracts/transactions';
import type { Tone } from '../components/ui/Badge';
import { WALLET_LABEL, type Wallet } from './money-labels';

/** Human words for the ledger's transaction views (contracts/transactions.ts), shared by member and admin screens. */

export const TABLE_LABEL: Record<TableName, { title: string; description: string }> = {
  roi_transaction: {
    title: 'ROI income',
    description: 'Daily ROI you claimed on your active plan, credited to your ROI wallet.',
  },
  level_transaction: {
    title: 'Level income',
    description: "Your share of your team's daily ROI, by level, credited to your earnings wallet.",
  },
  direct_transaction: {
    title: 'Referral income',
    description: 'Income from plans bought by members you sponsored directly.',
  },
  reward_transaction: { title: 'Rewards', description: 'Rewards you claimed for team business.' },
  salary_transaction: { title: 'Salary', description: 'Monthly salary paid for your rank.' },
  cto_transaction: { title: 'CTO share', description: 'Your share of the company turnover pool.' },
  bonus_transaction: { title: 'Bonuses', description: 'Bonuses you claimed, such as video and ad bonuses.' },
  deposit_transaction: {
    title: 'Deposits',
    description: 'Money added to your fund wallet: approved deposits and redeemed codes.',
  },
  topup_transaction: {
    title: 'Plan purchases',
    description: 'Plans bought and activation fees paid, for you or by you for other members.',
  },
  withdrawal_transaction: {
    title: 'Withdrawals',
    description:
      'Amounts taken out of your wallets: pending while a request waits, voided if it is rejected.',
  },
  transfer_transaction: {
    title: 'Transfers',
    description: 'Earnings moved to your fund wallet, and funds sent to or received from other members.',
  },
  compound_transaction: {
    title: 'Compound',
    description: 'ROI put back to work in your active plan.',
  },
  adjustment_transaction: {
    title: 'Adjustments',
    description: 'Corrections an administrator recorded on your wallets, with their reason.',
  },
};

/** Every ledger kind a member can see (the union of the views), in the order of the views. */
export const MEMBER_SOURCES: readonly string[] = TABLE_NAMES.flatMap((t) => TABLE_SOURCES[t]);

export const SOURCE_LABEL: Record<string, string> = {
  deposit: 'Deposit',
  plan_purchase: 'Plan purchase',
  activation: 'Activation fee',
  direct_income: 'Referral income',
  level_income: 'Level income',
  roi_income: 'ROI income',
  reward: 'Reward',
  salary: 'Salary',
  cto: 'CTO share',
  bonus: 'Bonus',
  transfer: 'Transfer',
  withdrawal: 'Withdrawal',
  withdrawal_fee: 'Withdrawal fee',
  compound: 'Compound',
  admin_adjustment: 'Admin adjustment',
};

export const sourceLabel = (source: string) => SOURCE_LABEL[source] ?? source.replace(/_/g, ' ');

/**
 * A label inside a sentence: first letter lowered unless the label starts with an acronym, so
 * "Referral income" reads "referral income" but "ROI income" and "CTO share" stay (issue 37.13).
 */
export const inSentence = (label: string) =>
  /^[A-Z]{2}/.test(label) ? label : `${label.charAt(0).toLowerCase()}${label.slice(1)}`;

/**
 * What a ledger entry refers to (its `ref_type`: the server's record names), in the member's words
 * (issue 37.13: "roi claim #1" and "top-up #14" were the server's names). The one map of them, for
 * the member's and the admins' screens alike; an unknown name is shown spaced out rather than hidden.
 */
export const REF_LABEL: Record<string, string> = {
  roi_claim: 'Daily reward claim',
  bonus_claim: 'Bonus claim',
  topup: 'Plan purchase',
  topup_reversal: 'Plan purchase reversal',
  deposit: 'Deposit',
  provider_payment: 'Crypto payment',
  code: 'Activation code',
  withdrawal: 'Withdrawal',
  member_transfer: 'Transfer',
  reward_stage: 'Reward stage',
  reward_plan: 'Reward',
  salary: 'Salary',
  cto_pool: 'CTO pool',
  adjustment: 'Adjustment',
  admin_edit: 'Admin correction',
};

/** "Daily reward claim #1" for `roi_claim` 1; the id left out when there is none. */
export function refText(refType: string, refId?: string | number | null): string {
  const label =
    REF_LABEL[refType] ?? `${refType[0]?.toUpperCase() ?? ''}${refType.slice(1).replace(/_/g, ' ')}`;
  return refId === null || refId === undefined || refId === '' ? label : `${label} #${refId}`;
}

export const walletLabel = (wallet: string) => WALLET_LABEL[wallet as Wallet] ?? wallet;

export const ENTRY_STATUS = ['posted', 'pending', 'voided'] as const;
export type EntryStatus = (typeof ENTRY_STATUS)[number];

export const ENTRY_STATUS_LABEL: Record<EntryStatus, { text: string; tone: Tone; hint: string }> = {
  posted: { text: 'Completed', tone: 'green', hint: 'Posted to the ledger: the money has moved.' },
  pending: {
    text: 'Pending',
    tone: 'amber',
    hint: 'Held while a request waits for a decision; it cannot be spent meanwhile.',
  },
  voided: { text: 'Voided', tone: 'neutral', hint: 'Cancelled or rejected: the held amount went back.' },
};

export const ENTRY_TYPE = ['credit', 'debit'] as const;
export type EntryType = (typeof ENTRY_TYPE)[number];

export const ENTRY_TYPE_LABEL: Record<EntryType, string> = { credit: 'Money in', debit: 'Money out' };

/** An entry whose both sides are the member's own wallets is neither money in nor out. */
export const MOVE_LABEL = 'Move between own wallets';

export const entryDirection = (t: Transaction) =>
  t.internal ? MOVE_LABEL : ENTRY_TYPE_LABEL[t.transaction_type];

const text = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;

/**
 * Amount fields the ledger records in `details`: integer micro-units (bigints are stored as digit
 * strings), shown as USDT.
 */
const MONEY_DETAILS = new Set([
  'fee',
  'net',
  'amount',
  'base',
  'base_amount',
  'cut',
  'cap_cut',
  'capped',
  'paid',
  'gross',
  'earning_limit',
  'earned_before',
  'roi_paid',
]);

/** A percent as a person writes it: "5.0000" is 5 %, "0.5000" is 0.5 % (the rule's exact figure kept). */
export function percentText(value: string): string {
  const exact = /^-?\d+(\.\d+)?$/.test(value) ? value.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '') : value;
  return `${exact} %`;
}

/**
 * The words of the entries' causes and facts below: English here (the back-office's), the member's
 * language in components/money/transaction-words.ts. The logic (which fact, which sentence) is
 * written once, below; only the words differ.
 */
export interface TransactionWords {
  source: (source: string) => string;
  /** "Daily reward claim #1"; the id left out when there is none. */
  ref: (refType: string, refId?: string | number | null) => string;
  /** An amount in micro-units as the ledger records it ("12.50 USDT"). */
  micro: (microUnits: bigint) => string;
  percent: (value: string) => string;
  memberId: (id: string) => string;
  anotherMember: string;
  aPlan: string;
  codeRedeemed: (ref: string) => string;
  depositApproved: (ref: string) => string;
  planPaidBy: (plan: string, payer: string, purchase: string) => string;
  plan: (plan: string, purchase: string) => string;
  planWithOwnFund: (plan: string, purchase: string) => string;
  planBought: (plan: string, purchase: string) => string;
  activationFee: (purchase: string) => string;
  fromEarnings: string;
  fromMember: (name: string) => string;
  toFund: string;
  sentTo: (name: string) => string;
  /** "Profit withdrawal #3"; `kind` is the ledger's (profit, roi, principal, compound) or undefined. */
  withdrawal: (kind: string | undefined, ref: string) => string;
  fee: (percent: string) => string;
  waitingApproval: string;
  returned: string;
  adjustment: (reason: string) => string;
  adjustmentByAdmin: string;
  level: (level: string) => string;
  from: (name: string) => string;
  of: (amount: string) => string;
  overLimit: (amount: string) => string;
  /** A recorded fact's label: its key in words. */
  factLabel: (key: string) => string;
  /** A member a fact names, with their id. */
  named: (name: string, id: string) => string;
}

const spaced = (key: string) => `${key[0]?.toUpperCase() ?? ''}${key.slice(1).replace(/_/g, ' ')}`;

function microText(value: unknown, words: TransactionWords): string | undefined {
  const raw = text(value);
  if (raw === undefined || !/^-?\d{1,21}$/.test(raw)) return undefined;
  return words.micro(BigInt(raw));
}

export const ENGLISH_WORDS: TransactionWords = {
  source: sourceLabel,
  ref: refText,
  micro: (microUnits) => formatUsdt(fromMicro(microUnits), microUnits % 10_000n === 0n ? 2 : 6),
  percent: percentText,
  memberId: (id) => `member #${id}`,
  anotherMember: 'another member',
  aPlan: 'a plan',
  codeRedeemed: (ref) => `Activation code redeemed (code ${ref})`,
  depositApproved: (ref) => `Deposit ${ref} approved`,
  planPaidBy: (plan, payer, purchase) => `${plan} plan, paid by ${payer} (${purchase})`,
  plan: (plan, purchase) => `${plan} plan (${purchase})`,
  planWithOwnFund: (plan, purchase) => `${plan} plan bought with your fund (${purchase})`,
  planBought: (plan, purchase) => `${plan} plan bought (${purchase})`,
  activationFee: (purchase) => `Activation fee (${purchase})`,
  fromEarnings: 'From your earnings wallet',
  fromMember: (name) => `From ${name}`,
  toFund: 'To your fund wallet',
  sentTo: (name) => `Sent to ${name}`,
  withdrawal: (kind, ref) => `${kind ? `${spaced(kind)} withdrawal` : 'Withdrawal'} ${ref}`,
  fee: (percent) => `fee ${percent}`,
  waitingApproval: 'waiting for approval',
  returned: 'rejected or cancelled, amount returned',
  adjustment: (reason) => `Adjustment: ${reason}`,
  adjustmentByAdmin: 'Adjustment by an administrator',
  level: (level) => `level ${level}`,
  from: (name) => `from ${name}`,
  of: (amount) => `of ${amount}`,
  overLimit: (amount) => `${amount} over the limit not paid`,
  factLabel: spaced,
  named: (name, id) => `${name} (id ${id})`,
};

/** A member an entry names by id: their username when the server gave it. */
const memberName = (t: Transaction, id: string, words: TransactionWords) => t.names[id] ?? words.memberId(id);

/** One recorded fact of an entry, in words: its label and its value (amounts in USDT, percents with %). */
export function detailFact(
  key: string,
  value: unknown,
  names: Record<string, string> = {},
  words: TransactionWords = ENGLISH_WORDS,
): { label: string; value: string } {
  const label = words.factLabel(key);
  if (value === null || value === undefined) return { label, value: '—' };
  if (MONEY_DETAILS.has(key)) {
    const amount = microText(value, words);
    if (amount) return { label, value: amount };
  }
  if (key.endsWith('percent') && text(value) !== undefined)
    return { label, value: words.percent(text(value)!) };
  const name = key.endsWith('_id') ? names[text(value) ?? ''] : undefined;
  if (name)
    return { label: words.factLabel(key.replace(/_id$/, '')), value: words.named(name, text(value)!) };
  return { label, value: typeof value === 'object' ? JSON.stringify(value) : String(value) };
}

/**
 * Fields the compensation incomes record (DOMAIN.md: source member, level, base, percent, cap), in
 * words; null leaves a fact out (one's own ROI is not "from" oneself, a cut of 0 is no cut).
 */
type Fact = (v: string, t: Transaction, w: TransactionWords) => string | null;
const INCOME_FACTS: Array<[string[], Fact]> = [
  [['level'], (v, _t, w) => w.level(v)],
  [['source_username', 'from_username', 'source_user', 'from_user'], (v, _t, w) => w.from(v)],
  [
    ['source_user_id', 'from_user_id'],
    (v, t, w) => (Number(v) === t.user_id ? null : w.from(memberName(t, v, w))),
  ],
  [['percent'], (v, _t, w) => w.percent(v)],
  [['base', 'base_amount'], (v, _t, w) => w.of(microText(v, w) ?? `${v} USDT`)],
  [
    ['cut', 'capped', 'cap_cut'],
    (v, _t, w) => (/^0+$/.test(v) ? null : w.overLimit(microText(v, w) ?? `${v} USDT`)),
  ],
];

/**
 * Why an entry exists, in words, from what the ledger recorded on it (`details`, `ref_type`,
 * `ref_id`): the plan bought, the withdrawal it belongs to, the reason an admin gave...
 */
export function entryCause(t: Transaction, viewerId?: number, w: TransactionWords = ENGLISH_WORDS): string {
  const d = t.details;
  const ref = t.ref_id ? `#${t.ref_id}` : '';
  const purchase = w.ref('topup', t.ref_id);
  if (t.ref_type === 'topup_reversal') return w.ref('topup_reversal', t.ref_id);
  switch (t.source) {
    case 'deposit':
      return d.source === 'code' ? w.codeRedeemed(ref) : w.depositApproved(ref);
    case 'plan_purchase': {
      const plan = text(d.plan) ?? w.aPlan;
      const payer = text(d.payer_id);
      if (t.transaction_type === 'credit')
        return payer && Number(payer) !== t.user_id
          ? w.planPaidBy(plan, memberName(t, payer, w), purchase)
          : w.plan(plan, purchase);
      return t.internal ? w.planWithOwnFund(plan, purchase) : w.planBought(plan, purchase);
    }
    case 'activation':
      return w.activationFee(purchase);
    case 'transfer': {
      const sender = t.ref_type === 'member_transfer' ? Number(t.ref_id) : Number.NaN;
      const self = sender === (viewerId ?? t.user_id);
      const other = t.counterparty?.username || w.anotherMember;
      if (t.transaction_type === 'credit') return self || t.internal ? w.fromEarnings : w.fromMember(other);
      return t.internal || t.wallet === 'earnings' ? w.toFund : w.sentTo(other);
    }
    case 'withdrawal': {
      const percent = text(d.fee_percent);
      const parts = [w.withdrawal(text(d.kind), ref)];
      if (percent !== undefined) parts.push(w.fee(w.percent(percent)));
      if (t.status === 'pending') parts.push(w.waitingApproval);
      if (t.status === 'voided') parts.push(w.returned);
      return parts.join(' · ');
    }
    case 'admin_adjustment':
      return text(d.reason) ? w.adjustment(text(d.reason)!) : w.adjustmentByAdmin;
    default: {
      const facts: string[] = [];
      for (const [keys, say] of INCOME_FACTS) {
        const key = keys.find((k) => text(d[k]) !== undefined);
        const fact = key ? say(text(d[key])!, t, w) : null;
        if (fact) facts.push(fact);
      }
      if (facts.length) return facts.join(' · ');
      return t.ref_type ? w.ref(t.ref_type, t.ref_id) : w.source(t.source);
    }
  }
}
