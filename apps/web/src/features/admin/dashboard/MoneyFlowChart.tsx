import type { Overview } from '@app/contracts/reports';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money } from '../../../lib/format';

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const axisMoney = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** Deposits approved and withdrawals paid per day (its own chunk: see MoneyFigures). */
export default function MoneyFlowChart({ data }: { data: Overview['per_day'] }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)) }));
  const deposits = data.reduce((sum, d) => sum + d.deposits, 0);
  const withdrawals = data.reduce((sum, d) => sum + d.withdrawals, 0);
  return (
    <figure>
      <div
        className="h-64 w-full"
        role="img"
        aria-label={`Bar chart over ${data.length} days: ${money(deposits).text} deposits approved, ${money(withdrawals).text} withdrawals paid`}
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
            <Bar
              dataKey="deposits"
              name="Deposits approved"
              fill="var(--accent)"
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
            />
            <Bar
              dataKey="withdrawals"
              name="Withdrawals paid"
              fill="#94a3b8"
              radius={[4, 4, 0, 0]}
              maxBarSize={28}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-xs text-muted">
        Last {data.length} days (UTC): {money(deposits).text} in, {money(withdrawals).text} out (net of fees).
      </figcaption>
    </figure>
  );
}
