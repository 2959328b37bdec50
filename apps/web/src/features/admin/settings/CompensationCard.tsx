import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronRight } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import type { SettingsFormInput, SettingsFormOutput } from './settings-form';

/**
 * The compensation knobs of DOMAIN.md that live in settings (the plan holds ROI percent, direct
 * percent and cap multiple; level percents have their own editor on the plans page). A change
 * applies to the operations after it and is recorded in the audit log.
 */
export function CompensationCard({
  form,
}: {
  form: UseFormReturn<SettingsFormInput, unknown, SettingsFormOutput>;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const { t } = useLingui();
  return (
    <Card title={t`Compensation`}>
      <div className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label={t`ROI claim cooldown (hours)`}
            inputMode="numeric"
            autoComplete="off"
            error={errors.roi_cooldown_hours?.message}
            hint={t`Time a member waits after a daily ROI claim before the next one (rolling, from the last claim).`}
            {...register('roi_cooldown_hours')}
          />
          <Input
            label={t`Required watch time (seconds)`}
            inputMode="numeric"
            autoComplete="off"
            error={errors.roi_watch_seconds?.message}
            hint={t`How long a member must watch the day's video before the ROI claim is accepted.`}
            {...register('roi_watch_seconds')}
          />
          <Input
            label={t`Reward leg cap (%)`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.reward_leg_cap_percent?.message}
            hint={t`The most one leg (a direct member and their team) counts toward a reward's business target.`}
            {...register('reward_leg_cap_percent')}
          />
          <Input
            label={t`CTO minimum own plan (USDT)`}
            inputMode="decimal"
            autoComplete="off"
            error={errors.cto_min_active_plan?.message}
            hint={t`A member's active plan must be at least this to share the CTO pool.`}
            {...register('cto_min_active_plan')}
          />
          <Input
            label={t`CTO minimum directs' business (USDT)`}
            inputMode="decimal"
            autoComplete="off"
            className="sm:col-span-2"
            error={errors.cto_min_directs_business?.message}
            hint={t`The active plans of a member's direct members must add up to at least this to share the CTO pool.`}
            {...register('cto_min_directs_business')}
          />
          <Input
            label={t`Notify members of incomes from (USDT)`}
            inputMode="decimal"
            autoComplete="off"
            className="sm:col-span-2"
            error={errors.income_notify_min?.message}
            hint={t`An income paid to a member of at least this much also reaches their notifications; 0 notifies every income.`}
            {...register('income_notify_min')}
          />
        </div>
        <fieldset className="grid gap-4 border-t border-line pt-4 sm:grid-cols-3">
          <legend className="sr-only">
            <Trans>Fraud signals</Trans>
          </legend>
          <p className="text-sm font-medium sm:col-span-3">
            <Trans>Fraud signals (Fraud page)</Trans>
          </p>
          <Input
            label={t`Members sharing an address or device`}
            inputMode="numeric"
            autoComplete="off"
            error={errors.fraud_shared_members?.message}
            hint={t`This many members claiming from one address or device within 7 days raise a flag.`}
            {...register('fraud_shared_members')}
          />
          <Input
            label={t`Registrations in a burst`}
            inputMode="numeric"
            autoComplete="off"
            error={errors.fraud_burst_registrations?.message}
            hint={t`This many new members under one sponsor within the window raise a flag.`}
            {...register('fraud_burst_registrations')}
          />
          <Input
            label={t`Burst window (minutes)`}
            inputMode="numeric"
            autoComplete="off"
            error={errors.fraud_burst_minutes?.message}
            {...register('fraud_burst_minutes')}
          />
        </fieldset>
        <div className="flex flex-col gap-1 border-t border-line pt-4 text-sm">
          <p className="text-muted">
            <Trans>
              Daily ROI percent, direct income percent and the earning cap multiple are set on each plan;
              level income percents and the level unlock rule have their own editor.
            </Trans>
          </p>
          <Link
            to="/admin/plans"
            className="inline-flex items-center gap-1 self-start font-medium text-accent-text hover:underline"
          >
            <Trans>Plans and level percents</Trans> <ChevronRight className="size-4" aria-hidden="true" />
          </Link>
        </div>
      </div>
    </Card>
  );
}
