import type { UserStats } from '@app/contracts/users';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { GRID, TOOLTIP_BOX, X_AXIS, Y_AXIS } from '../../../components/charts/chart-style';
import { niceTicks } from '../../../components/charts/ticks';

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Bar chart of registrations per day (its own chunk: see AdminDashboardPage). */
export default function NewMembersChart({ data }: { data: UserStats['newPerDay'] }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)) }));
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const days = data.length;
  const { t } = useLingui();
  const ticks = niceTicks(
    data.map((d) => d.count),
    { whole: true },
  );
  return (
    <figure>
      <div
        className="h-64 w-full"
        role="img"
        aria-label={t`Bar chart: ${total} new members over ${days} days`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid {...GRID} />
            <XAxis {...X_AXIS} />
            <YAxis {...Y_AXIS} ticks={ticks} domain={[ticks[0]!, ticks.at(-1)!]} interval={0} />
            <Tooltip
              cursor={{ fill: 'var(--subtle)' }}
              contentStyle={TOOLTIP_BOX}
              formatter={(value) => [value, t`New members`]}
            />
            <Bar dataKey="count" fill="var(--accent)" radius={[4, 4, 0, 0]} maxBarSize={36} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-2 text-xs text-muted">
        {plural(total, {
          one: `${total} new member in the last ${days} days.`,
          other: `${total} new members in the last ${days} days.`,
        })}
      </figcaption>
    </figure>
  );
}
