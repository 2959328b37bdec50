import type { Report } from '@app/contracts/reports';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
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
  deposits: 'status',
  withdrawals: 'status',
  topups: 'type',
  incomes: 'income',
};

const axisMoney = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Stacked bars of the report's parts per period (its own chunk, with Recharts). */
export default function ReportChart({ report }: { report: Report }) {
  const rows = report.series.map((p) => ({ ...p.parts, label: periodLabel(p.period, report.group) }));
  let shade = 0;
  const fills = report.parts.map((part) => STATUS_FILL[part.key] ?? SHADES[shade++ % SHADES.length]!);
  return (
    <figure>
      <div
        className="h-72 w-full"
        role="img"
        aria-label={`Stacked bar chart of ${report.kind} per ${report.group}: ${report.amount_label.toLowerCase()} ${money(report.totals.amount).text} in ${report.series.length} periods`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
            <CartesianGrid vertical={false} stroke="var(--line)" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              tick={{ fill: 'var(--muted)', fontSize: 12 }}
              minTickGap={12}
            />
            <YAxis
              tickLine={false}
              axisLine={false}
              tick={{ fill: 'var(--muted)', fontSize: 12 }}
              tickFormatter={(v: number) => axisMoney.format(v)}
            />
            <Tooltip
              cursor={{ fill: 'var(--subtle)' }}
              contentStyle={{
                background: 'var(--surface)',
                border: '1px solid var(--line)',
                borderRadius: 8,
                color: 'var(--fg)',
              }}
              formatter={(value, name) => [money(Number(value)).text, name]}
            />
            <Legend wrapperStyle={{ fontSize: 12, color: 'var(--muted)' }} />
            {report.parts.map((part, i) => (
              <Bar
                key={part.key}
                dataKey={part.key}
                name={part.label}
                stackId="parts"
                fill={fills[i]}
                maxBarSize={36}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-xs text-muted">
        Amounts per {report.group} (UTC), stacked by {STACKED_BY[report.kind]}.
      </figcaption>
    </figure>
  );
}
