import { type Backup, formatBytes } from '@app/contracts/backups';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { BusyBar } from '../../../components/ui/Bar';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { When } from '../../../components/ui/When';
import { durationOf } from './labels';

/** The time now, every second: a running backup's elapsed time moves between two polls. */
function useNow() {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "The scheduled backup started at 03:00.", "Started by owner@example.com at 10:12." */
function StartedAt({ backup }: { backup: Backup }): ReactNode {
  const at = <When iso={backup.started_at} />;
  const by = backup.started_by;
  if (backup.trigger === 'schedule') return <Trans>The scheduled backup started at {at}.</Trans>;
  if (backup.trigger === 'command') return <Trans>Started by npm run backup at {at}.</Trans>;
  return by ? (
    <Trans>
      Started by {by} at {at}.
    </Trans>
  ) : (
    <Trans>Started by an admin at {at}.</Trans>
  );
}

/**
 * The backup running now: bytes written and time elapsed. The file is compressed, so how big it ends
 * is not known: the bar moves without a percentage. Owners may cancel it (`onCancel`).
 */
export function RunningBackup({
  backup,
  onCancel,
  cancelling,
}: {
  backup: Backup;
  onCancel?: (() => void) | undefined;
  cancelling: boolean;
}) {
  const now = useNow();
  const { t } = useLingui();
  const written = formatBytes(backup.bytes_written);
  const elapsed = durationOf(backup, now);
  const database = backup.database_bytes === null ? null : formatBytes(backup.database_bytes);
  return (
    <Card
      title={t`Backing up`}
      action={
        onCancel && (
          <Button variant="secondary" size="sm" busy={cancelling} onClick={onCancel}>
            {!cancelling && <X className="size-4" aria-hidden="true" />}
            <Trans>Cancel</Trans>
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-2" data-testid="backup-running">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-medium text-fg tabular-nums" data-testid="backup-written">
            <Trans>{written} written</Trans>
          </span>
          <span className="text-muted tabular-nums">
            <Trans>{elapsed} elapsed</Trans>
          </span>
        </p>
        <BusyBar label={t`Backup progress`} />
        <p className="text-xs text-muted">
          <StartedAt backup={backup} />
          {database !== null && (
            <>
              {' '}
              <Trans>The database takes {database} on disk; the file is compressed and ends smaller.</Trans>
            </>
          )}{' '}
          <Trans>One backup runs at a time; members can keep using the platform meanwhile.</Trans>
        </p>
      </div>
    </Card>
  );
}
