import type { MemberRewards } from '@app/contracts/rewards';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useCarryForward, useClaimReward } from '../../../api/rewards';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Money } from '../../../components/ui/Money';
import { SummaryList } from '../../../components/ui/SummaryList';
import { When } from '../../../components/ui/When';
import { LegProgress, OverallProgress } from './Progress';

type Current = NonNullable<MemberRewards['current']>;

const daysUntil = (iso: string) => Math.ceil((Date.parse(iso) - Date.now()) / 86_400_000);

/** The open stage: its terms, window, progress overall and per leg, and the two actions. */
export function CurrentStage({
  userId,
  current,
  next,
  onDone,
}: {
  userId: number;
  current: Current;
  /** The server's message of a claim or carry-forward, for the page's Success dialog. */
  onDone: (message: string) => void;
  /** The stage a carry-forward would open, if any. */
  next: MemberRewards['upcoming'][number] | undefined;
}) {
  const { t } = useLingui();
  const { stage, business } = current;
  const order = stage.order;
  const title = stage.title;
  const claim = useClaimReward(userId);
  const carry = useCarryForward(userId);
  const [asking, setAsking] = useState<'claim' | 'carry' | null>(null);
  const ended = Date.parse(stage.ends_at) <= Date.now();
  const state = business.qualified
    ? { tone: 'green' as const, text: t`Qualified` }
    : ended
      ? { tone: 'amber' as const, text: t`Window ended` }
      : { tone: 'blue' as const, text: t`In progress` };
  const days = daysUntil(stage.ends_at);
  const left =
    days <= 1 ? t`less than a day left` : plural(days, { one: '# day left', other: '# days left' });

  const close = () => {
    if (claim.isPending || carry.isPending) return;
    claim.reset();
    carry.reset();
    setAsking(null);
  };
  const onClaim = () =>
    claim.mutate(stage.id, {
      // the spec's words (REWARD_TEXT.claimed) in the member's language; English as the server says it
      onSuccess: () => {
        setAsking(null);
        onDone(t`Reward Claimed successfull!`);
      },
    });
  const onCarry = () =>
    carry.mutate(stage.id, {
      onSuccess: () => {
        setAsking(null);
        onDone(t`Carry forword successfull`);
      },
    });

  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          <Trans>
            Stage {order}: {title}
          </Trans>
          <Badge tone={state.tone}>{state.text}</Badge>
        </span>
      }
    >
      <div className="flex flex-col gap-6">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-muted">
              <Trans>Reward</Trans>
            </dt>
            <dd className="mt-1 text-lg font-semibold text-fg">
              <Money value={stage.reward} testId="stage-reward" />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">
              <Trans>Team business needed</Trans>
            </dt>
            <dd className="mt-1 text-lg font-semibold text-fg">
              <Money value={stage.threshold} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">
              <Trans>Window opened</Trans>
            </dt>
            <dd className="mt-1 text-sm text-fg">
              <When iso={stage.starts_at} stacked />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{ended ? t`Window ended` : t`Window ends`}</dt>
            <dd className="mt-1 text-sm text-fg">
              <When iso={stage.ends_at} stacked />
              {!ended && <span className="text-xs text-muted">{left}</span>}
            </dd>
          </div>
        </dl>

        <OverallProgress business={business} />

        <section aria-labelledby="legs-heading" className="flex flex-col gap-3">
          <h3 id="legs-heading" className="text-sm font-semibold text-fg">
            <Trans>Business per leg</Trans>
          </h3>
          <LegProgress business={business} />
        </section>

        <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex-1 text-sm text-muted">
            {business.qualified
              ? t`You reached this stage: claim its reward into your earnings wallet.`
              : ended
                ? t`This window has ended short of the threshold. Carry forward to keep the business counted so far.`
                : t`Claim opens once the business counted reaches the threshold.`}
            {!next && <> {t`This is the last stage on offer: there is no stage to carry forward to.`}</>}
          </p>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setAsking('carry')} disabled={!next}>
              <Trans>Carry forward</Trans>
            </Button>
            <Button onClick={() => setAsking('claim')} disabled={!business.qualified}>
              <Trans>Claim reward</Trans>
            </Button>
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={asking === 'claim'}
        title={t`Claim the ${title} reward?`}
        description={t`The reward is paid into your earnings wallet and counts toward your earning limit; the next stage opens at once.`}
        confirmLabel={t`Claim reward`}
        busy={claim.isPending}
        onConfirm={onClaim}
        onCancel={close}
      >
        {claim.isError && <Banner tone="error">{errorMessage(claim.error)}</Banner>}
        <SummaryList
          rows={[
            { label: t`Stage`, value: stage.title },
            { label: t`Business counted`, value: <Money value={business.counted} /> },
            { label: t`Reward`, value: <Money value={stage.reward} />, strong: true },
            { label: t`Next stage`, value: next ? next.title : t`None on offer yet` },
          ]}
        />
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'carry'}
        title={t`Carry ${title} forward?`}
        description={
          business.qualified
            ? t`This stage is reached: carrying it forward gives up its reward. The business counted so far moves with you to the next stage.`
            : t`This stage closes unachieved. The business counted so far moves with you to the next stage.`
        }
        confirmLabel={t`Carry forward`}
        danger={business.qualified}
        busy={carry.isPending}
        onConfirm={onCarry}
        onCancel={close}
      >
        {carry.isError && <Banner tone="error">{errorMessage(carry.error)}</Banner>}
        {next && (
          <SummaryList
            rows={[
              { label: t`Closes`, value: stage.title },
              ...(business.qualified
                ? [{ label: t`Reward given up`, value: <Money value={stage.reward} /> }]
                : []),
              { label: t`Business carried`, value: <Money value={business.total} />, strong: true },
              {
                label: t`Next stage`,
                value: <NextStage title={next.title} business={next.business} />,
              },
            ]}
          />
        )}
      </ConfirmDialog>
    </Card>
  );
}

function NextStage({ title, business }: { title: string; business: number }) {
  return (
    <Trans>
      {title} · needs <Money value={business} />
    </Trans>
  );
}
