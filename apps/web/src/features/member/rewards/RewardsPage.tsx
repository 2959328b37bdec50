import { REWARD_TEXT } from '@app/contracts/rewards';
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
import { CurrentStage } from './CurrentStage';
import { SalaryCtoCards } from './SalaryCtoCards';
import { StageHistory, Upcoming } from './StageHistory';

/** Member rewards (spec 2.1 /user/rewards): the open stage with its progress, claim, carry forward, history. */
export default function RewardsPage() {
  const id = useMember()?.id ?? 0;
  const rewards = useMemberRewards(id, 'member');
  const notice = useRewardNotice(id, 'member');
  const start = useStartRewards(id);
  const data = rewards.data;
  // a claim or carry-forward changes the stage, the history and the wallets: the spec 2.10 Success
  // dialog, whose closing reloads the page (kept here: the stage card goes away after the last stage)
  const [done, setDone] = useState<string | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <title>Rewards · EarnHub</title>
      <PageHeader
        title="Rewards"
        description="Reach each stage's team business inside its window, then claim its reward into your earnings."
      />
      {rewards.error && (
        <Banner tone="error">
          {REWARD_TEXT.fetchError}: {errorMessage(rewards.error)}
        </Banner>
      )}
      {notice.data?.pending && notice.data.message && (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg border border-amber-600/30 bg-amber-50 px-3 py-2.5 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-200"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{notice.data.message}</span>
        </div>
      )}

      {rewards.isPending && (
        <Card>
          <Spinner label="Loading your rewards" />
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
                      ? 'Start working on your first reward stage.'
                      : 'A new stage is on offer.'
                    : data.stages.length === 0
                      ? 'No reward stages are on offer yet.'
                      : 'You have completed every stage on offer.'}
                </p>
                <p className="mt-1 text-sm text-muted">
                  {data.can_start
                    ? 'Its window opens now: purchases in your team from this moment count toward it.'
                    : 'New stages appear here when they are added.'}
                </p>
              </div>
            </div>
            {data.can_start && (
              <Button
                busy={start.isPending}
                onClick={() =>
                  start.mutate(undefined, {
                    onSuccess: (res) => toast.success(res.message),
                    onError: (error) => toast.error(`${REWARD_TEXT.initError}: ${errorMessage(error)}`),
                  })
                }
              >
                Start stage
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
