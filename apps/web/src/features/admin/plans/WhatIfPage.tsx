import type { Plan } from '@app/contracts/plans';
import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useLevels, usePlans, useSaveLevels, useUpdatePlan, useWhatIf } from '../../../api/plans';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input, Select } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Segmented } from '../../../components/ui/Segmented';
import { formatPercent } from '../../../lib/money';
import { Results } from './WhatIfResults';

type Draft = Record<number, { roi_percent: string; cap_multiple: string; direct_percent: string }>;
const PERIODS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
] as const;

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
