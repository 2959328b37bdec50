import { BACKUP_STALE_HOURS, type BackupsOverview, formatBytes } from '@app/contracts/backups';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarClock, DatabaseBackup, Wrench } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { StatCard } from '../../../components/ui/Card';
import { formatDateTime, formatPast, formatRelative } from '../../../lib/format';
import { PathText } from './labels';

const icon = (Icon: typeof Wrench) => <Icon className="size-4" aria-hidden="true" />;

function LastGood({ last }: { last: BackupsOverview['last_ok'] }) {
  const { t } = useLingui();
  if (!last) {
    return (
      <StatCard
        title={t`Last good backup`}
        icon={icon(DatabaseBackup)}
        value={
          <span data-testid="backup-last-ok">
            <Trans>None yet</Trans>
          </span>
        }
        caption={t`No backup has succeeded on this platform yet.`}
      />
    );
  }
  const at = last.finished_at ?? last.started_at;
  const stale = Date.now() - Date.parse(at) > BACKUP_STALE_HOURS * 3_600_000;
  return (
    <StatCard
      title={t`Last good backup`}
      icon={icon(DatabaseBackup)}
      value={
        <time dateTime={at} title={formatDateTime(at)} data-testid="backup-last-ok">
          {formatPast(at)}
        </time>
      }
      caption={
        <span className="flex flex-col gap-1">
          <span className="flex flex-wrap items-center gap-x-1.5 gap-y-1">
            {formatDateTime(at)}
            {last.size_bytes !== null && <> · {formatBytes(last.size_bytes)}</>}
            {stale && (
              <Badge tone="amber">
                <Trans>Over a day old</Trans>
              </Badge>
            )}
          </span>
          {/* the whole path: what npm run restore is given */}
          {last.file && (
            <code className="font-mono [overflow-wrap:anywhere]" data-testid="backup-last-ok-file">
              <PathText path={last.file} />
            </code>
          )}
        </span>
      }
    />
  );
}

function Schedule({ schedule }: { schedule: BackupsOverview['schedule'] }) {
  const { t } = useLingui();
  if (!schedule) {
    return (
      <StatCard
        title={t`Schedule`}
        icon={icon(CalendarClock)}
        value={t({ message: 'Off', context: 'backup schedule' })}
        caption={t`Scheduled backups are off (BACKUP_TIME=off). Set BACKUP_TIME to a time of day (HH:MM, UTC) for a daily backup.`}
      />
    );
  }
  const { time, keep, next_at: next } = schedule;
  const relative = formatRelative(next);
  return (
    <StatCard
      title={t`Schedule`}
      icon={icon(CalendarClock)}
      value={t`Daily at ${time} UTC`}
      caption={
        <span className="flex flex-col gap-1">
          <span>
            <Trans>
              Into{' '}
              <code className="font-mono [overflow-wrap:anywhere]">
                <PathText path={schedule.dir} />
              </code>
              , keeping {keep}.
            </Trans>
          </span>
          <span>
            <Trans>
              Next:{' '}
              <time dateTime={next} title={relative}>
                {formatDateTime(next)}
              </time>{' '}
              ({relative})
            </Trans>
          </span>
        </span>
      }
    />
  );
}

/** The dump tool's name, the same in every language. */
const PG_DUMP = 'pg_dump';

/** "pg_dump (PostgreSQL) 17.6 (Debian 17.6-1)" -> "PostgreSQL 17.6". */
const shortVersion = (line: string) => {
  const found = /\(PostgreSQL\)\s+(\S+)/.exec(line);
  return found ? `PostgreSQL ${found[1]}` : line;
};

function Tools({ tools }: { tools: BackupsOverview['tools'] }) {
  const { t } = useLingui();
  return (
    <StatCard
      title={PG_DUMP}
      icon={icon(Wrench)}
      value={
        tools.pg_dump ? (
          shortVersion(tools.pg_dump)
        ) : (
          <span className="text-red-700 dark:text-red-400">
            <Trans>None that fits</Trans>
          </span>
        )
      }
      caption={
        tools.pg_dump ? (
          <code className="font-mono break-words">{tools.pg_dump}</code>
        ) : (
          t`Backups cannot run until one is installed: see the message above.`
        )
      }
    />
  );
}

/** The last good backup, the schedule and the pg_dump in use, side by side. */
export function BackupSummary({ overview }: { overview: BackupsOverview }) {
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <LastGood last={overview.last_ok} />
      <Schedule schedule={overview.schedule} />
      <Tools tools={overview.tools} />
    </div>
  );
}
