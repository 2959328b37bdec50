import type { TableName, Transaction } from '@app/contracts/transactions';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { formatAmount, formatPercent, microToDecimal } from '../../i18n/format';
import {
  ENGLISH_WORDS,
  type EntryStatus,
  type EntryType,
  percentText,
  type TransactionWords,
} from '../../lib/transaction-labels';

/*
 * lib/transaction-labels.ts's words through the catalogs (issue 38): the member's transaction
 * lists and the shared ledger table show them in the active language; the English source of each
 * message is the lib's English word for word, so the back-office reads what it read before.
 */

export const TABLE_WORDS: Record<TableName, { title: MessageDescriptor; description: MessageDescriptor }> = {
  roi_transaction: {
    title: msg`ROI income`,
    description: msg`Daily ROI you claimed on your active plan, credited to your ROI wallet.`,
  },
  level_transaction: {
    title: msg`Level income`,
    description: msg`Your share of your team's daily ROI, by level, credited to your earnings wallet.`,
  },
  direct_transaction: {
    title: msg`Referral income`,
    description: msg`Income from plans bought by members you sponsored directly.`,
  },
  reward_transaction: { title: msg`Rewards`, description: msg`Rewards you claimed for team business.` },
  salary_transaction: { title: msg`Salary`, description: msg`Monthly salary paid for your rank.` },
  cto_transaction: { title: msg`CTO share`, description: msg`Your share of the company turnover pool.` },
  bonus_transaction: {
    title: msg`Bonuses`,
    description: msg`Bonuses you claimed, such as video and ad bonuses.`,
  },
  deposit_transaction: {
    title: msg`Deposits`,
    description: msg`Money added to your fund wallet: approved deposits and redeemed codes.`,
  },
  topup_transaction: {
    title: msg`Plan purchases`,
    description: msg`Plans bought and activation fees paid, for you or by you for other members.`,
  },
  withdrawal_transaction: {
    title: msg`Withdrawals`,
    description: msg`Amounts taken out of your wallets: pending while a request waits, voided if it is rejected.`,
  },
  transfer_transaction: {
    title: msg`Transfers`,
    description: msg`Earnings moved to your fund wallet, and funds sent to or received from other members.`,
  },
  compound_transaction: {
    title: msg`Compound`,
    description: msg`ROI put back to work in your active plan.`,
  },
  adjustment_transaction: {
    title: msg`Adjustments`,
    description: msg`Corrections an administrator recorded on your wallets, with their reason.`,
  },
};

const SOURCE: Record<string, MessageDescriptor> = {
  // a kind of entry (the catalog's "Deposit" is the button that deposits)
  deposit: msg({ message: 'Deposit', context: 'entry kind' }),
  plan_purchase: msg`Plan purchase`,
  activation: msg`Activation fee`,
  direct_income: msg`Referral income`,
  level_income: msg`Level income`,
  roi_income: msg`ROI income`,
  reward: msg`Reward`,
  salary: msg`Salary`,
  cto: msg`CTO share`,
  bonus: msg`Bonus`,
  transfer: msg`Transfer`,
  withdrawal: msg`Withdrawal`,
  withdrawal_fee: msg`Withdrawal fee`,
  compound: msg`Compound`,
  admin_adjustment: msg`Admin adjustment`,
};

const REF: Record<string, MessageDescriptor> = {
  roi_claim: msg`Daily reward claim`,
  bonus_claim: msg`Bonus claim`,
  topup: msg`Plan purchase`,
  topup_reversal: msg`Plan purchase reversal`,
  // a kind of entry (the catalog's "Deposit" is the button that deposits)
  deposit: msg({ message: 'Deposit', context: 'entry kind' }),
  provider_payment: msg`Crypto payment`,
  code: msg`Activation code`,
  withdrawal: msg`Withdrawal`,
  member_transfer: msg`Transfer`,
  reward_stage: msg`Reward stage`,
  reward_plan: msg`Reward`,
  salary: msg`Salary`,
  cto_pool: msg`CTO pool`,
  adjustment: msg`Adjustment`,
  admin_edit: msg`Admin correction`,
};

const WALLET: Record<string, MessageDescriptor> = {
  fund: msg`Fund wallet`,
  earnings: msg`Earnings wallet`,
  roi: msg`ROI wallet`,
  principal: msg`Principal`,
  compound: msg`Compound`,
};

const STATUS: Record<EntryStatus, { text: MessageDescriptor; hint: MessageDescriptor }> = {
  posted: {
    text: msg({ message: 'Completed', context: 'entry' }),
    hint: msg`Posted to the ledger: the money has moved.`,
  },
  pending: {
    text: msg({ message: 'Pending', context: 'entry' }),
    hint: msg`Held while a request waits for a decision; it cannot be spent meanwhile.`,
  },
  voided: {
    text: msg({ message: 'Voided', context: 'entry' }),
    hint: msg`Cancelled or rejected: the held amount went back.`,
  },
};

const TYPE: Record<EntryType, MessageDescriptor> = { credit: msg`Money in`, debit: msg`Money out` };

/** The withdrawal kinds the ledger records on a withdrawal entry, as the withdrawal form names them. */
const WITHDRAWAL_OF: Record<string, MessageDescriptor> = {
  profit: msg`Profit withdrawal`,
  roi: msg`ROI withdrawal`,
  principal: msg`Principal withdrawal`,
  compound: msg`Compound withdrawal`,
};

/** The facts the ledger records on an entry (`details`), by key; another key is shown spaced out. */
const FACT: Record<string, MessageDescriptor> = {
  fee: msg`Fee`,
  net: msg`Net`,
  amount: msg`Amount`,
  base: msg`Base`,
  base_amount: msg`Base amount`,
  cut: msg`Cut`,
  cap_cut: msg`Cap cut`,
  capped: msg`Capped`,
  paid: msg`Paid`,
  gross: msg`Gross`,
  earning_limit: msg`Earning limit`,
  earned_before: msg`Earned before`,
  roi_paid: msg`ROI paid`,
  level: msg`Level`,
  percent: msg`Percent`,
  fee_percent: msg`Fee percent`,
  plan: msg`Plan`,
  kind: msg`Kind`,
  reason: msg`Reason`,
  network: msg`Network`,
  source: msg`Source`,
  source_user: msg`Source user`,
  from_user: msg`From user`,
  payer: msg`Payer`,
  payer_id: msg`Payer id`,
  plan_id: msg`Plan id`,
  act_plan_id: msg`Activation plan id`,
  roi_percent: msg`ROI percent`,
  cap_multiple: msg`Earning limit multiple`,
  direct_percent: msg`Referral income percent`,
  compound_percent: msg`Compound percent`,
  approved_by: msg`Approved by`,
  admin_id: msg`Admin id`,
  sent_by: msg`Sent by`,
  by: msg`By`,
  reversal_of: msg`Reversal of`,
  tx_hash: msg`Transaction hash`,
  days_since_activation: msg`Days since activation`,
  automatic: msg`Automatic`,
  bonus_type: msg`Bonus type`,
  period_hours: msg`Period (hours)`,
  period: msg`Period`,
  month: msg`Month`,
  months: msg`Months`,
  members: msg`Members`,
  title: msg`Title`,
  note: msg`Note`,
  threshold: msg`Threshold`,
  tier: msg`Tier`,
};

/** Every word of an entry in the active language (one object per language). */
export function transactionWords(i18n: I18n) {
  const say = (descriptor: MessageDescriptor | undefined, fallback: string) =>
    descriptor ? i18n._(descriptor) : fallback;
  const ref = (refType: string, refId?: string | number | null) => {
    const label = say(REF[refType], ENGLISH_WORDS.factLabel(refType));
    return refId === null || refId === undefined || refId === '' ? label : i18n._(msg`${label} #${refId}`);
  };
  const english = !i18n.locale || i18n.locale === 'en';
  const cause: TransactionWords = {
    source: (source) => say(SOURCE[source], source.replace(/_/g, ' ')),
    ref,
    micro: (microUnits) =>
      `${formatAmount(microToDecimal(microUnits), { decimals: microUnits % 10_000n === 0n ? 2 : 6 })} USDT`,
    // English keeps the house's "12.5 %"; other languages write a percent their own way
    percent: (value) => (english ? percentText(value) : formatPercent(value, { decimals: 4 })),
    memberId: (id) => i18n._(msg`member #${id}`),
    anotherMember: i18n._(msg`another member`),
    aPlan: i18n._(msg`a plan`),
    codeRedeemed: (ref) => i18n._(msg`Activation code redeemed (code ${ref})`),
    depositApproved: (ref) => i18n._(msg`Deposit ${ref} approved`),
    planPaidBy: (plan, payer, purchase) => i18n._(msg`${plan} plan, paid by ${payer} (${purchase})`),
    plan: (plan, purchase) => i18n._(msg`${plan} plan (${purchase})`),
    planWithOwnFund: (plan, purchase) => i18n._(msg`${plan} plan bought with your fund (${purchase})`),
    planBought: (plan, purchase) => i18n._(msg`${plan} plan bought (${purchase})`),
    activationFee: (purchase) => i18n._(msg`Activation fee (${purchase})`),
    fromEarnings: i18n._(msg`From your earnings wallet`),
    fromMember: (name) => i18n._(msg`From ${name}`),
    toFund: i18n._(msg`To your fund wallet`),
    sentTo: (name) => i18n._(msg`Sent to ${name}`),
    withdrawal: (kind, ref) => {
      const what = say(
        kind ? WITHDRAWAL_OF[kind] : msg`Withdrawal`,
        ENGLISH_WORDS.withdrawal(kind, '').trim(),
      );
      return i18n._(msg`${what} ${ref}`);
    },
    fee: (percent) => i18n._(msg`fee ${percent}`),
    waitingApproval: i18n._(msg`waiting for approval`),
    returned: i18n._(msg`rejected or cancelled, amount returned`),
    adjustment: (reason) => i18n._(msg`Adjustment: ${reason}`),
    adjustmentByAdmin: i18n._(msg`Adjustment by an administrator`),
    level: (level) => i18n._(msg`level ${level}`),
    from: (name) => i18n._(msg`from ${name}`),
    of: (amount) => i18n._(msg`of ${amount}`),
    overLimit: (amount) => i18n._(msg`${amount} over the limit not paid`),
    factLabel: (key) => say(FACT[key], ENGLISH_WORDS.factLabel(key)),
    named: (name, id) => i18n._(msg`${name} (id ${id})`),
  };
  const move = i18n._(msg`Move between own wallets`);
  return {
    cause,
    table: (table: TableName) => ({
      title: i18n._(TABLE_WORDS[table].title),
      description: i18n._(TABLE_WORDS[table].description),
    }),
    source: cause.source,
    ref,
    wallet: (wallet: string) => say(WALLET[wallet], wallet),
    status: (status: EntryStatus) => ({
      text: i18n._(STATUS[status].text),
      hint: i18n._(STATUS[status].hint),
    }),
    type: (type: EntryType) => i18n._(TYPE[type]),
    /** Money in, money out, or (both sides the member's own wallets) a move between them. */
    direction: (t: Transaction) => (t.internal ? move : i18n._(TYPE[t.transaction_type])),
  };
}

export type TransactionWordsIn = ReturnType<typeof transactionWords>;

/** transactionWords in the active language, made again when it changes. */
export function useTransactionWords(): TransactionWordsIn {
  const { i18n } = useLingui();
  return useMemo(() => transactionWords(i18n), [i18n, i18n.locale]);
}
