import type { WhatIf } from '@app/contracts/what-if';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { GRID, LEGEND_STYLE, TOOLTIP_BOX, X_AXIS, Y_AXIS } from '../../../components/charts/chart-style';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { Button } from '../../../components/ui/Button';
import { Card, StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { type Column, Table } from '../../../components/ui/Table';
import { formatPercent } from '../../../lib/money';

const ratio = (r: number | null) => (r === null ? '—' : formatPercent(r * 100));

/** The coverage chart's two series: the plans as they are and as proposed. */
const COVERAGE_LINES = [
  { dataKey: 'current', name: 'Now', stroke: 'var(--muted)' },
  { dataKey: 'proposed', name: 'Proposed', stroke: 'var(--accent)' },
];

/** The projection side by side: figures, coverage and income charts, the day-by-day table, Apply. */
export function Results({
  result,
  canApply,
  onApply,
}: {
  result: WhatIf;
  canApply: boolean;
  onApply: () => void;
}) {
  const { current, proposed } = result;
  const last = (s: WhatIf['current']) => s.days.at(-1)!;
  const paid = (d: WhatIf['current']['days'][number]) =>
    d.incomes.roi_income + d.incomes.level_income + d.incomes.direct_income;
  const rows = current.days.map((d, i) => ({ current: d, proposed: proposed.days[i]! }));
  const columns: Array<Column<(typeof rows)[number]>> = [
    { key: 'date', header: 'Day', cell: (r) => <span className="whitespace-nowrap">{r.current.date}</span> },
    {
      key: 'paid',
      header: 'Incomes now / proposed',
      className: 'text-right',
      cell: (r) => (
        <span className="whitespace-nowrap">
          <Money value={paid(r.current)} /> / <Money value={paid(r.proposed)} />
        </span>
      ),
    },
    {
      key: 'cap',
      header: 'At their limit',
      className: 'text-right',
      cell: (r) => `${r.current.members_at_cap} / ${r.proposed.members_at_cap}`,
    },
    {
      key: 'liabilities',
      header: 'Liabilities',
      className: 'text-right',
      cell: (r) => (
        <span className="whitespace-nowrap">
          <Money value={r.current.liabilities} /> / <Money value={r.proposed.liabilities} />
        </span>
      ),
    },
    {
      key: 'coverage',
      header: 'Coverage',
      className: 'text-right',
      cell: (r) => `${ratio(r.current.coverage)} / ${ratio(r.proposed.coverage)}`,
    },
  ];
  return (
    <section aria-label="Projection" className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        <PaidCard title="ROI paid" now={current.totals.roi_income} proposed={proposed.totals.roi_income} />
        <PaidCard
          title="Level income paid"
          now={current.totals.level_income}
          proposed={proposed.totals.level_income}
        />
        <PaidCard
          title="Referral income paid"
          now={current.totals.direct_income}
          proposed={proposed.totals.direct_income}
          extra={` · ${proposed.totals.joins} joined`}
        />
        <StatCard
          title="At their limit, last day"
          value={<span data-testid="whatif-cap">{last(proposed).members_at_cap}</span>}
          caption={`now ${last(current).members_at_cap} of ${result.members} members`}
        />
        <StatCard
          title="Coverage, last day"
          value={<span data-testid="whatif-coverage">{ratio(last(proposed).coverage)}</span>}
          caption={`now ${ratio(last(current).coverage)}`}
        />
      </div>
      <Card title="Coverage day by day">
        <div
          className="h-64 w-full"
          role="img"
          aria-label={`Line chart of coverage over ${current.days.length} days: now ends at ${ratio(last(current).coverage)}, proposed at ${ratio(last(proposed).coverage)}`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              data={rows.map((r) => ({
                label: r.current.date.slice(5),
                current: r.current.coverage === null ? null : r.current.coverage * 100,
                proposed: r.proposed.coverage === null ? null : r.proposed.coverage * 100,
              }))}
              margin={{ top: 8, right: 8, bottom: 0, left: -8 }}
            >
              <CartesianGrid {...GRID} />
              <XAxis {...X_AXIS} />
              <YAxis {...Y_AXIS} unit=" %" />
              <Tooltip
                contentStyle={TOOLTIP_BOX}
                formatter={(value, name) => [`${Number(value).toFixed(2)} %`, name]}
              />
              <Legend wrapperStyle={LEGEND_STYLE} />
              {COVERAGE_LINES.map((line) => (
                <Line
                  key={line.dataKey}
                  {...line}
                  type="monotone"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </div>
      </Card>
      <Card title="Incomes paid per day">
        <MoneyBarChart
          label={`Bar chart of incomes paid per day, now and proposed, over ${current.days.length} days`}
          rows={rows.map((r) => ({
            label: r.current.date.slice(5),
            current: paid(r.current),
            proposed: paid(r.proposed),
          }))}
          bars={[
            { key: 'current', name: 'Now', fill: 'var(--muted)' },
            { key: 'proposed', name: 'Proposed', fill: 'var(--accent)' },
          ]}
        />
      </Card>
      <Table
        caption="Day by day, now / proposed"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.current.day}
        empty="No days projected."
      />
      <Card title="Assumptions">
        <ul className="list-disc pl-5 text-sm text-muted">
          {result.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onApply} disabled={!canApply}>
          Apply the proposed settings
        </Button>
        {!canApply && <span className="text-sm text-muted">Change a setting above to apply it.</span>}
      </div>
    </section>
  );
}

/** An income total under the proposal, with today's settings' figure beneath it. */
function PaidCard({
  title,
  now,
  proposed,
  extra,
}: {
  title: string;
  now: number;
  proposed: number;
  extra?: string;
}) {
  return (
    <StatCard title={title} value={<Money value={proposed} className="text-lg sm:text-2xl" />}>
      <p className="mt-1 text-xs text-muted">
        now <Money value={now} />
        {extra}
      </p>
    </StatCard>
  );
}
