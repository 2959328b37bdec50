import type { ProjectedDay, WhatIf, WhatIfScenario } from '@app/contracts/what-if';
import { Download } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import toast from 'react-hot-toast';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '../../../api/client';
import { downloadWhatIfCsv } from '../../../api/plans';
import { GRID, LEGEND_STYLE, TOOLTIP_BOX, X_AXIS, Y_AXIS } from '../../../components/charts/chart-style';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { niceTicks } from '../../../components/charts/ticks';
import { Button } from '../../../components/ui/Button';
import { Card, StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { formatCount } from '../../../lib/format';
import { formatShare } from '../../../lib/money';

// every coverage figure of the screen at one precision (issue 29.13)
const ratio = (r: number | null) => (r === null ? '—' : formatShare(r * 100));

/** A projected day ("2026-03-12") in the admin's locale; the day is a calendar day, so read as UTC. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const formatDay = (date: string) => {
  const at = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
};

/** A figure and its unit ("36 %", "12.00 USDT") never split over two lines. */
const keepUnits = (text: string) => text.replace(/ (%|USDT)/g, '\u00a0$1');

/**
 * A chart's day label: "03-12" while the projection stays in one year, the whole date ("2026-12-31",
 * "2027-01-01") when it crosses one, so January after December does not read as the same year's
 * (issue 37.8).
 */
function chartLabel(days: { date: string }[]) {
  const crosses = days.length > 0 && days[0]!.date.slice(0, 4) !== days.at(-1)!.date.slice(0, 4);
  return (date: string) => (crosses ? date.slice(0, 10) : date.slice(5, 10));
}

/** Every income of a day together. */
const paid = (d: ProjectedDay) =>
  d.incomes.roi_income +
  d.incomes.level_income +
  d.incomes.direct_income +
  d.incomes.reward +
  d.incomes.salary +
  d.incomes.cto;

/** Days per page of the day-by-day table (a year is 13 pages). */
const PAGE_SIZE = 30;

/** The coverage chart's two series: the plans as they are and as proposed. */
const COVERAGE_LINES = [
  { dataKey: 'current', name: 'Now', stroke: 'var(--muted)' },
  { dataKey: 'proposed', name: 'Proposed', stroke: 'var(--accent)' },
];

type Row = { current: ProjectedDay; proposed: ProjectedDay };

/** A figure under the proposal, with today's settings' figure beneath it (as the cards show them). */
function Pair({ now, proposed }: { now: ReactNode; proposed: ReactNode }) {
  return (
    <span className="inline-flex flex-col items-end whitespace-nowrap tabular-nums">
      <span className="font-medium text-fg">{proposed}</span>
      <span className="text-xs text-muted">now {now}</span>
    </span>
  );
}

/** What the table and the phone cards show of a day, in that order. */
const FIELDS: Array<{ key: string; header: string; cell: (r: Row) => ReactNode }> = [
  {
    key: 'paid',
    header: 'Incomes paid',
    cell: (r) => (
      <Pair now={<Money value={paid(r.current)} />} proposed={<Money value={paid(r.proposed)} />} />
    ),
  },
  {
    key: 'withdrawals',
    header: 'Withdrawn',
    cell: (r) => (
      <Pair
        now={<Money value={r.current.withdrawals} />}
        proposed={<Money value={r.proposed.withdrawals} />}
      />
    ),
  },
  {
    key: 'joins',
    header: 'Joined',
    cell: (r) => <Pair now={formatCount(r.current.joins)} proposed={formatCount(r.proposed.joins)} />,
  },
  {
    key: 'cap',
    header: 'At their limit',
    cell: (r) => (
      <Pair now={formatCount(r.current.members_at_cap)} proposed={formatCount(r.proposed.members_at_cap)} />
    ),
  },
  {
    key: 'liabilities',
    header: 'Liabilities',
    cell: (r) => (
      <Pair
        now={<Money value={r.current.liabilities} />}
        proposed={<Money value={r.proposed.liabilities} />}
      />
    ),
  },
  {
    key: 'coverage',
    header: 'Coverage',
    cell: (r) => <Pair now={ratio(r.current.coverage)} proposed={ratio(r.proposed.coverage)} />,
  },
];

/** On a phone card, coverage and money first. */
const CARD_FIELDS = ['coverage', 'paid', 'liabilities', 'withdrawals', 'cap', 'joins'].map(
  (key) => FIELDS.find((f) => f.key === key)!,
);

const COLUMNS: Array<Column<Row>> = [
  {
    key: 'date',
    header: 'Day',
    cell: (r) => (
      <span className="flex flex-col whitespace-nowrap">
        <span>{formatDay(r.current.date)}</span>
        <span className="text-xs text-muted">Day {r.current.day}</span>
      </span>
    ),
  },
  ...FIELDS.map((f) => ({ ...f, className: 'text-right' })),
];

/** The projection side by side: summary, figures, coverage and income charts, the day-by-day table, Apply. */
export function Results({
  jobId,
  result,
  applyNote,
  onApply,
}: {
  jobId: number;
  result: WhatIf;
  /** Why the proposal cannot be applied from this projection; null when it can. */
  applyNote: string | null;
  onApply: () => void;
}) {
  const { current, proposed } = result;
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);
  const rows: Row[] = current.days.map((d, i) => ({ current: d, proposed: proposed.days[i]! }));
  const label = chartLabel(current.days);
  const coverage = rows.map((r) => ({
    label: label(r.current.date),
    current: r.current.coverage === null ? null : r.current.coverage * 100,
    proposed: r.proposed.coverage === null ? null : r.proposed.coverage * 100,
  }));
  const coverageTicks = niceTicks(coverage.flatMap((c) => [c.current ?? 0, c.proposed ?? 0]));
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const last = (s: WhatIfScenario) => s.days.at(-1);

  const download = async () => {
    setDownloading(true);
    try {
      toast.success(`Downloaded ${await downloadWhatIfCsv(jobId)}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-label="Projection" className="flex flex-col gap-6">
      <Card title="Summary" className="border-accent/40">
        <p className="text-lg font-semibold text-fg" data-testid="whatif-summary">
          {keepUnits(result.summary)}
        </p>
        <p className="mt-1 text-sm text-muted">
          {formatCount(current.days.length)} days from {formatDay(result.from)} ·{' '}
          {formatCount(result.members)} {result.members === 1 ? 'member' : 'members'} today ·{' '}
          {formatCount(result.member_days)} member-days per scenario
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <ScenarioFacts
            name="Now"
            scenario={current}
            lastCoverage={ratio(last(current)?.coverage ?? null)}
            testId="current"
          />
          <ScenarioFacts
            name="Proposed"
            scenario={proposed}
            lastCoverage={ratio(last(proposed)?.coverage ?? null)}
            testId="proposed"
          />
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
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
          extra={` · ${formatCount(proposed.totals.joins)} joined`}
        />
        <PaidCard title="Rewards paid" now={current.totals.reward} proposed={proposed.totals.reward} />
        <PaidCard title="Salary paid" now={current.totals.salary} proposed={proposed.totals.salary} />
        <PaidCard title="CTO paid" now={current.totals.cto} proposed={proposed.totals.cto} />
      </div>

      <Card title="Coverage day by day">
        <div
          className="h-64 w-full"
          role="img"
          aria-label={`Line chart of coverage over ${current.days.length} days: now ends at ${ratio(last(current)?.coverage ?? null)}, proposed at ${ratio(last(proposed)?.coverage ?? null)}`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={coverage} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
              <CartesianGrid {...GRID} />
              <XAxis {...X_AXIS} />
              <YAxis
                {...Y_AXIS}
                unit=" %"
                ticks={coverageTicks}
                domain={[0, coverageTicks.at(-1)!]}
                interval={0}
              />
              <Tooltip
                contentStyle={TOOLTIP_BOX}
                formatter={(value, name) => [formatShare(Number(value)), name]}
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
            label: label(r.current.date),
            current: paid(r.current),
            proposed: paid(r.proposed),
          }))}
          bars={[
            { key: 'current', name: 'Now', fill: 'var(--muted)' },
            { key: 'proposed', name: 'Proposed', fill: 'var(--accent)' },
          ]}
        />
      </Card>

      <section aria-labelledby="whatif-days" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="whatif-days" className="text-base font-semibold text-fg">
              Day by day
            </h2>
            <p className="text-sm text-muted">Proposed, with today's settings beneath.</p>
          </div>
          <Button variant="secondary" busy={downloading} onClick={download}>
            {!downloading && <Download className="size-4" aria-hidden="true" />}
            Download CSV
          </Button>
        </div>
        <Table
          caption="Day by day, proposed with now beneath"
          columns={COLUMNS}
          rows={shown}
          rowKey={(r) => r.current.day}
          empty="No days projected."
          minWidth="min-w-[760px]"
          card={(r) => (
            <>
              <p className="flex items-baseline justify-between gap-2">
                <span className="font-medium text-fg">{formatDay(r.current.date)}</span>
                <span className="text-xs text-muted">Day {r.current.day}</span>
              </p>
              <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                {CARD_FIELDS.map((f) => (
                  <div key={f.key} className="flex flex-col">
                    <dt className="text-xs text-muted">{f.header}</dt>
                    <dd className="[&>span]:items-start">{f.cell(r)}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
        />
        {pages > 1 && (
          <Pager page={page} totalPages={pages} total={rows.length} onPage={setPage} noun={['day', 'days']} />
        )}
      </section>

      <Card title="Assumptions">
        <ul className="list-disc pl-5 text-sm text-muted">
          {result.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onApply} disabled={applyNote !== null}>
          Apply the proposed settings
        </Button>
        {applyNote && <span className="text-sm text-muted">{applyNote}</span>}
      </div>
    </section>
  );
}

/** One scenario's outcome: what it pays, when coverage first drops under 100 %, who is at the limit. */
function ScenarioFacts({
  name,
  scenario,
  lastCoverage,
  testId,
}: {
  name: string;
  scenario: WhatIfScenario;
  lastCoverage: string;
  testId: string;
}) {
  const below = scenario.coverage_below_100_on;
  const belowDay = below === null ? undefined : scenario.days.find((d) => d.date === below)?.day;
  const facts: Array<[string, ReactNode, string?]> = [
    ['Paid in total', <Money key="paid" value={scenario.totals.paid} />],
    [
      'Withdrawn',
      <Money key="withdrawn" value={scenario.totals.withdrawals} />,
      `whatif-withdrawn-${testId}`,
    ],
    [
      'Coverage first below 100 %',
      below === null ? 'never' : `${formatDay(below)}${belowDay === undefined ? '' : ` (day ${belowDay})`}`,
      `whatif-below-100-${testId}`,
    ],
    ['Coverage on the last day', lastCoverage],
    [
      'At their earning limit at the end',
      `${formatCount(scenario.members_at_limit_end)} members`,
      testId === 'proposed' ? 'whatif-cap' : undefined,
    ],
  ];
  return (
    <div className="rounded-lg border border-line p-3">
      <h3 className="mb-2 text-sm font-semibold text-fg">{name}</h3>
      <dl className="flex flex-col gap-1.5 text-sm">
        {facts.map(([label, value, id]) => (
          <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-3">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium tabular-nums text-fg" data-testid={id}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
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
