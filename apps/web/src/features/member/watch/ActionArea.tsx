import { WATCH_EARN } from '@app/contracts/roi';
import { Ban, CircleCheck, CirclePause, Hourglass, PlayCircle, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/Button';
import { Money } from '../../../components/ui/Money';
import { Spinner } from '../../../components/ui/Spinner';
import { formatHours, opensAt } from './useEligibility';

/** What the main action area shows: exactly one of these (spec 2.6). */
export type Action =
  | { kind: 'checking' }
  | { kind: 'denied' }
  | { kind: 'eligible'; bonus?: number }
  /** Today's reward (or video bonus) is claimed: when the next one opens (spec 2.6's limit box). */
  | { kind: 'claimed'; what: string; hoursLeft: number; nextAt: string | null; serverNow?: string }
  /** Claims are closed on the account (ROI status closed): the reason, no countdown. */
  | { kind: 'paused'; reason: string }
  | { kind: 'no-plan' }
  | { kind: 'unavailable' };

const TONES = {
  red: 'border-red-600/30 bg-red-50 dark:bg-red-500/10',
  amber: 'border-amber-600/30 bg-amber-50 dark:bg-amber-500/10',
  green: 'border-green-600/30 bg-green-50 dark:bg-green-500/10',
  plain: 'border-line bg-surface',
} as const;

function Frame({ children, tone = 'plain' }: { children: ReactNode; tone?: keyof typeof TONES }) {
  const ring = TONES[tone];
  return (
    <section
      aria-label="Daily reward"
      className={`flex min-h-56 flex-col items-center justify-center gap-3 rounded-xl border p-6 text-center shadow-sm ${ring}`}
    >
      {children}
    </section>
  );
}

export function ActionArea({ action, onWatch }: { action: Action; onWatch: () => void }) {
  switch (action.kind) {
    case 'checking':
      return (
        <Frame>
          <Spinner className="size-6 text-accent" />
          <p className="text-sm font-medium text-fg" role="status">
            {WATCH_EARN.checking}
          </p>
        </Frame>
      );
    case 'denied':
      return (
        <Frame tone="red">
          <Ban className="size-10 text-red-600 dark:text-red-400" aria-hidden="true" />
          <h2 className="text-xl font-semibold text-red-900 dark:text-red-200">{WATCH_EARN.accessDenied}</h2>
          <p className="max-w-sm text-sm text-red-900/80 dark:text-red-200/80">
            Your account is blocked, so daily rewards are not available. Contact support if you think this is
            a mistake.
          </p>
        </Frame>
      );
    case 'eligible':
      return (
        <Frame>
          <Sparkles className="size-9 text-accent" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-fg">Your reward is ready</h2>
          <p className="max-w-sm text-sm text-muted">
            {action.bonus !== undefined ? (
              <>
                Watch today's video to claim the video bonus of <Money value={action.bonus} />.
              </>
            ) : (
              "Watch today's video, then claim your daily ROI."
            )}
          </p>
          <Button onClick={onWatch} className="mt-1 h-11 px-6 text-base">
            <PlayCircle className="size-5" aria-hidden="true" /> {WATCH_EARN.watchButton}
          </Button>
        </Frame>
      );
    case 'claimed':
      // done for today, not an error (issue 29.10): what is claimed and when the next one opens
      return (
        <Frame tone="green">
          <CircleCheck className="size-9 text-green-700 dark:text-green-300" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-green-950 dark:text-green-100">
            Today's {action.what} is claimed
          </h2>
          <div className="mt-1 flex flex-col items-center" data-testid="countdown">
            <span className="text-sm text-green-950/80 dark:text-green-100/80">
              The next one opens {opensAt(action.nextAt, action.hoursLeft, action.serverNow)}, in
            </span>
            <span className="font-mono text-3xl font-semibold tabular-nums text-green-950 dark:text-green-50">
              {formatHours(action.hoursLeft)}
            </span>
          </div>
        </Frame>
      );
    case 'paused':
      return (
        <Frame tone="amber">
          <CirclePause className="size-9 text-amber-700 dark:text-amber-300" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-amber-950 dark:text-amber-100">
            Daily rewards are paused
          </h2>
          <p className="max-w-sm text-sm text-amber-950/80 dark:text-amber-100/80">{action.reason}</p>
        </Frame>
      );
    case 'unavailable':
      return (
        <Frame>
          <Hourglass className="size-9 text-muted" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-fg">We could not check your reward</h2>
          <p className="max-w-sm text-sm text-muted">Use Retry above to check again.</p>
        </Frame>
      );
    case 'no-plan':
      return (
        <Frame>
          <Sparkles className="size-9 text-muted" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-fg">Daily rewards start with a plan</h2>
          <p className="max-w-sm text-sm text-muted">
            Members with a plan earn a daily ROI for watching today's video. There is no video bonus for
            members without a plan right now.
          </p>
          <Link to="/user/subscription" className={buttonClass('primary')}>
            Choose a plan
          </Link>
        </Frame>
      );
  }
}
