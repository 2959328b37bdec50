import type { Plan } from '@app/contracts/plans';
import type { WhatIf } from '@app/contracts/what-if';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { errorMessage } from '../../../api/client';
import { useLevels, usePlans, useSaveLevels, useUpdatePlan, useWhatIf } from '../../../api/plans';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card, StatCard } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Segmented } from '../../../components/ui/Segmented';
import { type Column, Table } from '../../../components/ui/Table';
import { formatPercent } from '../../../lib/money';

type Draft = Record<number, { roi_percent: string; cap_multiple: string; direct_percent: string }>;
const PERIODS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
] as const;

const ratio = (r: number | null) => (r === null ? '—' : formatPercent(r * 100));

/** /admin/plans/what-if: edit a copy of the compensation settings and compare the next days. */
export default function WhatIfPage() {
  const plans = usePlans('admin');
  const levels = useLevels();
  const invest = levels.data?.find((l) => l.kind === 'invest');
  const [draft, setDraft] = useState<Draft>({});
  const [levelText, setLevelText] = useState<string | null>(null);
  const [days, setDays] = useState<'30' | '90'>('30');
  const [claimRate, setClaimRate] = useState('100');
  const [joins, setJoins] = useState('0');
  const [joinPlan, setJoinPlan] = useState('');
  const [joinAmount, setJoinAmount] = useState('');
  const [applying, setApplying] = useState(false);
  const whatIf = useWhatIf();
  const updatePlan = useUpdatePlan();
  const saveLevels = useSaveLevels();
  const navigate = useNavigate();

  const active = (plans.data ?? []).filter((p) => p.is_active);
  const field = (p: Plan, key: keyof Draft[number]) => draft[p.id]?.[key] ?? String(p[key]);
  const setField = (p: Plan, key: keyof Draft[number], value: string) =>
    setDraft((d) => ({
      ...d,
      [p.id]: {
        roi_percent: field(p, 'roi_percent'),
        cap_multiple: field(p, 'cap_multiple'),
        direct_percent: field(p, 'direct_percent'),
        [key]: value,
      },
    }));
  const currentLevels = (invest?.levels ?? []).join(', ');
  const proposedLevels = (levelText ?? currentLevels)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map(Number);
  const changedPlans = active
    .map((p) => ({
      id: p.id,
      roi_percent: Number(field(p, 'roi_percent')),
      cap_multiple: Number(field(p, 'cap_multiple')),
      direct_percent: Number(field(p, 'direct_percent')),
      before: p,
    }))
    .filter(
      (c) =>
        c.roi_percent !== c.before.roi_percent ||
        c.cap_multiple !== c.before.cap_multiple ||
        c.direct_percent !== c.before.direct_percent,
    );
  const levelsChanged = levelText !== null && proposedLevels.join(', ') !== currentLevels;

  function run() {
    whatIf.mutate({
      days: Number(days),
      claim_rate: Number(claimRate),
      joins_per_day: Number(joins),
      ...(joinPlan ? { join_plan_id: Number(joinPlan) } : {}),
      ...(joinAmount ? { join_amount: Number(joinAmount) } : {}),
      plans: changedPlans.map(({ before: _, ...c }) => c),
      ...(levelsChanged ? { levels: proposedLevels } : {}),
    });
  }

  async function apply() {
    try {
      for (const { id, before: _, ...body } of changedPlans) await updatePlan.mutateAsync({ id, body });
      if (levelsChanged) {
        await saveLevels.mutateAsync({
          kind: 'invest',
          body: { levels: proposedLevels, unlock_by_directs: invest?.unlock_by_directs ?? true },
        });
      }
      toast.success('The new settings apply from now on');
      navigate('/admin/plans');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setApplying(false);
    }
  }

  const result = whatIf.data;
  const nothingChanged = changedPlans.length === 0 && !levelsChanged;
  return (
    <div className="flex flex-col gap-6">
      <title>What if · EarnHub admin</title>
      <PageHeader
        title="What if"
        description="Change a copy of the compensation settings and see the next days next to today's settings, computed by the live income engine on your current members. Nothing changes until you apply."
        actions={
          <Link
            to="/admin/plans"
            className="inline-flex items-center gap-1 text-sm text-accent-text hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden /> Plans
          </Link>
        }
      />
      {(plans.error || levels.error) && (
        <Banner tone="error">{errorMessage(plans.error ?? levels.error)}</Banner>
      )}

      <Card title="Proposed settings">
        <div className="flex flex-col gap-5">
          {active.map((p) => (
            <fieldset
              key={p.id}
              className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr_1fr_1fr] sm:items-end"
            >
              <legend className="sr-only">{p.name}</legend>
              <span className="pb-2 font-medium" aria-hidden>
                {p.name}
              </span>
              <Input
                label={`${p.name}: daily ROI %`}
                inputMode="decimal"
                value={field(p, 'roi_percent')}
                onChange={(e) => setField(p, 'roi_percent', e.target.value)}
                hint={`Now ${formatPercent(p.roi_percent)}`}
              />
              <Input
                label={`${p.name}: limit ×`}
                inputMode="numeric"
                value={field(p, 'cap_multiple')}
                onChange={(e) => setField(p, 'cap_multiple', e.target.value)}
                hint={`Now ${p.cap_multiple}×`}
              />
              <Input
                label={`${p.name}: referral %`}
                inputMode="decimal"
                value={field(p, 'direct_percent')}
                onChange={(e) => setField(p, 'direct_percent', e.target.value)}
                hint={`Now ${formatPercent(p.direct_percent)}`}
              />
            </fieldset>
          ))}
          <Input
            label="Level income percents (level 1 first, comma-separated)"
            value={levelText ?? currentLevels}
            onChange={(e) => setLevelText(e.target.value)}
            hint={`Now ${currentLevels || 'none'}`}
          />
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem] sm:items-end">
            <Segmented
              legend="Period"
              options={[...PERIODS]}
              value={days}
              onValue={setDays}
              columns="grid-cols-2"
            />
            <Input
              label="Members claiming each day (%)"
              inputMode="numeric"
              value={claimRate}
              onChange={(e) => setClaimRate(e.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Input
              label="New members per day"
              inputMode="numeric"
              value={joins}
              onChange={(e) => setJoins(e.target.value)}
              hint="Each joins under an existing member, deposits and buys the plan below."
            />
            <Select label="They buy" value={joinPlan} onChange={(e) => setJoinPlan(e.target.value)}>
              <option value="">{active[0]?.name ?? 'The first plan on sale'}</option>
              {active.slice(1).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
            <Input
              label="For (USDT)"
              inputMode="decimal"
              value={joinAmount}
              onChange={(e) => setJoinAmount(e.target.value)}
              placeholder="The plan's minimum"
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={run} busy={whatIf.isPending}>
              Project {days} days
            </Button>
            {whatIf.isPending && (
              <span className="text-sm text-muted" role="status">
                Running the income engine over {days} days, twice: this takes a few seconds per 10,000
                member-days…
              </span>
            )}
          </div>
          {whatIf.error && <Banner tone="error">{errorMessage(whatIf.error)}</Banner>}
        </div>
      </Card>

      {result && <Results result={result} canApply={!nothingChanged} onApply={() => setApplying(true)} />}

      <ConfirmDialog
        open={applying}
        title="Apply the proposed settings?"
        description="Plans and level percents change from now on, for every claim and purchase; each change is written in the audit log."
        confirmLabel="Apply"
        busy={updatePlan.isPending || saveLevels.isPending}
        onConfirm={apply}
        onCancel={() => setApplying(false)}
      />
    </div>
  );
}

function Results({ result, canApply, onApply }: { result: WhatIf; canApply: boolean; onApply: () => void }) {
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
        <StatCard
          title="ROI paid"
          value={<Money value={proposed.totals.roi_income} className="text-lg sm:text-2xl" />}
        >
          <p className="mt-1 text-xs text-muted">
            now <Money value={current.totals.roi_income} />
          </p>
        </StatCard>
        <StatCard
          title="Level income paid"
          value={<Money value={proposed.totals.level_income} className="text-lg sm:text-2xl" />}
        >
          <p className="mt-1 text-xs text-muted">
            now <Money value={current.totals.level_income} />
          </p>
        </StatCard>
        <StatCard
          title="Referral income paid"
          value={<Money value={proposed.totals.direct_income} className="text-lg sm:text-2xl" />}
        >
          <p className="mt-1 text-xs text-muted">
            now <Money value={current.totals.direct_income} /> · {proposed.totals.joins} joined
          </p>
        </StatCard>
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
              <CartesianGrid vertical={false} stroke="var(--line)" />
              <XAxis
                dataKey="label"
                tickLine={false}
                axisLine={false}
                tick={{ fill: 'var(--muted)', fontSize: 12 }}
                minTickGap={12}
              />
              <YAxis
                tickLine={false}
                axisLine={false}
                tick={{ fill: 'var(--muted)', fontSize: 12 }}
                unit=" %"
              />
              <Tooltip
                contentStyle={{
                  background: 'var(--surface)',
                  border: '1px solid var(--line)',
                  borderRadius: 8,
                  color: 'var(--fg)',
                }}
                formatter={(value, name) => [`${Number(value).toFixed(2)} %`, name]}
              />
              <Legend wrapperStyle={{ fontSize: 12, color: 'var(--muted)' }} />
              <Line
                type="monotone"
                dataKey="current"
                name="Now"
                stroke="var(--muted)"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="proposed"
                name="Proposed"
                stroke="var(--accent)"
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
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
