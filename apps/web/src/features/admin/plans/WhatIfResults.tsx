import type { WhatIf, WhatIfScenario } from '@app/contracts/what-if';
import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
import { Table } from '../../../components/ui/Table';
import { formatCount } from '../../../lib/format';
import { formatShare } from '../../../lib/money';
import { CARD_FIELDS, COLUMNS, DayNumber, formatDay, paid, type Row, ratio } from './WhatIfDays';

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

/** Days per page of the day-by-day table (a year is 13 pages). */
const PAGE_SIZE = 30;

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
  const { t } = useLingui();
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
  const dayCount = current.days.length;
  const from = formatDay(result.from);
  const memberCount = result.members;
  const memberDays = formatCount(result.member_days);
  const joined = formatCount(proposed.totals.joins);
  const nowEnd = ratio(last(current)?.coverage ?? null);
  const proposedEnd = ratio(last(proposed)?.coverage ?? null);
  const now = t({ message: 'Now', context: 'what if' });
  const proposedName = t({ message: 'Proposed', context: 'what if' });

  const download = async () => {
    setDownloading(true);
    try {
      const file = await downloadWhatIfCsv(jobId);
      toast.success(t`Downloaded ${file}`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-label={t`Projection`} className="flex flex-col gap-6">
      <Card title={t`Summary`} className="border-accent/40">
        <p className="text-lg font-semibold text-fg" data-testid="whatif-summary">
          {keepUnits(result.summary)}
        </p>
        <p className="mt-1 text-sm text-muted">
          <Trans>
            <Plural value={dayCount} one="# day" other="# days" /> from {from} ·{' '}
            <Plural value={memberCount} one="# member" other="# members" /> today · {memberDays} member-days
            per scenario
          </Trans>
        </p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <ScenarioFacts name={now} scenario={current} lastCoverage={nowEnd} testId="current" />
          <ScenarioFacts
            name={proposedName}
            scenario={proposed}
            lastCoverage={proposedEnd}
            testId="proposed"
          />
        </div>
      </Card>

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <PaidCard title={t`ROI paid`} now={current.totals.roi_income} proposed={proposed.totals.roi_income} />
        <PaidCard
          title={t`Level income paid`}
          now={current.totals.level_income}
          proposed={proposed.totals.level_income}
        />
        <PaidCard
          title={t`Referral income paid`}
          now={current.totals.direct_income}
          proposed={proposed.totals.direct_income}
          extra={t`${joined} joined`}
        />
        <PaidCard title={t`Rewards paid`} now={current.totals.reward} proposed={proposed.totals.reward} />
        <PaidCard title={t`Salary paid`} now={current.totals.salary} proposed={proposed.totals.salary} />
        <PaidCard title={t`CTO paid`} now={current.totals.cto} proposed={proposed.totals.cto} />
      </div>

      <Card title={t`Coverage day by day`}>
        <div
          className="h-64 w-full"
          role="img"
          aria-label={t`Line chart of coverage over ${dayCount} days: now ends at ${nowEnd}, proposed at ${proposedEnd}`}
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
              {[
                { dataKey: 'current', name: now, stroke: 'var(--muted)' },
                { dataKey: 'proposed', name: proposedName, stroke: 'var(--accent)' },
              ].map((line) => (
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
      <Card title={t`Incomes paid per day`}>
        <MoneyBarChart
          label={t`Bar chart of incomes paid per day, now and proposed, over ${dayCount} days`}
          rows={rows.map((r) => ({
            label: label(r.current.date),
            current: paid(r.current),
            proposed: paid(r.proposed),
          }))}
          bars={[
            { key: 'current', name: now, fill: 'var(--muted)' },
            { key: 'proposed', name: proposedName, fill: 'var(--accent)' },
          ]}
        />
      </Card>

      <section aria-labelledby="whatif-days" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="whatif-days" className="text-base font-semibold text-fg">
              <Trans>Day by day</Trans>
            </h2>
            <p className="text-sm text-muted">
              <Trans>Proposed, with today's settings beneath.</Trans>
            </p>
          </div>
          <Button variant="secondary" busy={downloading} onClick={download}>
            {!downloading && <Download className="size-4" aria-hidden="true" />}
            <Trans>Download CSV</Trans>
          </Button>
        </div>
        <Table
          caption={t`Day by day, proposed with now beneath`}
          columns={COLUMNS}
          rows={shown}
          rowKey={(r) => r.current.day}
          empty={t`No days projected.`}
          minWidth="min-w-[760px]"
          card={(r) => (
            <>
              <p className="flex items-baseline justify-between gap-2">
                <span className="font-medium text-fg">{formatDay(r.current.date)}</span>
                <span className="text-xs text-muted">
                  <DayNumber day={r.current.day} />
                </span>
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
          <Pager
            page={page}
            totalPages={pages}
            total={rows.length}
            onPage={setPage}
            counted={(total) => plural(total, { one: '# day', other: '# days' })}
          />
        )}
      </section>

      <Card title={t`Assumptions`}>
        <ul className="list-disc pl-5 text-sm text-muted">
          {result.assumptions.map((a) => (
            <li key={a}>{a}</li>
          ))}
        </ul>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onApply} disabled={applyNote !== null}>
          <Trans>Apply the proposed settings</Trans>
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
  const { t } = useLingui();
  const below = scenario.coverage_below_100_on;
  const belowDay = below === null ? undefined : scenario.days.find((d) => d.date === below)?.day;
  const belowDate = below === null ? '' : formatDay(below);
  const atLimit = formatCount(scenario.members_at_limit_end);
  const facts: Array<[string, ReactNode, string?]> = [
    [t`Paid in total`, <Money key="paid" value={scenario.totals.paid} />],
    [
      t`Withdrawn`,
      <Money key="withdrawn" value={scenario.totals.withdrawals} />,
      `whatif-withdrawn-${testId}`,
    ],
    [
      t`Coverage first below 100 %`,
      below === null ? t`never` : belowDay === undefined ? belowDate : t`${belowDate} (day ${belowDay})`,
      `whatif-below-100-${testId}`,
    ],
    [t`Coverage on the last day`, lastCoverage],
    [
      t`At their earning limit at the end`,
      t`${atLimit} members`,
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
        <Trans>
          now <Money value={now} />
        </Trans>
        {extra && ` · ${extra}`}
      </p>
    </StatCard>
  );
}
