import { useLingui } from '@lingui/react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { intlLocale } from '../../i18n/locales';
import { money } from '../../lib/format';
import { GRID, LEGEND_STYLE, TOOLTIP_BOX, X_AXIS, Y_AXIS } from './chart-style';
import { niceTicks, tickDecimals } from './ticks';

export interface MoneyBar {
  key: string;
  name: string;
  fill: string;
}

/** The amounts the axis must reach: each bar, or each stack's sum. */
function heights(rows: Array<Record<string, number | string>>, bars: MoneyBar[], stacked: boolean): number[] {
  return rows.flatMap((row) => {
    const values = bars.map((bar) => Number(row[bar.key] ?? 0));
    return stacked ? [values.reduce((sum, v) => sum + v, 0)] : values;
  });
}

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
  // re-rendered when the language changes; its direction is the document's (src/i18n/index.ts sets
  // it, an operator-added language may set its own): right to left, the days run from the right and
  // the amounts' axis stands on the right, as an Arabic reader scans a chart
  const { i18n } = useLingui();
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  const ticks = niceTicks(heights(rows, bars, stacked));
  // as many decimals as the steps need (0.2 steps one, 0.05 two), large amounts compact (1.5K, 1,5 mil)
  const axisMoney = new Intl.NumberFormat(intlLocale(i18n.locale || 'en'), {
    notation: 'compact',
    maximumFractionDigits: Math.max(1, tickDecimals(ticks)),
  });
  return (
    <div className={`${className} w-full`} role="img" aria-label={label} data-direction={rtl ? 'rtl' : 'ltr'}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={rows}
          margin={rtl ? { top: 8, right: -8, bottom: 0, left: 8 } : { top: 8, right: 8, bottom: 0, left: -8 }}
        >
          <CartesianGrid {...GRID} />
          <XAxis {...X_AXIS} reversed={rtl} />
          <YAxis
            {...Y_AXIS}
            orientation={rtl ? 'right' : 'left'}
            ticks={ticks}
            domain={[ticks[0]!, ticks.at(-1)!]}
            interval={0}
            tickFormatter={(v: number) => axisMoney.format(v)}
          />
          <Tooltip
            cursor={{ fill: 'var(--subtle)' }}
            contentStyle={{ ...TOOLTIP_BOX, direction: rtl ? 'rtl' : 'ltr' }}
            formatter={(value, name) => [money(Number(value)).text, name]}
          />
          <Legend wrapperStyle={{ ...LEGEND_STYLE, direction: rtl ? 'rtl' : 'ltr' }} />
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
