import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
  | {
      kind: 'claimed';
      what: 'reward' | 'video bonus';
      hoursLeft: number;
      nextAt: string | null;
      serverNow?: string;
    }
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
  const { t } = useLingui();
  const ring = TONES[tone];
  return (
    <section
      aria-label={t`Daily reward`}
      className={`flex min-h-56 flex-col items-center justify-center gap-3 rounded-xl border p-6 text-center shadow-sm ${ring}`}
    >
      {children}
    </section>
  );
}

/** "The next one opens today at 9:40 PM, in" (the countdown follows). */
function NextOpens({
  nextAt,
  hoursLeft,
  serverNow,
}: {
  nextAt: string | null;
  hoursLeft: number;
  serverNow?: string;
}) {
  const { t } = useLingui();
  const { days, time } = opensAt(nextAt, hoursLeft, serverNow);
  // one message: the day as a plural, the time beside it (once, whatever the language's plural forms)
  return t`${plural(days, {
    0: 'The next one opens today',
    1: 'The next one opens tomorrow',
    other: 'The next one opens in # days',
  })} at ${time}, in`;
}

export function ActionArea({ action, onWatch }: { action: Action; onWatch: () => void }) {
  const { t } = useLingui();
  switch (action.kind) {
    case 'checking':
      return (
        <Frame>
          <Spinner className="size-6 text-accent" />
          <p className="text-sm font-medium text-fg" role="status">
            {t`Checking Eligibility...`}
          </p>
        </Frame>
      );
    case 'denied':
      return (
        <Frame tone="red">
          <Ban className="size-10 text-red-600 dark:text-red-400" aria-hidden="true" />
          <h2 className="text-xl font-semibold text-red-900 dark:text-red-200">{t`Access Denied`}</h2>
          <p className="max-w-sm text-sm text-red-900/80 dark:text-red-200/80">
            <Trans>
              Your account is blocked, so daily rewards are not available. Contact support if you think this
              is a mistake.
            </Trans>
          </p>
        </Frame>
      );
    case 'eligible':
      return (
        <Frame>
          <Sparkles className="size-9 text-accent" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-fg">
            <Trans>Your reward is ready</Trans>
          </h2>
          <p className="max-w-sm text-sm text-muted">
            {action.bonus !== undefined ? (
              <Trans>
                Watch today's video to claim the video bonus of <Money value={action.bonus} />.
              </Trans>
            ) : (
              t`Watch today's video, then claim your daily ROI.`
            )}
          </p>
          <Button onClick={onWatch} className="mt-1 h-11 px-6 text-base" data-testid="watch-video">
            <PlayCircle className="size-5" aria-hidden="true" /> {t`Watch Today's Video`}
          </Button>
        </Frame>
      );
    case 'claimed':
      // done for today, not an error (issue 29.10): what is claimed and when the next one opens
      return (
        <Frame tone="green">
          <CircleCheck className="size-9 text-green-700 dark:text-green-300" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-green-950 dark:text-green-100">
            {action.what === 'reward' ? t`Today's reward is claimed` : t`Today's video bonus is claimed`}
          </h2>
          <div className="mt-1 flex flex-col items-center" data-testid="countdown">
            <span className="text-sm text-green-950/80 dark:text-green-100/80">
              <NextOpens nextAt={action.nextAt} hoursLeft={action.hoursLeft} serverNow={action.serverNow} />
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
            <Trans>Daily rewards are paused</Trans>
          </h2>
          <p className="max-w-sm text-sm text-amber-950/80 dark:text-amber-100/80">{action.reason}</p>
        </Frame>
      );
    case 'unavailable':
      return (
        <Frame>
          <Hourglass className="size-9 text-muted" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-fg">
            <Trans>We could not check your reward</Trans>
          </h2>
          <p className="max-w-sm text-sm text-muted">
            <Trans>Use Retry above to check again.</Trans>
          </p>
        </Frame>
      );
    case 'no-plan':
      return (
        <Frame>
          <Sparkles className="size-9 text-muted" aria-hidden="true" />
          <h2 className="text-lg font-semibold text-fg">
            <Trans>Daily rewards start with a plan</Trans>
          </h2>
          <p className="max-w-sm text-sm text-muted">
            <Trans>
              Members with a plan earn a daily ROI for watching today's video. There is no video bonus for
              members without a plan right now.
            </Trans>
          </p>
          <Link to="/user/subscription" className={buttonClass('primary')}>
            <Trans>Choose a plan</Trans>
          </Link>
        </Frame>
      );
  }
}
