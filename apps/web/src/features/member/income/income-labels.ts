import type { Income, IncomeDetail, IncomeKind, IncomePart, SummaryPeriod } from '@app/contracts/incomes';
import { i18n as activeI18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { transactionWords } from '../../../components/money/transaction-words';
import { intlLocale } from '../../../i18n/locales';
import { money } from '../../../lib/format';
import { formatPercentNumber } from './percent';

/** Words and colours of the income views; the colours are shared with the admin screen. */

/** The four parts spec 2.7 names in the Income Distribution, in its order. */
export const SPEC_PARTS: IncomePart[] = ['add_income', 'direct_income', 'level_income', 'reward'];
/** Every other part, shown smaller under them. */
export const OTHER_PARTS: IncomePart[] = ['roi_income', 'salary', 'cto', 'bonus'];

/** Chart colours per part (and per kind on the admin chart): the accent first, then distinct hues. */
export const PART_FILL: Record<IncomePart, string> = {
  add_income: '#0ea5e9',
  direct_income: 'var(--accent)',
  level_income: '#a855f7',
  reward: '#f59e0b',
  roi_income: '#10b981',
  salary: '#64748b',
  cto: '#ec4899',
  bonus: '#94a3b8',
};

/** A UTC day ("2026-10-26") in the active language: "26 oct 2026" (es), "26 Oct 2026" (en). */
export function formatDay(day: string, style: 'medium' | 'short' = 'medium'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'medium'
      ? { dateStyle: 'medium', timeZone: 'UTC' }
      : { month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(intlLocale(activeI18n.locale || 'en'), options).format(
    new Date(`${day}T00:00:00Z`),
  );
}

const usd = (v: number) => money(v).text;

/**
 * The income views' words in the member's language (contracts' INCOME_KIND_LABEL and
 * INCOME_PART_LABEL and lib/transaction-labels' references stay English for the back-office and
 * the API; the summary's `label` from the API is English too, so parts are named from their key).
 */
export function useIncomeWords() {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const KIND: Record<IncomeKind, string> = {
      direct_income: t`Referral income`,
      level_income: t`Level income`,
      roi_income: t`ROI income`,
      reward: t`Rewards`,
      salary: t`Salary`,
      cto: t`CTO share`,
      bonus: t`Bonus`,
    };
    const PART: Record<IncomePart, string> = { ...KIND, add_income: t`Ad income` };
    const PERIOD: Record<SummaryPeriod, string> = {
      '7d': t`7 days`,
      '30d': t`30 days`,
      '90d': t`90 days`,
    };
    // the ledger's words for references and wallets (components/money/transaction-words.ts, in this
    // area's catalog too): "Daily reward claim #1", "Fund wallet"
    const words = transactionWords(i18n);
    const refText = words.ref;

    /** A kind as members read it; an ad bonus is "Ad income" (income from watching ads). */
    const incomeLabel = (i: Pick<Income, 'kind' | 'bonus_type'>): string => {
      if (i.kind === 'bonus' && i.bonus_type === 'add_income') return PART.add_income;
      if (i.kind === 'bonus' && i.bonus_type) {
        const type = i.bonus_type.replace(/_/g, ' ');
        return t`Bonus (${type})`;
      }
      return KIND[i.kind];
    };

    /** Why it was paid, in one sentence: "5 % of alice4821's plan purchase of 1,000.00 USDT". */
    const incomeReason = (i: Income): string => {
      const sourceId = i.source_user_id;
      const who = i.source_username ?? (sourceId ? t`member #${sourceId}` : null);
      const rate = i.percent !== null && i.base_amount !== null ? formatPercentNumber(i.percent) : null;
      const base = i.base_amount !== null ? usd(i.base_amount) : null;
      const level = i.level ?? '?';
      switch (i.kind) {
        case 'direct_income':
          if (rate && base && who) return t`${rate} of ${who}'s plan purchase of ${base}`;
          if (base && who) return t`${who}'s plan purchase of ${base}`;
          return who ? t`${who}'s plan purchase` : t`A plan purchase`;
        case 'level_income':
          if (rate && base && who) return t`Level ${level}: ${rate} of ${who}'s daily ROI of ${base}`;
          return who ? t`Level ${level}: ${who}'s daily ROI` : t`Level ${level}: a daily ROI`;
        case 'roi_income':
          if (rate && base) return t`Daily ROI: ${rate} of your active plan of ${base}`;
          return t`Daily ROI of your active plan`;
        default: {
          const cause = refText(i.ref_type, i.ref_id);
          if (rate && base) return t`${rate} of ${base} (${cause})`;
          if (base) return t`${base} (${cause})`;
          const label = incomeLabel(i);
          return t`${label} for ${cause}`;
        }
      }
    };

    /** What the earning limit did to it, or null when it paid everything. */
    const cutReason = (i: IncomeDetail): string | null => {
      if (i.cut <= 0) return null;
      const limit = usd(i.earning_limit ?? 0);
      const amount = usd(i.amount);
      if (i.paid === 0)
        return t`Not paid: you had reached your earning limit of ${limit}, so the whole ${amount} was cut.`;
      const paid = usd(i.paid);
      const earned = usd(i.earned_before ?? 0);
      const cut = usd(i.cut);
      return t`Only ${paid} of ${amount} fitted under your earning limit of ${limit} (you had earned ${earned}): ${cut} was cut.`;
    };

    /** "the 30 days before" */
    const previousLabel = (period: SummaryPeriod) => {
      switch (period) {
        case '7d':
          return t`the 7 days before`;
        case '30d':
          return t`the 30 days before`;
        default:
          return t`the 90 days before`;
      }
    };

    const walletLabel = words.wallet;

    return { KIND, PART, PERIOD, refText, incomeLabel, incomeReason, cutReason, previousLabel, walletLabel };
  }, [t, i18n]);
}
