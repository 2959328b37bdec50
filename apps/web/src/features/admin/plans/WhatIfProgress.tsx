import type { WhatIfJob } from '@app/contracts/what-if';
import { X } from 'lucide-react';
import { Bar } from '../../../components/ui/Bar';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { formatCount, formatDateTime, formatPast } from '../../../lib/format';

/** A running projection: how far it got, who started it and when, and Cancel. */
export function Progress({
  job,
  startedHere,
  cancelling,
  onCancel,
}: {
  job: WhatIfJob;
  startedHere: boolean;
  cancelling: boolean;
  onCancel: () => void;
}) {
  const { days_done, days } = job.progress;
  return (
    <Card
      title={`Projecting ${formatCount(days)} days`}
      action={
        <Button variant="secondary" size="sm" busy={cancelling} onClick={onCancel}>
          {!cancelling && <X className="size-4" aria-hidden="true" />}
          Cancel
        </Button>
      }
    >
      <div className="flex flex-col gap-2">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-medium tabular-nums text-fg">
            <span data-testid="whatif-progress">
              Day {formatCount(days_done)} of {formatCount(days)}
            </span>
            {days_done === 0 && (
              <span className="font-normal text-muted"> · reading members, plans and balances</span>
            )}
          </span>
          <span className="text-muted tabular-nums">
            {formatCount(job.member_days)} member-days per scenario
          </span>
        </p>
        <Bar value={days_done} max={days} label="Projection progress" />
        <p className="text-xs text-muted">
          {startedHere ? 'Started' : `Started by ${job.started_by}`}{' '}
          <time dateTime={job.started_at} title={formatDateTime(job.started_at)}>
            {formatPast(job.started_at)}
          </time>
          . Each day is computed twice, with today's settings and with the proposed ones; keep this page open
          (a projection nobody watches stops by itself).
        </p>
      </div>
    </Card>
  );
}
