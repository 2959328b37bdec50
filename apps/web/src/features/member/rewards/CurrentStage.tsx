import type { MemberRewards } from '@app/contracts/rewards';
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

const daysLeft = (iso: string) => {
  const days = Math.ceil((Date.parse(iso) - Date.now()) / 86_400_000);
  return days <= 1 ? 'less than a day left' : `${days} days left`;
};

function stateOf(current: Current, now: number) {
  if (current.business.qualified) return { tone: 'green' as const, text: 'Qualified' };
  if (Date.parse(current.stage.ends_at) <= now) return { tone: 'amber' as const, text: 'Window ended' };
  return { tone: 'blue' as const, text: 'In progress' };
}

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
  const { stage, business } = current;
  const claim = useClaimReward(userId);
  const carry = useCarryForward(userId);
  const [asking, setAsking] = useState<'claim' | 'carry' | null>(null);
  const state = stateOf(current, Date.now());
  const ended = Date.parse(stage.ends_at) <= Date.now();

  const close = () => {
    if (claim.isPending || carry.isPending) return;
    claim.reset();
    carry.reset();
    setAsking(null);
  };
  const onClaim = () =>
    claim.mutate(stage.id, {
      onSuccess: (res) => {
        setAsking(null);
        onDone(res.message);
      },
    });
  const onCarry = () =>
    carry.mutate(stage.id, {
      onSuccess: (res) => {
        setAsking(null);
        onDone(res.message);
      },
    });

  return (
    <Card
      title={
        <span className="flex flex-wrap items-center gap-2">
          Stage {stage.order}: {stage.title}
          <Badge tone={state.tone}>{state.text}</Badge>
        </span>
      }
    >
      <div className="flex flex-col gap-6">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <div>
            <dt className="text-sm text-muted">Reward</dt>
            <dd className="mt-1 text-lg font-semibold text-fg">
              <Money value={stage.reward} testId="stage-reward" />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Team business needed</dt>
            <dd className="mt-1 text-lg font-semibold text-fg">
              <Money value={stage.threshold} />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">Window opened</dt>
            <dd className="mt-1 text-sm text-fg">
              <When iso={stage.starts_at} stacked />
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted">{ended ? 'Window ended' : 'Window ends'}</dt>
            <dd className="mt-1 text-sm text-fg">
              <When iso={stage.ends_at} stacked />
              {!ended && <span className="text-xs text-muted">{daysLeft(stage.ends_at)}</span>}
            </dd>
          </div>
        </dl>

        <OverallProgress business={business} />

        <section aria-labelledby="legs-heading" className="flex flex-col gap-3">
          <h3 id="legs-heading" className="text-sm font-semibold text-fg">
            Business per leg
          </h3>
          <LegProgress business={business} />
        </section>

        <div className="flex flex-col gap-3 border-t border-line pt-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex-1 text-sm text-muted">
            {business.qualified
              ? 'You reached this stage: claim its reward into your earnings wallet.'
              : ended
                ? 'This window has ended short of the threshold. Carry forward to keep the business counted so far.'
                : 'Claim opens once the business counted reaches the threshold.'}
            {!next && ' This is the last stage on offer: there is no stage to carry forward to.'}
          </p>
          <div className="flex shrink-0 flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setAsking('carry')} disabled={!next}>
              Carry forward
            </Button>
            <Button onClick={() => setAsking('claim')} disabled={!business.qualified}>
              Claim reward
            </Button>
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={asking === 'claim'}
        title={`Claim the ${stage.title} reward?`}
        description="The reward is paid into your earnings wallet and counts toward your earning limit; the next stage opens at once."
        confirmLabel="Claim reward"
        busy={claim.isPending}
        onConfirm={onClaim}
        onCancel={close}
      >
        {claim.isError && <Banner tone="error">{errorMessage(claim.error)}</Banner>}
        <SummaryList
          rows={[
            { label: 'Stage', value: stage.title },
            { label: 'Business counted', value: <Money value={business.counted} /> },
            { label: 'Reward', value: <Money value={stage.reward} />, strong: true },
            { label: 'Next stage', value: next ? next.title : 'None on offer yet' },
          ]}
        />
      </ConfirmDialog>

      <ConfirmDialog
        open={asking === 'carry'}
        title={`Carry ${stage.title} forward?`}
        description={
          business.qualified
            ? 'This stage is reached: carrying it forward gives up its reward. The business counted so far moves with you to the next stage.'
            : 'This stage closes unachieved. The business counted so far moves with you to the next stage.'
        }
        confirmLabel="Carry forward"
        danger={business.qualified}
        busy={carry.isPending}
        onConfirm={onCarry}
        onCancel={close}
      >
        {carry.isError && <Banner tone="error">{errorMessage(carry.error)}</Banner>}
        {next && (
          <SummaryList
            rows={[
              { label: 'Closes', value: stage.title },
              ...(business.qualified
                ? [{ label: 'Reward given up', value: <Money value={stage.reward} /> }]
                : []),
              { label: 'Business carried', value: <Money value={business.total} />, strong: true },
              {
                label: 'Next stage',
                value: (
                  <>
                    {next.title} · needs <Money value={next.business} />
                  </>
                ),
              },
            ]}
          />
        )}
      </ConfirmDialog>
    </Card>
  );
}
