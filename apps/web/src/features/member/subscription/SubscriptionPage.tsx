import type { Plan } from '@app/contracts/plans';
import { Trans, useLingui } from '@lingui/react/macro';
import { Package } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useActPlans, usePlans } from '../../../api/plans';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { PageHeader } from '../../../components/ui/PageHeader';
import { formatCount } from '../../../lib/format';
import { useUserLabels } from '../dashboard/user-labels';
import { activationFee } from '../money/activation';
import { useMemberMoney } from '../money/useMemberMoney';
import { WalletStrip } from '../money/WalletStrip';
import { ActivationCard } from './ActivationCard';
import { BuyPlanDialog } from './BuyPlanDialog';
import { PlanCard, PlanCardSkeleton } from './PlanCard';

export default function SubscriptionPage() {
  const { t } = useLingui();
  const { ACTIVE_LABEL } = useUserLabels();
  const { user, fund } = useMemberMoney();
  const plans = usePlans('member');
  const actPlans = useActPlans('member');
  const [buying, setBuying] = useState<Plan | null>(null);

  const me = user.data;
  const onSale = plans.data?.filter((p) => p.is_active);
  const current = plans.data?.find((p) => p.id === me?.plan_id);
  const holdsPlan = (me?.active_plan ?? 0) > 0;
  const fee = activationFee(actPlans.data);
  const multiple = current ? formatCount(current.cap_multiple) : '';

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Subscription · EarnHub`}</title>
      <PageHeader
        title={t`Subscription`}
        description={t`Buy a plan with your fund wallet. It earns a daily ROI until its earning limit is reached.`}
      />

      {user.error && <Banner tone="error">{errorMessage(user.error)}</Banner>}
      <WalletStrip
        figures={[
          {
            title: t`Fund wallet`,
            value: me ? fund : undefined,
            caption: t`Available to buy plans`,
            testId: 'fund-balance',
          },
          {
            title: t`Active plan`,
            value: me?.active_plan,
            caption: me ? (
              holdsPlan ? (
                <Badge tone={ACTIVE_LABEL[me.is_active].tone}>{ACTIVE_LABEL[me.is_active].text}</Badge>
              ) : (
                t`No plan yet`
              )
            ) : undefined,
            testId: 'active-plan',
          },
          {
            title: t`Earning limit`,
            value: me ? me.active_plan * (current?.cap_multiple ?? 0) : undefined,
            caption: current ? t`${multiple}× your active plan` : t`Set by your plan`,
          },
          {
            title: t`Total earnings`,
            value: me ? me.level_month + me.roi_income + me.reward + me.direct_income + me.salary : undefined,
            caption: t`Counted against the limit`,
          },
        ]}
      />

      <section aria-labelledby="plans-heading" className="flex flex-col gap-4">
        <h2 id="plans-heading" className="flex items-center gap-2 text-lg font-semibold text-fg">
          <Package className="size-5 text-muted" aria-hidden="true" /> <Trans>Plans on sale</Trans>
        </h2>
        {plans.error && <Banner tone="error">{errorMessage(plans.error)}</Banner>}
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {plans.isPending && [0, 1, 2].map((i) => <PlanCardSkeleton key={i} />)}
          {onSale?.map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              current={plan.id === me?.plan_id}
              holdsPlan={holdsPlan}
              onBuy={setBuying}
            />
          ))}
        </div>
        {onSale?.length === 0 && (
          <p className="rounded-xl border border-dashed border-line px-4 py-10 text-center text-sm text-muted">
            <Trans>
              No plans are on sale right now. Check back later, or ask support when the next plan opens.
            </Trans>
          </p>
        )}
      </section>

      {/* after the plans: optional, and it adds nothing to what a plan earns (issue 37.10) */}
      {me && fee !== undefined && (
        <ActivationCard
          fee={fee}
          fund={fund}
          paid={me.paid_member}
          earning={holdsPlan && me.is_active === 'active'}
        />
      )}

      <BuyPlanDialog plan={buying} fund={fund} holdsPlan={holdsPlan} onClose={() => setBuying(null)} />
    </div>
  );
}
