import { INCOME_KINDS, type IncomeOverview } from '@app/contracts/incomes';
import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  // one sentence per grouping (REPORT_GROUPS: day, week, month; `other` is the day)
  const per = overview.granularity;
  const paid = money(overview.totals.paid).text;
  const cut = money(overview.totals.cut).text;
  return (
    <div className="flex flex-col gap-6">
      <figure>
        <MoneyBarChart
          rows={rows}
          bars={bars}
          stacked
          className="h-72"
          label={select(per, {
            week: `Income paid per week, stacked by kind: ${paid} in all`,
            month: `Income paid per month, stacked by kind: ${paid} in all`,
            other: `Income paid per day, stacked by kind: ${paid} in all`,
          })}
        />
        <figcaption className="mt-2 text-xs text-muted">
          {select(per, {
            week: 'Paid per week (UTC), stacked by kind.',
            month: 'Paid per month (UTC), stacked by kind.',
            other: 'Paid per day (UTC), stacked by kind.',
          })}
        </figcaption>
      </figure>
      {overview.totals.cut > 0 && (
        <figure>
          <MoneyBarChart
            rows={cuts}
            bars={[{ key: 'cut', name: t`Cut by the earning limit`, fill: '#dc2626' }]}
            className="h-40"
            label={select(per, {
              week: `Income cut by the earning limit per week: ${cut} in all`,
              month: `Income cut by the earning limit per month: ${cut} in all`,
              other: `Income cut by the earning limit per day: ${cut} in all`,
            })}
          />
          <figcaption className="mt-2 text-xs text-muted">
            <Trans>Computed but not paid, because members had reached their earning limit.</Trans>
          </figcaption>
        </figure>
      )}
    </div>
  );
}
