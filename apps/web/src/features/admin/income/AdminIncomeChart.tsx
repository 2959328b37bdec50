import { INCOME_KINDS, type IncomeOverview } from '@app/contracts/incomes';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { money } from '../../../lib/format';
import { PART_FILL } from '../../member/income/income-labels';
import { periodLabel } from '../reports/period';

/** Income paid per period stacked by kind, and what the limit cut beside it (its own chunk, with Recharts). */
export default function AdminIncomeChart({ overview }: { overview: IncomeOverview }) {
  const kinds = INCOME_KINDS.filter((k) => overview.totals.by_kind.some((r) => r.kind === k && r.paid > 0));
  const rows = overview.series.map((p) => ({
    label: periodLabel(p.period, overview.granularity),
    ...Object.fromEntries(kinds.map((k) => [k, p.parts[k] ?? 0])),
  }));
  const bars = kinds.map((k) => ({
    key: k,
    name: overview.totals.by_kind.find((r) => r.kind === k)?.label ?? k,
    fill: PART_FILL[k],
  }));
  const cuts = overview.series.map((p) => ({
    label: periodLabel(p.period, overview.granularity),
    cut: p.cut,
  }));
  return (
    <div className="flex flex-col gap-6">
      <figure>
        <MoneyBarChart
          rows={rows}
          bars={bars}
          stacked
          className="h-72"
          label={`Income paid per ${overview.granularity}, stacked by kind: ${money(overview.totals.paid).text} in all`}
        />
        <figcaption className="mt-2 text-xs text-muted">
          Paid per {overview.granularity} (UTC), stacked by kind.
        </figcaption>
      </figure>
      {overview.totals.cut > 0 && (
        <figure>
          <MoneyBarChart
            rows={cuts}
            bars={[{ key: 'cut', name: 'Cut by the earning limit', fill: '#dc2626' }]}
            className="h-40"
            label={`Income cut by the earning limit per ${overview.granularity}: ${money(overview.totals.cut).text} in all`}
          />
          <figcaption className="mt-2 text-xs text-muted">
            Computed but not paid, because members had reached their earning limit.
          </figcaption>
        </figure>
      )}
    </div>
  );
}
