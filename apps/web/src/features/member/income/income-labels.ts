import {
  INCOME_KIND_LABEL,
  type Income,
  type IncomeDetail,
  type IncomePart,
  SUMMARY_PERIOD_DAYS,
  type SummaryPeriod,
} from '@app/contracts/incomes';
import { money } from '../../../lib/format';
import { formatPercent } from '../../../lib/money';
import { refText } from '../../../lib/transaction-labels';

/** Words and colours of the income views, shared by the member's dashboard and the admin screen. */

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

export const PERIOD_LABEL: Record<SummaryPeriod, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
};

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
/** "26 Oct 2026 – 1 Nov 2026" for two UTC days. */
export const dayRange = (from: string, to: string) =>
  `${dayFormat.format(new Date(`${from}T00:00:00Z`))} – ${dayFormat.format(new Date(`${to}T00:00:00Z`))}`;

export const previousLabel = (period: SummaryPeriod) => `the ${SUMMARY_PERIOD_DAYS[period]} days before`;

/** A kind as members read it; an ad bonus is "Ad income" (income from watching ads). */
export function incomeLabel(i: Pick<Income, 'kind' | 'bonus_type'>): string {
  if (i.kind === 'bonus' && i.bonus_type === 'add_income') return 'Ad income';
  if (i.kind === 'bonus' && i.bonus_type) return `Bonus (${i.bonus_type.replace(/_/g, ' ')})`;
  return INCOME_KIND_LABEL[i.kind];
}

const usd = (v: number) => money(v).text;

/** Why it was paid, in one sentence: "5 % of alice4821's plan purchase of 1,000.00 USDT (level 1)". */
export function incomeReason(i: Income): string {
  const who = i.source_username ?? (i.source_user_id ? `member #${i.source_user_id}` : null);
  const rate = i.percent !== null && i.base_amount !== null ? `${formatPercent(i.percent)} of ` : '';
  const base = i.base_amount !== null ? usd(i.base_amount) : null;
  switch (i.kind) {
    case 'direct_income':
      return `${rate}${who ? `${who}'s` : 'a'} plan purchase${base ? ` of ${base}` : ''}`;
    case 'level_income':
      return `Level ${i.level ?? '?'}: ${rate}${who ? `${who}'s` : 'a'} daily ROI${base ? ` of ${base}` : ''}`;
    case 'roi_income':
      return `Daily ROI: ${rate}your active plan${base ? ` of ${base}` : ''}`;
    default: {
      const cause = refText(i.ref_type, i.ref_id);
      return base ? `${rate}${base} (${cause})` : `${incomeLabel(i)} for ${cause}`;
    }
  }
}

/** What the earning limit did to it, or null when it paid everything. */
export function cutReason(i: IncomeDetail): string | null {
  if (i.cut <= 0) return null;
  if (i.paid === 0)
    return `Not paid: you had reached your earning limit of ${usd(i.earning_limit ?? 0)}, so the whole ${usd(i.amount)} was cut.`;
  return `Only ${usd(i.paid)} of ${usd(i.amount)} fitted under your earning limit of ${usd(i.earning_limit ?? 0)} (you had earned ${usd(i.earned_before ?? 0)}): ${usd(i.cut)} was cut.`;
}
