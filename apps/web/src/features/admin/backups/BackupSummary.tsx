import { BACKUP_STALE_HOURS, type BackupsOverview, formatBytes } from '@app/contracts/backups';
import { CalendarClock, DatabaseBackup, Wrench } from 'lucide-react';
import { Badge } from '../../../components/ui/Badge';
import { StatCard } from '../../../components/ui/Card';
import { formatDateTime, formatPast, formatRelative } from '../../../lib/format';
import { PathText } from './labels';

const icon = (Icon: typeof Wrench) => <Icon className="size-4" aria-hidden="true" />;

function LastGood({ last }: { last: BackupsOverview['last_ok'] }) {
  if (!last) {
    return (
      <StatCard
        title="Last good backup"
        icon={icon(DatabaseBackup)}
        value={<span data-testid="backup-last-ok">None yet</span>}
        caption="No backup has succeeded on this platform yet."
      />
    );
  }
  const at = last.finished_at ?? last.started_at;
  const stale = Date.now() - Date.parse(at) > BACKUP_STALE_HOURS * 3_600_000;
  return (
    <StatCard
      title="Last good backup"
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
            {stale && <Badge tone="amber">Over a day old</Badge>}
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
  if (!schedule) {
    return (
      <StatCard
        title="Schedule"
        icon={icon(CalendarClock)}
        value="Off"
        caption={
          <>
            Scheduled backups are off (BACKUP_TIME=off). Set BACKUP_TIME to a time of day (HH:MM, UTC) for a
            daily backup.
          </>
        }
      />
    );
  }
  return (
    <StatCard
      title="Schedule"
      icon={icon(CalendarClock)}
      value={`Daily at ${schedule.time} UTC`}
      caption={
        <span className="flex flex-col gap-1">
          <span>
            Into{' '}
            <code className="font-mono [overflow-wrap:anywhere]">
              <PathText path={schedule.dir} />
            </code>
            , keeping {schedule.keep}.
          </span>
          <span>
            Next:{' '}
            <time dateTime={schedule.next_at} title={formatRelative(schedule.next_at)}>
              {formatDateTime(schedule.next_at)}
            </time>{' '}
            ({formatRelative(schedule.next_at)})
          </span>
        </span>
      }
    />
  );
}

/** "pg_dump (PostgreSQL) 17.6 (Debian 17.6-1)" -> "PostgreSQL 17.6". */
const shortVersion = (line: string) => {
  const found = /\(PostgreSQL\)\s+(\S+)/.exec(line);
  return found ? `PostgreSQL ${found[1]}` : line;
};

function Tools({ tools }: { tools: BackupsOverview['tools'] }) {
  return (
    <StatCard
      title="pg_dump"
      icon={icon(Wrench)}
      value={
        tools.pg_dump ? (
          shortVersion(tools.pg_dump)
        ) : (
          <span className="text-red-700 dark:text-red-400">None that fits</span>
        )
      }
      caption={
        tools.pg_dump ? (
          <code className="font-mono break-words">{tools.pg_dump}</code>
        ) : (
          'Backups cannot run until one is installed: see the message above.'
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
