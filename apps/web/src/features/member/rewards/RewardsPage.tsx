import type { DefaulterReward } from '@app/contracts/rewards';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, Trophy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useMemberRewards, useRewardNotice, useStartRewards } from '../../../api/rewards';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Spinner } from '../../../components/ui/Spinner';
import { SuccessDialog } from '../../../components/ui/SuccessDialog';
import { money } from '../../../lib/format';
import { CurrentStage } from './CurrentStage';
import { SalaryCtoCards } from './SalaryCtoCards';
import { StageHistory, Upcoming } from './StageHistory';

/** Member rewards (spec 2.1 /user/rewards): the open stage with its progress, claim, carry forward, history. */
export default function RewardsPage() {
  const { t } = useLingui();
  const id = useMember()?.id ?? 0;
  const rewards = useMemberRewards(id, 'member');
  const notice = useRewardNotice(id, 'member');
  const start = useStartRewards(id);
  const data = rewards.data;
  const reason = rewards.error ? errorMessage(rewards.error) : '';
  // the server's notice is English: the same sentence from its figures, in the member's language
  const ended = notice.data?.stages.find((s) => s.status === 'window_ended');
  const noticeText = ended ? <EndedNotice stage={ended} next={data?.upcoming[0]?.title} /> : null;
  // a claim or carry-forward changes the stage, the history and the wallets: the spec 2.10 Success
  // dialog, whose closing reloads the page (kept here: the stage card goes away after the last stage)
  const [done, setDone] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Rewards · EarnHub`}</title>
      <PageHeader
        title={t`Rewards`}
        description={t`Reach each stage's team business inside its window, then claim its reward into your earnings.`}
      />
      {rewards.error && <Banner tone="error">{t`Error fetching rewards: ${reason}`}</Banner>}
      {notice.data?.pending && ended && (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-600/30 bg-amber-50 px-3 py-2.5 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{noticeText}</span>
        </div>
      )}

      {rewards.isPending && (
        <Card>
          <Spinner label={t`Loading your rewards`} />
        </Card>
      )}

      {data?.current && (
        <CurrentStage userId={id} current={data.current} next={data.upcoming[0]} onDone={setDone} />
      )}
      <SuccessDialog open={done !== null} message={done ?? ''} onClose={() => setDone(null)} />

      {data && !data.current && (
        <Card>
          <div className="flex flex-col items-start gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <Trophy className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              <div>
                <p className="font-medium text-fg">
                  {data.can_start
                    ? data.stages.length === 0
                      ? t`Start working on your first reward stage.`
                      : t`A new stage is on offer.`
                    : data.stages.length === 0
                      ? t`No reward stages are on offer yet.`
                      : t`You have completed every stage on offer.`}
                </p>
                <p className="mt-1 text-sm text-muted">
                  {data.can_start
                    ? t`Its window opens now: purchases in your team from this moment count toward it.`
                    : t`New stages appear here when they are added.`}
                </p>
              </div>
            </div>
            {data.can_start && (
              <Button
                busy={start.isPending}
                onClick={() =>
                  start.mutate(undefined, {
                    onSuccess: (res) =>
                      toast.success(
                        // the server's two answers (rewards/stages.ts), in the member's words
                        res.message === 'Your reward stage is already open'
                          ? t`Your reward stage is already open`
                          : t`Reward stage started`,
                      ),
                    onError: (error) => {
                      const why = errorMessage(error);
                      toast.error(t`Error initializing rewards: ${why}`);
                    },
                  })
                }
              >
                <Trans>Start stage</Trans>
              </Button>
            )}
          </div>
        </Card>
      )}

      {data && <Upcoming upcoming={data.upcoming} />}
      {data && <StageHistory stages={data.stages} />}
      {id > 0 && <SalaryCtoCards userId={id} />}
    </div>
  );
}

function EndedNotice({
  stage,
  next,
}: {
  stage: DefaulterReward['stages'][number];
  next: string | undefined;
}) {
  const { t } = useLingui();
  const title = stage.title;
  const business = money(stage.business).text;
  const threshold = money(stage.threshold).text;
  const ended = t`The window of ${title} ended with ${business} of ${threshold}.`;
  const then = next
    ? t`Carry forward to keep this business for ${next}.`
    : t`No further stage is on offer yet.`;
  return (
    <>
      {ended} {then}
    </>
  );
}
