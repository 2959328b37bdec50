import { INCOME_PARTS, type IncomeSummary } from '@app/contracts/incomes';
import { useLingui } from '@lingui/react/macro';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { money } from '../../../lib/format';
import { formatDay, PART_FILL, useIncomeWords } from './income-labels';

/** Income paid per UTC day of the period, stacked by part (its own chunk, with Recharts). */
export default function DistributionChart({ summary }: { summary: IncomeSummary }) {
  const { t } = useLingui();
  const { PART } = useIncomeWords();
  const shown = INCOME_PARTS.filter((key) => summary.parts.some((p) => p.key === key && p.current > 0));
  const rows = summary.series.map((point) => ({
    label: formatDay(point.day, 'short'),
    ...Object.fromEntries(shown.map((key) => [key, point.parts[key] ?? 0])),
  }));
  // the legend and the tooltip name each part in the member's language (the API's label is English)
  const bars = shown.map((key) => ({ key, name: PART[key], fill: PART_FILL[key] }));
  const total = money(summary.total.current).text;
  const from = formatDay(summary.from);
  const to = formatDay(summary.to);
  return (
    <figure>
      <MoneyBarChart
        rows={rows}
        bars={bars}
        stacked
        className="h-64"
        label={t`Income per day, stacked by kind: ${total} from ${from} to ${to}`}
      />
      <figcaption className="mt-2 text-xs text-muted">{t`Income paid per day (UTC), stacked by kind.`}</figcaption>
    </figure>
  );
}
