import type { Report } from '@app/contracts/reports';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { money } from '../../../lib/format';
import { periodLabel } from './period';

/** Status parts in their status colours (UI.md); other parts in shades of the accent. */
const STATUS_FILL: Record<string, string> = {
  approved: '#16a34a',
  pending: '#d97706',
  rejected: '#dc2626',
  cancelled: '#94a3b8',
  reversed: '#dc2626',
};
const SHADES = ['var(--accent)', '#818cf8', '#38bdf8', '#a78bfa', '#64748b', '#c7d2fe', '#0ea5e9'];

const STACKED_BY: Record<Report['kind'], string> = {
  deposits: 'channel and status',
  withdrawals: 'status',
  topups: 'type',
  incomes: 'income',
};

/** Stacked bars of the report's parts per period (its own chunk, with Recharts). */
export default function ReportChart({ report }: { report: Report }) {
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
        label={`Stacked bar chart of ${report.kind} per ${report.group}: ${report.amount_label.toLowerCase()} ${money(report.totals.amount).text} in ${report.series.length} periods`}
      />
      <figcaption className="mt-2 text-xs text-muted">
        Amounts per {report.group} (UTC), stacked by {STACKED_BY[report.kind]}.
      </figcaption>
    </figure>
  );
}
