import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { money } from '../../lib/format';
import { GRID, LEGEND_STYLE, TOOLTIP_BOX, X_AXIS, Y_AXIS } from './chart-style';

export interface MoneyBar {
  key: string;
  name: string;
  fill: string;
}

const axisMoney = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/**
 * USDT amounts per period as bars (side by side, or stacked), in the app's colours. Imports
 * Recharts: load the screens' chart modules that use it lazily.
 */
export function MoneyBarChart({
  rows,
  bars,
  stacked = false,
  label,
  className = 'h-64',
}: {
  /** One row per period: `label` on the axis, one amount per bar key. */
  rows: Array<{ label: string } & Record<string, number | string>>;
  bars: MoneyBar[];
  stacked?: boolean;
  /** What a screen reader hears instead of the picture. */
  label: string;
  className?: string;
}) {
  return (
    <div className={`${className} w-full`} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          <CartesianGrid {...GRID} />
          <XAxis {...X_AXIS} />
          <YAxis {...Y_AXIS} tickFormatter={(v: number) => axisMoney.format(v)} />
          <Tooltip
            cursor={{ fill: 'var(--subtle)' }}
            contentStyle={TOOLTIP_BOX}
            formatter={(value, name) => [money(Number(value)).text, name]}
          />
          <Legend wrapperStyle={LEGEND_STYLE} />
          {bars.map((bar) => (
            <Bar
              key={bar.key}
              dataKey={bar.key}
              name={bar.name}
              fill={bar.fill}
              {...(stacked ? { stackId: 'parts', maxBarSize: 36 } : { radius: [4, 4, 0, 0], maxBarSize: 28 })}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
