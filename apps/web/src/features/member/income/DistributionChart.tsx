import { INCOME_PARTS, type IncomeSummary } from '@app/contracts/incomes';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { money } from '../../../lib/format';
import { PART_FILL } from './income-labels';

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Income paid per UTC day of the period, stacked by part (its own chunk, with Recharts). */
export default function DistributionChart({ summary }: { summary: IncomeSummary }) {
  const shown = INCOME_PARTS.filter((key) => summary.parts.some((p) => p.key === key && p.current > 0));
  const rows = summary.series.map((point) => ({
    label: dayFormat.format(new Date(`${point.day}T00:00:00Z`)),
    ...Object.fromEntries(shown.map((key) => [key, point.parts[key] ?? 0])),
  }));
  const bars = shown.map((key) => ({
    key,
    name: summary.parts.find((p) => p.key === key)?.label ?? key,
    fill: PART_FILL[key],
  }));
  return (
    <figure>
      <MoneyBarChart
        rows={rows}
        bars={bars}
        stacked
        className="h-64"
        label={`Income per day, stacked by kind: ${money(summary.total.current).text} from ${summary.from} to ${summary.to}`}
      />
      <figcaption className="mt-2 text-xs text-muted">Income paid per day (UTC), stacked by kind.</figcaption>
    </figure>
  );
}
