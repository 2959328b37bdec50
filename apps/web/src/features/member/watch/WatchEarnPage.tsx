import { WATCH_EARN, type WatchPurpose } from '@app/contracts/roi';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ChartNoAxesCombined, Clock3, RefreshCw, Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useMember } from '../../../api/auth-store';
import { claimBonus, useBonuses } from '../../../api/bonuses';
import { errorMessage } from '../../../api/client';
import { usePlans } from '../../../api/plans';
import { claimRoi, useLatestVideo } from '../../../api/roi';
import { useUser } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ErrorDialog } from '../../../components/ui/ErrorDialog';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { type Action, ActionArea } from './ActionArea';
import { type Earned, forgetEarned, readEarned, rememberEarned } from './earned';
import type { Media } from './Player';
import { AdBonusCard, PlanStatusCard } from './SideCards';
import { useCountdown, useEligibility } from './useEligibility';
import { WatchModal } from './WatchModal';

/**
 * Watch and Earn (spec 2.6, 4 Daily reward): members with a plan watch today's video and claim
 * their daily ROI once per cooldown; members without a plan claim the video bonus (`roi_income`)
 * instead; anyone may watch an ad for the ad bonus (`add_income`).
 */
export default function WatchEarnPage() {
  const { t } = useLingui();
  const member = useMember();
  const id = member?.id ?? 0;
  const user = useUser(id, 'member');
  const { state, result, hoursLeft, recheck } = useEligibility(member?.id ?? null);
  const bonuses = useBonuses('member');
  const latest = useLatestVideo();
  const plans = usePlans('member');
  const [earned] = useState(readEarned);
  useEffect(() => {
    if (earned) forgetEarned();
  }, [earned]);
  const [watching, setWatching] = useState<WatchPurpose | null>(null);
  // a failed load of today's video (spec 8 'Failed to fetch latest video'); an empty library is not
  // an error: the modal plays the bundled default video (spec 2.6)
  const [videoError, setVideoError] = useState<string | null>(null);

  const u = user.data;
  const hasPlan = (u?.active_plan ?? 0) > 0;
  const videoBonus = bonuses.data?.bonus.find((b) => b.bonus_type === 'roi_income');
  const adBonus = bonuses.data?.bonus.find((b) => b.bonus_type === 'add_income');
  const bonusWait =
    videoBonus?.next_claim_at && bonuses.data
      ? Math.max(0, (Date.parse(videoBonus.next_claim_at) - Date.parse(bonuses.data.now)) / 3_600_000)
      : 0;
  const bonusHoursLeft = useCountdown(bonusWait, bonuses.dataUpdatedAt);
  const watchSeconds = result?.watch_seconds ?? 10;

  let action: Action;
  if (!u || (!hasPlan && bonuses.isPending)) action = { kind: 'checking' };
  else if (u.status === 'block') action = { kind: 'denied' };
  else if (hasPlan) {
    if (state.status === 'checking') action = { kind: 'checking' };
    else if (state.status === 'error') action = { kind: 'unavailable' };
    else if (u.roi_status === 'close')
      action = { kind: 'paused', reason: t`ROI income is closed on your account. Contact support.` };
    else if (result?.found && hoursLeft > 0)
      action = {
        kind: 'claimed',
        what: 'reward',
        hoursLeft,
        nextAt: result.nextClaimTime,
        serverNow: result.now,
      };
    else action = { kind: 'eligible' };
  } else if (state.status === 'checking') action = { kind: 'checking' };
  else if (!videoBonus) action = { kind: 'no-plan' };
  else if (bonusHoursLeft > 0)
    action = {
      kind: 'claimed',
      what: 'video bonus',
      hoursLeft: bonusHoursLeft,
      nextAt: videoBonus.next_claim_at ?? null,
      serverNow: bonuses.data?.now,
    };
  else action = { kind: 'eligible', bonus: videoBonus.amount };

  const media: Media =
    watching === 'ad'
      ? { title: adBonus?.title ?? t`Ad`, url: adBonus?.media_url || null }
      : { title: latest.data?.title ?? t`Today's video`, url: latest.data?.url ?? null };

  async function open(purpose: WatchPurpose) {
    // today's video not loaded (still loading, retrying or failed): load it before the modal opens,
    // so the bundled default never stands in for today's video by mistake
    if (purpose === 'video' && !latest.isSuccess) {
      const settled = await latest.refetch();
      if (settled.isError) {
        // VIDEO_FAIL.latest, the spec's fallback, in the member's words
        setVideoError(errorMessage(settled.error, t`Failed to fetch latest video`));
        return;
      }
    }
    setWatching(purpose);
  }

  async function claim(): Promise<{ message: string; amount: number }> {
    if (watching === 'ad' || !hasPlan) {
      return claimBonus({
        user_id: id,
        bonus_type: watching === 'ad' ? 'add_income' : 'roi_income',
        plan_id: u?.plan_id ?? null,
      });
    }
    return claimRoi(id);
  }

  function afterClaim(claimed: Earned) {
    void recheck();
    // the page reloads (spec 4); what the claim earned is said after it too, not only for 1.5 s
    rememberEarned(claimed);
    setTimeout(() => window.location.reload(), WATCH_EARN.reloadAfterMs);
  }

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Watch and earn · EarnHub`}</title>
      <PageHeader
        title={t`Watch and earn`}
        description={t`Watch today's video, then claim your daily reward.`}
      />
      {/* a blocked member sees 'Access Denied' below (spec 2.6), never a check error as well */}
      {state.status === 'error' && u?.status !== 'block' && (
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="flex-1">
            <Banner tone="error">{state.message}</Banner>
          </div>
          <Button variant="secondary" onClick={() => void recheck()}>
            <RefreshCw className="size-4" aria-hidden="true" /> <Trans>Retry</Trans>
          </Button>
        </div>
      )}
      {earned && (
        <div data-testid="earned">
          <Banner tone="success">
            {earned.purpose === 'ad' ? (
              <Trans>
                You earned <Money value={earned.amount} className="font-semibold" /> with the ad bonus.
              </Trans>
            ) : hasPlan ? (
              <Trans>
                You earned <Money value={earned.amount} className="font-semibold" /> of daily ROI.
              </Trans>
            ) : (
              <Trans>
                You earned <Money value={earned.amount} className="font-semibold" /> with the video bonus.
              </Trans>
            )}
          </Banner>
        </div>
      )}
      <Hero seconds={watchSeconds} hours={result?.cooldown_hours ?? 24} />
      <div className="grid gap-4 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ActionArea action={action} onWatch={() => void open('video')} />
        </div>
        <div className="flex flex-col gap-4">
          <PlanStatusCard
            activePlan={u?.active_plan ?? 0}
            planName={plans.data?.find((p) => p.id === u?.plan_id)?.name}
            lastClaim={hasPlan ? (result?.lastClaimTime ?? null) : (videoBonus?.last_claimed_at ?? null)}
          />
          <AdBonusCard
            bonus={adBonus}
            now={bonuses.data?.now}
            fetchedAt={bonuses.dataUpdatedAt}
            denied={u?.status === 'block'}
            onWatch={() => void open('ad')}
          />
        </div>
      </div>
      <WatchModal
        open={watching !== null}
        onClose={() => setWatching(null)}
        media={media}
        purpose={watching ?? 'video'}
        claim={claim}
        onClaimed={afterClaim}
      />
      <ErrorDialog
        open={videoError !== null}
        message={videoError ?? ''}
        onClose={() => setVideoError(null)}
      />
    </div>
  );
}

/** Spec 2.6: a hero with three tiles. */
function Hero({ seconds, hours }: { seconds: number; hours: number }) {
  const { t } = useLingui();
  const tiles = [
    {
      icon: Timer,
      title: plural(seconds, { one: 'Earn in # second', other: 'Earn in # seconds' }),
      text: plural(seconds, {
        one: "Watch today's video for # second, then claim.",
        other: "Watch today's video for # seconds, then claim.",
      }),
    },
    {
      icon: Clock3,
      title: plural(hours, { one: 'Fresh rewards every # hour', other: 'Fresh rewards every # hours' }),
      text: plural(hours, {
        one: 'A new reward opens # hour after your last claim.',
        other: 'A new reward opens # hours after your last claim.',
      }),
    },
    {
      icon: ChartNoAxesCombined,
      title: t`Track progress`,
      text: t`Every claim shows in your ROI transactions and income.`,
    },
  ];
  return (
    <section className="overflow-hidden rounded-xl bg-gradient-to-br from-indigo-600 via-indigo-700 to-slate-900 p-5 text-white shadow-sm sm:p-7">
      <h2 className="text-xl font-semibold sm:text-2xl">
        <Trans>Watch. Claim. Repeat daily.</Trans>
      </h2>
      <p className="mt-1 max-w-xl text-sm text-indigo-100">
        <Trans>One short video a day keeps your daily reward coming.</Trans>
      </p>
      <ul className="mt-5 grid gap-3 sm:grid-cols-3">
        {tiles.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-lg bg-white/10 p-4 ring-1 ring-white/15">
            <Icon className="size-5 text-emerald-300" aria-hidden="true" />
            <p className="mt-2 font-semibold">{title}</p>
            <p className="mt-1 text-sm text-indigo-100">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
