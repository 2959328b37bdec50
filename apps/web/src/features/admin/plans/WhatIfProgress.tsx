import type { WhatIfJob } from '@app/contracts/what-if';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Bar } from '../../../components/ui/Bar';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatCount, formatDateTime, formatDuration, formatPast } from '../../../lib/format';

interface Sample {
  id: number;
  at: number;
  done: number;
}

/**
 * Seconds left at the pace seen since this page first saw the run: member-days are the work (a day
 * with more members costs more), so the pace holds across the run. Null until the run has moved.
 * Measured here, on this browser's clock, rather than from started_at: the server's clock may be a
 * test clock, and a page opened mid-run knows only what it has watched.
 */
function useSecondsLeft(job: WhatIfJob): number | null {
  const first = useRef<Sample | null>(null);
  const done = job.progress.member_days_done;
  if (first.current?.id !== job.id || done < first.current.done) {
    first.current = { id: job.id, at: performance.now(), done };
  }
  const { at, done: done0 } = first.current;
  const seconds = (performance.now() - at) / 1000;
  if (done <= done0 || seconds <= 0) return null;
  return ((job.member_days - done) * seconds) / (done - done0);
}

/**
 * A running projection: the share of its work done (member-days, issue 37.8), the time left at its
 * pace, who started it and when, and Cancel. `reveal`: it was just started with Project, so the card
 * is scrolled into view (below the form, it would otherwise start off screen on a phone).
 */
export function Progress({
  job,
  startedHere,
  reveal,
  cancelling,
  onCancel,
}: {
  job: WhatIfJob;
  startedHere: boolean;
  reveal: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { days_done, days, member_days_done } = job.progress;
  const daysText = formatCount(days);
  const daysDoneText = formatCount(days_done);
  const total = Math.max(1, job.member_days);
  // rounded down, with a tenth below 10 % (a run with many joins spends its first days under 1 %)
  const share = Math.min(100, (member_days_done * 100) / total);
  const percent = share < 10 ? (Math.floor(share * 10) / 10).toFixed(1) : String(Math.floor(share));
  const secondsLeft = useSecondsLeft(job);
  const timeLeft = secondsLeft === null ? '' : formatDuration(secondsLeft);
  const memberDaysDone = formatCount(member_days_done);
  const memberDays = formatCount(job.member_days);
  const startedBy = job.started_by;
  const startedAt = formatDateTime(job.started_at);
  const startedAgo = formatPast(job.started_at);
  const box = useRef<HTMLDivElement>(null);
  // once per run, when the page's own Project started it
  useEffect(() => {
    if (reveal && job.id) box.current?.scrollIntoView({ block: 'nearest' });
  }, [reveal, job.id]);

  return (
    <div ref={box} className="scroll-mt-20 scroll-mb-4" data-testid="whatif-progress-card">
      <Card
        title={t`Projecting ${daysText} days`}
        action={
          <Button variant="secondary" size="sm" busy={cancelling} onClick={onCancel}>
            {!cancelling && <X className="size-4" aria-hidden="true" />}
            <Trans>Cancel</Trans>
          </Button>
        }
      >
        <div className="flex flex-col gap-2">
          <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
            <span className="font-medium tabular-nums text-fg">
              <span data-testid="whatif-progress">
                <Trans>{percent} % done</Trans>
              </span>
              <span className="font-normal text-muted">
                {' · '}
                {days_done === 0
                  ? t`reading members, plans and balances`
                  : t`day ${daysDoneText} of ${daysText}`}
              </span>
            </span>
            <span className="text-muted tabular-nums" data-testid="whatif-time-left">
              {secondsLeft === null ? t`Estimating the time left` : t`About ${timeLeft} left`}
            </span>
          </p>
          <Bar value={member_days_done} max={total} label={t`Projection progress`} />
          <p className="text-xs text-muted">
            {startedHere ? (
              <Trans>
                {memberDaysDone} of {memberDays} member-days per scenario. Started{' '}
                <time dateTime={job.started_at} title={startedAt}>
                  {startedAgo}
                </time>
                . Each day is computed twice, with today's settings and with the proposed ones; later days
                cost more as members join. Keep this page open (a projection nobody watches stops by itself).
              </Trans>
            ) : (
              <Trans>
                {memberDaysDone} of {memberDays} member-days per scenario. Started by {startedBy}{' '}
                <time dateTime={job.started_at} title={startedAt}>
                  {startedAgo}
                </time>
                . Each day is computed twice, with today's settings and with the proposed ones; later days
                cost more as members join. Keep this page open (a projection nobody watches stops by itself).
              </Trans>
            )}
          </p>
        </div>
      </Card>
    </div>
  );
}
