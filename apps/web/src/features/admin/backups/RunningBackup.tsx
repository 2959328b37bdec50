import { type Backup, formatBytes } from '@app/contracts/backups';
import { X } from 'lucide-react';
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
  const started = {
    schedule: 'The scheduled backup started',
    command: 'Started by npm run backup',
    admin: `Started by ${backup.started_by ?? 'an admin'}`,
  }[backup.trigger];
  return (
    <Card
      title="Backing up"
      action={
        onCancel && (
          <Button variant="secondary" size="sm" busy={cancelling} onClick={onCancel}>
            {!cancelling && <X className="size-4" aria-hidden="true" />}
            Cancel
          </Button>
        )
      }
    >
      <div className="flex flex-col gap-2" data-testid="backup-running">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-medium text-fg tabular-nums" data-testid="backup-written">
            {formatBytes(backup.bytes_written)} written
          </span>
          <span className="text-muted tabular-nums">{durationOf(backup, now)} elapsed</span>
        </p>
        <BusyBar label="Backup progress" />
        <p className="text-xs text-muted">
          {started} at <When iso={backup.started_at} />.
          {backup.database_bytes !== null &&
            ` The database takes ${formatBytes(backup.database_bytes)} on disk; the file is compressed and ends smaller.`}{' '}
          One backup runs at a time; members can keep using the platform meanwhile.
        </p>
      </div>
    </Card>
  );
}
