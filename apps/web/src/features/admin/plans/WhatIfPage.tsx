import type { Plan } from '@app/contracts/plans';
import { type WhatIfBody, whatIfBody } from '@app/contracts/what-if';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../api/client';
import {
  useCancelWhatIf,
  useLevels,
  usePlans,
  useRunningWhatIf,
  useSaveLevels,
  useStartWhatIf,
  useUpdatePlan,
  useWhatIfJob,
} from '../../../api/plans';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input, Select } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Segmented } from '../../../components/ui/Segmented';
import { formatCount } from '../../../lib/format';
import { formatPercent } from '../../../lib/money';
import { Progress } from './WhatIfProgress';
import { Results } from './WhatIfResults';

type Draft = Record<number, { roi_percent: string; cap_multiple: string; direct_percent: string }>;
type PlanField = keyof Draft[number];
const PERIODS = ['30', '90', '180', '365'] as const;
type Period = (typeof PERIODS)[number];

/** The projection this page shows: started here (with these proposed settings), or found running. */
interface Followed {
  id: number;
  /** The proposed plans and levels it was started with, as a key; null when started elsewhere. */
  ranWith: string | null;
}

/** The server's reason as a sentence (it may come with or without the full stop). */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** A typed number; an empty field is not 0 (zod then says what is missing). */
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** /admin/plans/what-if: edit a copy of the compensation settings and compare the next days. */
export default function WhatIfPage() {
  const { t } = useLingui();
  const plans = usePlans('admin');
  const levels = useLevels();
  const invest = levels.data?.find((l) => l.kind === 'invest');
  const [draft, setDraft] = useState<Draft>({});
  const [levelText, setLevelText] = useState<string | null>(null);
  const [days, setDays] = useState<Period>('30');
  const [claimRate, setClaimRate] = useState('100');
  const [withdrawRate, setWithdrawRate] = useState('0');
  const [joins, setJoins] = useState('0');
  const [joinPlan, setJoinPlan] = useState('');
  const [joinAmount, setJoinAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [applying, setApplying] = useState(false);
  const [followed, setFollowed] = useState<Followed | null>(null);
  const start = useStartWhatIf();
  const cancel = useCancelWhatIf();
  const running = useRunningWhatIf();
  const jobQuery = useWhatIfJob(
    followed?.id ?? null,
    [start.data, running.data].find((j) => j && j.id === followed?.id),
  );
  const job = jobQuery.data;
  const updatePlan = useUpdatePlan();
  const saveLevels = useSaveLevels();
  const navigate = useNavigate();

  // a projection already running on the platform (another admin's, or this one's before a reload):
  // show its progress and let it be cancelled
  const runningNow = running.data;
  useEffect(() => {
    if (runningNow && followed === null) setFollowed({ id: runningNow.id, ranWith: null });
  }, [runningNow, followed]);

  const active = (plans.data ?? []).filter((p) => p.is_active);
  const field = (p: Plan, key: PlanField) => draft[p.id]?.[key] ?? String(p[key]);
  const setField = (p: Plan, key: PlanField, value: string) =>
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
      roi_percent: num(field(p, 'roi_percent')),
      cap_multiple: num(field(p, 'cap_multiple')),
      direct_percent: num(field(p, 'direct_percent')),
      before: p,
    }))
    .filter(
      (c) =>
        c.roi_percent !== c.before.roi_percent ||
        c.cap_multiple !== c.before.cap_multiple ||
        c.direct_percent !== c.before.direct_percent,
    );
  const levelsChanged = levelText !== null && proposedLevels.join(', ') !== currentLevels;
  const proposal = {
    plans: changedPlans.map(({ before: _, ...c }) => c),
    ...(levelsChanged ? { levels: proposedLevels } : {}),
  };
  const proposalKey = JSON.stringify(proposal);

  function run() {
    const body: WhatIfBody = {
      days: Number(days),
      claim_rate: num(claimRate),
      withdraw_rate: num(withdrawRate),
      joins_per_day: num(joins),
      ...(joinPlan ? { join_plan_id: Number(joinPlan) } : {}),
      ...(joinAmount ? { join_amount: num(joinAmount) } : {}),
      ...proposal,
    };
    // the server's own schema first: a wrong field is named under it, without a round trip
    const parsed = whatIfBody.safeParse(body);
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const [top, index, key] = issue.path;
        const name =
          top === 'plans' && typeof index === 'number'
            ? `plan:${proposal.plans[index]?.id}:${String(key)}`
            : String(top);
        found[name] ??= issue.message; // in words (contracts/zod-messages), as the server's 400 says it
      }
      setErrors(found);
      return;
    }
    setErrors({});
    cancel.reset();
    start.mutate(body, {
      onSuccess: (started) => setFollowed({ id: started.id, ranWith: proposalKey }),
      onError: async (error) => {
        // 409: another projection runs (its message says whose): show its progress instead
        if (error instanceof ApiError && error.status === 409) {
          const { data } = await running.refetch();
          if (data) setFollowed({ id: data.id, ranWith: null });
        }
      },
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
      toast.success(t`The new settings apply from now on`);
      navigate('/admin/plans');
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setApplying(false);
    }
  }

  const isRunning = job?.status === 'running';
  const startedHere = followed?.ranWith != null;
  // the 409 names the projection that was running; once the page shows that one finished, it is past
  const past409 =
    start.error instanceof ApiError &&
    start.error.status === 409 &&
    !startedHere &&
    job !== undefined &&
    job.status !== 'running';
  const cancelledHere = cancel.data?.id === job?.id && job?.status === 'cancelled';
  const applyNote = !startedHere
    ? t`This projection was started elsewhere, so its proposed settings are not the ones on this form: project your own to apply them.`
    : changedPlans.length === 0 && !levelsChanged
      ? t`Change a setting above to apply it.`
      : proposalKey !== followed?.ranWith
        ? t`The settings above changed since this projection: project them again before applying.`
        : null;
  const planError = (p: Plan, key: PlanField) => errors[`plan:${p.id}:${key}`];
  const daysDone = job ? formatCount(job.progress.days_done) : '';
  const daysAll = job ? formatCount(job.progress.days) : '';
  const stopReason = sentence(job?.error ?? t`It was cancelled`);
  return (
    <div className="flex flex-col gap-6">
      <title>{t`What if · EarnHub admin`}</title>
      <PageHeader
        title={t`What if`}
        description={t`Change a copy of the compensation settings and see the next days next to today's settings, computed with the live income rules on your current members. Nothing changes until you apply.`}
        actions={
          <Link
            to="/admin/plans"
            className="inline-flex items-center gap-1 text-sm text-accent-text hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden /> <Trans>Plans</Trans>
          </Link>
        }
      />
      {(plans.error || levels.error) && (
        <Banner tone="error">{errorMessage(plans.error ?? levels.error)}</Banner>
      )}

      <Card title={t`Proposed settings`}>
        <div className="flex flex-col gap-5">
          {active.map((p) => {
            const name = p.name;
            const roiNow = formatPercent(p.roi_percent);
            const capNow = p.cap_multiple;
            const directNow = formatPercent(p.direct_percent);
            return (
              <fieldset
                key={p.id}
                className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr_1fr_1fr] sm:items-start"
              >
                <legend className="sr-only">{p.name}</legend>
                <span className="font-medium sm:pt-8" aria-hidden>
                  {p.name}
                </span>
                <Input
                  label={t`${name}: daily ROI %`}
                  inputMode="decimal"
                  value={field(p, 'roi_percent')}
                  onChange={(e) => setField(p, 'roi_percent', e.target.value)}
                  hint={t`Now ${roiNow}`}
                  error={planError(p, 'roi_percent')}
                />
                <Input
                  label={t`${name}: limit ×`}
                  inputMode="numeric"
                  value={field(p, 'cap_multiple')}
                  onChange={(e) => setField(p, 'cap_multiple', e.target.value)}
                  hint={t`Now ${capNow}×`}
                  error={planError(p, 'cap_multiple')}
                />
                <Input
                  label={t`${name}: referral %`}
                  inputMode="decimal"
                  value={field(p, 'direct_percent')}
                  onChange={(e) => setField(p, 'direct_percent', e.target.value)}
                  hint={t`Now ${directNow}`}
                  error={planError(p, 'direct_percent')}
                />
              </fieldset>
            );
          })}
          <Input
            label={t`Level income percents (level 1 first, comma-separated)`}
            value={levelText ?? currentLevels}
            onChange={(e) => setLevelText(e.target.value)}
            hint={currentLevels ? t`Now ${currentLevels}` : t`Now none`}
            error={errors.levels}
          />
          <Segmented
            legend={t`Period`}
            options={PERIODS.map((value) => ({
              value,
              label: plural(Number(value), { one: '# day', other: '# days' }),
            }))}
            value={days}
            onValue={setDays}
            columns="grid-cols-2 sm:grid-cols-4"
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Input
              label={t`Members claiming each day (%)`}
              inputMode="numeric"
              value={claimRate}
              onChange={(e) => setClaimRate(e.target.value)}
              error={errors.claim_rate}
            />
            <Input
              label={t`Share of earnings withdrawn each day (%)`}
              inputMode="numeric"
              value={withdrawRate}
              onChange={(e) => setWithdrawRate(e.target.value)}
              hint={t`Members withdraw this share of what they earn each day (the withdrawal fee applies).`}
              error={errors.withdraw_rate}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <Input
              label={t`New members per day`}
              inputMode="numeric"
              value={joins}
              onChange={(e) => setJoins(e.target.value)}
              hint={t`Each joins under an existing member, deposits and buys the plan beside.`}
              error={errors.joins_per_day}
            />
            <Select label={t`They buy`} value={joinPlan} onChange={(e) => setJoinPlan(e.target.value)}>
              <option value="">{active[0]?.name ?? t`The first plan on sale`}</option>
              {active.slice(1).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
            <Input
              label={t`For (USDT)`}
              inputMode="decimal"
              value={joinAmount}
              onChange={(e) => setJoinAmount(e.target.value)}
              placeholder={t`The plan's minimum`}
              error={errors.join_amount}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={run} busy={start.isPending} disabled={isRunning}>
              <Trans>Project {days} days</Trans>
            </Button>
            {isRunning && (
              <span className="text-sm text-muted">
                <Trans>One projection runs at a time: wait for it or cancel it.</Trans>
              </span>
            )}
          </div>
          {start.error && !past409 && <Banner tone="error">{errorMessage(start.error)}</Banner>}
        </div>
      </Card>

      {job && isRunning && (
        <Progress
          job={job}
          startedHere={startedHere}
          reveal={startedHere}
          cancelling={cancel.isPending}
          onCancel={() => cancel.mutate(job.id)}
        />
      )}
      {cancel.error && <Banner tone="error">{errorMessage(cancel.error)}</Banner>}
      {jobQuery.error && <Banner tone="error">{errorMessage(jobQuery.error)}</Banner>}
      {job?.status === 'cancelled' && (
        <Banner tone="notice">
          {cancelledHere
            ? t`Projection cancelled at day ${daysDone} of ${daysAll}. Nothing was changed; project again when you are ready.`
            : t`Projection stopped at day ${daysDone} of ${daysAll}. ${stopReason}`}
        </Banner>
      )}
      {job?.status === 'failed' && (
        <Banner tone="error">{sentence(job.error ?? t`The projection failed`)}</Banner>
      )}
      {job?.status === 'done' && job.result && (
        <Results
          key={job.id}
          jobId={job.id}
          result={job.result}
          applyNote={applyNote}
          onApply={() => setApplying(true)}
        />
      )}

      <ConfirmDialog
        open={applying}
        title={t`Apply the proposed settings?`}
        description={t`Plans and level percents change from now on, for every claim and purchase; each change is written in the audit log.`}
        confirmLabel={t`Apply`}
        busy={updatePlan.isPending || saveLevels.isPending}
        onConfirm={apply}
        onCancel={() => setApplying(false)}
      />
    </div>
  );
}
