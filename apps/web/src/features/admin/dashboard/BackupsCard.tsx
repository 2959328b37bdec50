import { formatBytes } from '@app/contracts/backups';
import { Trans, useLingui } from '@lingui/react/macro';
import { DatabaseBackup } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useBackups } from '../../../api/backups';
import { errorMessage } from '../../../api/client';
import { StatCard } from '../../../components/ui/Card';
import { formatDateTime, formatPast } from '../../../lib/format';
import { BackupStatus, reasonOf } from '../backups/labels';

/**
 * The newest backup at a glance (owners and auditors): when, how big, and whether it worked, or why
 * not. Shares GET /backups with the Backups page (one query, polled only while a backup runs).
 */
export function BackupsCard() {
  const { data, error } = useBackups();
  const { t } = useLingui();
  const newest = data?.recent[0];
  const at = newest ? (newest.finished_at ?? newest.started_at) : null;

  let value: ReactNode = error ? '—' : '…';
  let caption: ReactNode = error ? errorMessage(error) : null;
  if (data && !newest) {
    value = t`No backup yet`;
    const next = data.schedule ? formatDateTime(data.schedule.next_at) : null;
    caption = next
      ? t`The first scheduled one runs ${next}.`
      : t`Scheduled backups are off: back up from the Backups page.`;
  } else if (newest && at) {
    const ended = newest.status === 'failed' || newest.status === 'cancelled';
    const written = formatBytes(newest.bytes_written);
    value = {
      running: t`Running now`,
      ok: formatPast(at),
      failed: (
        <span className="text-red-700 dark:text-red-400">
          <Trans>Failed</Trans>
        </span>
      ),
      cancelled: t`Cancelled`,
    }[newest.status];
    caption = (
      <span className="flex flex-col gap-1">
        <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1 tabular-nums">
          {!ended && <BackupStatus backup={newest} />}
          <span>
            {newest.status === 'running'
              ? t`${written} written`
              : `${formatDateTime(at)}${ended ? ` (${formatPast(at)})` : ''}${
                  newest.size_bytes === null ? '' : ` · ${formatBytes(newest.size_bytes)}`
                }`}
          </span>
        </span>
        {ended && (
          <span
            className={
              newest.status === 'failed'
                ? 'line-clamp-3 [overflow-wrap:anywhere] text-red-700 dark:text-red-400'
                : '[overflow-wrap:anywhere]'
            }
          >
            {reasonOf(newest)}
          </span>
        )}
      </span>
    );
  }

  return (
    <StatCard
      title={t`Backups`}
      icon={<DatabaseBackup className="size-4" aria-hidden="true" />}
      value={<span data-testid="dashboard-backup">{value}</span>}
      caption={caption}
    >
      <Link
        to="/admin/backups"
        className="mt-2 inline-block text-sm font-medium text-accent-text hover:underline"
      >
        <Trans>Open backups</Trans>
      </Link>
    </StatCard>
  );
}
