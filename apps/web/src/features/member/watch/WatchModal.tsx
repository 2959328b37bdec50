import { BONUS_MSG } from '@app/contracts/bonuses';
import { ROI_MSG, WATCH_EARN, type WatchPurpose } from '@app/contracts/roi';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleCheck, Clock, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client';
import { startWatch } from '../../../api/roi';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';
import { type Media, Player } from './Player';

type Phase = 'ready' | 'starting' | 'watching' | 'watched';

interface Props {
  open: boolean;
  onClose: () => void;
  media: Media;
  purpose: WatchPurpose;
  /** Claims the reward; resolves with the server's message, throws on refusal. */
  claim: () => Promise<{ message: string; amount: number }>;
  /** After the success dialog, with what the claim earned: recheck eligibility and reload (spec 4). */
  onClaimed: (claimed: { amount: number; purpose: WatchPurpose }) => void;
}

/**
 * The video modal of spec 2.6 and 4: Start Watching (the server notes the start), then "Please
 * watch for: Ns", then 'Video watched! Claim your reward now.' with Claim Reward, Close and Watch
 * Again. 700 wide.
 */
export function WatchModal({ open, onClose, media, purpose, claim, onClaimed }: Props) {
  const { t } = useLingui();
  const [phase, setPhase] = useState<Phase>('ready');
  const [left, setLeft] = useState(0);
  const [round, setRound] = useState(0);
  const [startError, setStartError] = useState<string | null>(null);
  const [claiming, setClaiming] = useState(false);
  const [success, setSuccess] = useState<{ message: string; amount: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [noVideo, setNoVideo] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);

  useEffect(() => {
    if (open) {
      setPhase('ready');
      setStartError(null);
      setRound(0);
    }
  }, [open]);

  useEffect(() => {
    if (phase !== 'watching') return;
    const tick = setInterval(() => {
      setLeft((s) => {
        if (s <= 1) {
          clearInterval(tick);
          setPhase('watched');
          return 0;
        }
        return s - 1;
      });
    }, 1000);
    return () => clearInterval(tick);
  }, [phase]);

  async function start(again: boolean) {
    setPhase('starting');
    setStartError(null);
    try {
      const { session } = await startWatch(purpose);
      setLeft(session.watch_seconds);
      if (again) setRound((r) => r + 1);
      setPhase('watching');
    } catch (error) {
      setStartError(errorMessage(error));
      setPhase(again ? 'watched' : 'ready');
    }
  }

  async function onClaim() {
    if (claiming) return; // claiming is blocked while a claim is in progress (spec 4)
    setClaiming(true);
    try {
      const claimed = await claim();
      setSuccess(claimed);
      setTimeout(() => {
        setSuccess(null);
        onClose();
        onClaimed({ amount: claimed.amount, purpose });
      }, WATCH_EARN.successDialogMs);
    } catch (error) {
      // the server's message, else the spec's trade-update fallback
      setFailure(
        error instanceof ApiError && error.status > 0 ? errorMessage(error) : t`Failed to update ROI income`,
      );
    } finally {
      setClaiming(false);
    }
  }

  const playing = phase === 'watching' || phase === 'watched';
  // the server's spec English success messages, in the member's words
  const said: Record<string, string> = {
    [ROI_MSG.claimed]: t`Trade Successfull!`,
    [BONUS_MSG.claimed]: t`Bonus has been claimed`,
  };
  const close = t`Close`;
  return (
    <>
      <Modal
        open={open}
        onClose={() => !claiming && onClose()}
        title={media.title}
        description={
          purpose === 'ad'
            ? t`Watch the ad to claim your ad bonus.`
            : t`Watch today's video to claim your reward.`
        }
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-[700px]"
      >
        <div className="mt-4 flex flex-col gap-4" data-testid="watch-modal">
          <Player
            media={media}
            playing={playing}
            round={round}
            videoRef={videoRef}
            onError={() => setNoVideo(true)}
          />
          {startError && <Banner tone="error">{startError}</Banner>}
          {(phase === 'ready' || phase === 'starting') && (
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={onClose}>
                {close}
              </Button>
              <Button onClick={() => start(false)} busy={phase === 'starting'}>
                {t`Start Watching`}
              </Button>
            </div>
          )}
          {phase === 'watching' && (
            <p
              role="status"
              className="flex items-center justify-center gap-2 rounded-lg bg-subtle py-3 text-sm font-medium tabular-nums text-fg"
            >
              <Clock className="size-4 text-accent" aria-hidden="true" />
              {t`Please watch for: ${left}s`}
            </p>
          )}
          {phase === 'watched' && (
            <div className="flex flex-col gap-3">
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg border border-green-600/30 bg-green-50 px-3 py-2.5 text-sm text-green-900 dark:bg-green-500/10 dark:text-green-200"
              >
                <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
                {t`Video watched! Claim your reward now.`}
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" onClick={() => start(true)} disabled={claiming}>
                  {t`Watch Again`}
                </Button>
                <Button variant="secondary" onClick={onClose} disabled={claiming}>
                  {close}
                </Button>
                <Button onClick={onClaim} busy={claiming}>
                  {t`Claim Reward`}
                </Button>
              </div>
            </div>
          )}
        </div>
      </Modal>
      <Modal open={success !== null} onClose={() => {}} title={t`Success!`} className="max-w-sm">
        <div className="mt-4 flex items-center gap-3">
          <CircleCheck className="size-8 shrink-0 text-green-600 dark:text-green-400" aria-hidden="true" />
          <div>
            <p className="font-medium">{t`Reward claimed successfully!`}</p>
            {success && (
              <p className="text-sm text-fg" data-testid="claim-amount">
                <Trans>
                  You earned <Money value={success.amount} />
                </Trans>
              </p>
            )}
            <p className="text-sm text-muted">{success && (said[success.message] ?? success.message)}</p>
          </div>
        </div>
      </Modal>
      <Modal
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={t`Error!`}
        footer={
          <Button variant="secondary" onClick={() => setFailure(null)}>
            {close}
          </Button>
        }
      >
        <div className="mt-4 flex gap-3">
          <TriangleAlert
            className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400"
            aria-hidden="true"
          />
          <div>
            <p className="font-medium">{t`Failed to claim reward. Please try again.`}</p>
            <p className="mt-1 text-sm text-muted">{failure}</p>
          </div>
        </div>
      </Modal>
      <Modal
        open={noVideo}
        onClose={() => setNoVideo(false)}
        title={t`Error`}
        description={t`No video available. Try later.`}
        footer={
          <Button variant="secondary" onClick={() => setNoVideo(false)}>
            {close}
          </Button>
        }
      />
    </>
  );
}
