import type { Report } from '@app/contracts/reports';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { money } from '../../../lib/format';
import { GROUP_WORD, periodLabel } from './period';

/** Status parts in their status colours (UI.md); other parts in shades of the accent. */
const STATUS_FILL: Record<string, string> = {
  approved: '#16a34a',
  pending: '#d97706',
  rejected: '#dc2626',
  cancelled: '#94a3b8',
  reversed: '#dc2626',
};
const SHADES = ['var(--accent)', '#818cf8', '#38bdf8', '#a78bfa', '#64748b', '#c7d2fe', '#0ea5e9'];

const STACKED_BY: Record<Report['kind'], MessageDescriptor> = {
  deposits: msg`channel and status`,
  withdrawals: msg`status`,
  topups: msg`type`,
  incomes: msg`income`,
};

/** Stacked bars of the report's parts per period (its own chunk, with Recharts). */
export default function ReportChart({ report }: { report: Report }) {
  const { t, i18n } = useLingui();
  // the report's kind as its code ("topups"), the server's name of the amount, the period in words
  const kind = report.kind;
  const group = i18n._(GROUP_WORD[report.group]);
  const amount = report.amount_label.toLowerCase();
  const total = money(report.totals.amount).text;
  const periods = report.series.length;
  const stackedBy = i18n._(STACKED_BY[report.kind]);
  const rows = report.series.map((p) => ({ ...p.parts, label: periodLabel(p.period, report.group) }));
  let shade = 0;
  const bars = report.parts.map((part) => ({
    key: part.key,
    name: part.label,
    fill: STATUS_FILL[part.key] ?? SHADES[shade++ % SHADES.length]!,
  }));
  return (
    <figure>
      <MoneyBarChart
        rows={rows}
        bars={bars}
        stacked
        className="h-72"
        label={t`Stacked bar chart of ${kind} per ${group}: ${amount} ${total} in ${periods} periods`}
      />
      <figcaption className="mt-2 text-xs text-muted">
        {t`Amounts per ${group} (UTC), stacked by ${stackedBy}.`}
      </figcaption>
    </figure>
  );
}
