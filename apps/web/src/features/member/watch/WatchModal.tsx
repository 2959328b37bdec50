import { WATCH_EARN, type WatchPurpose } from '@app/contracts/roi';
import { VIDEO_MSG } from '@app/contracts/videos';
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
      setFailure(error instanceof ApiError && error.status > 0 ? error.message : WATCH_EARN.tradeFailure);
    } finally {
      setClaiming(false);
    }
  }

  const playing = phase === 'watching' || phase === 'watched';
  return (
    <>
      <Modal
        open={open}
        onClose={() => !claiming && onClose()}
        title={media.title}
        description={
          purpose === 'ad'
            ? 'Watch the ad to claim your ad bonus.'
            : "Watch today's video to claim your reward."
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
                {WATCH_EARN.close}
              </Button>
              <Button onClick={() => start(false)} busy={phase === 'starting'}>
                {WATCH_EARN.startWatching}
              </Button>
            </div>
          )}
          {phase === 'watching' && (
            <p
              role="status"
              className="flex items-center justify-center gap-2 rounded-lg bg-subtle py-3 text-sm font-medium tabular-nums text-fg"
            >
              <Clock className="size-4 text-accent" aria-hidden="true" />
              {WATCH_EARN.pleaseWatch(left)}
            </p>
          )}
          {phase === 'watched' && (
            <div className="flex flex-col gap-3">
              <p
                role="status"
                className="flex items-center gap-2 rounded-lg border border-green-600/30 bg-green-50 px-3 py-2.5 text-sm text-green-900 dark:bg-green-500/10 dark:text-green-200"
              >
                <CircleCheck className="size-4 shrink-0" aria-hidden="true" />
                {WATCH_EARN.watched}
              </p>
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="ghost" onClick={() => start(true)} disabled={claiming}>
                  {WATCH_EARN.watchAgain}
                </Button>
                <Button variant="secondary" onClick={onClose} disabled={claiming}>
                  {WATCH_EARN.close}
                </Button>
                <Button onClick={onClaim} busy={claiming}>
                  {WATCH_EARN.claim}
                </Button>
              </div>
            </div>
          )}
        </div>
      </Modal>
      <Modal open={success !== null} onClose={() => {}} title={WATCH_EARN.successTitle} className="max-w-sm">
        <div className="mt-4 flex items-center gap-3">
          <CircleCheck className="size-8 shrink-0 text-green-600 dark:text-green-400" aria-hidden="true" />
          <div>
            <p className="font-medium">{WATCH_EARN.successBody}</p>
            {success && (
              <p className="text-sm text-fg" data-testid="claim-amount">
                You earned <Money value={success.amount} />
              </p>
            )}
            <p className="text-sm text-muted">{success?.message}</p>
          </div>
        </div>
      </Modal>
      <Modal
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={WATCH_EARN.claimErrorTitle}
        footer={
          <Button variant="secondary" onClick={() => setFailure(null)}>
            {WATCH_EARN.close}
          </Button>
        }
      >
        <div className="mt-4 flex gap-3">
          <TriangleAlert
            className="mt-0.5 size-5 shrink-0 text-red-600 dark:text-red-400"
            aria-hidden="true"
          />
          <div>
            <p className="font-medium">{WATCH_EARN.claimError}</p>
            <p className="mt-1 text-sm text-muted">{failure}</p>
          </div>
        </div>
      </Modal>
      <Modal
        open={noVideo}
        onClose={() => setNoVideo(false)}
        title={WATCH_EARN.noVideoTitle}
        description={VIDEO_MSG.none}
        footer={
          <Button variant="secondary" onClick={() => setNoVideo(false)}>
            {WATCH_EARN.close}
          </Button>
        }
      />
    </>
  );
}
