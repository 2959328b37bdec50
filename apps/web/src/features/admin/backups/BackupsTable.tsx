import { type Backup, formatBytes } from '@app/contracts/backups';
import { CopyButton } from '../../../components/ui/CopyButton';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { cn } from '../../../lib/cn';
import { BackupStatus, durationOf, fileName, PathText, reasonOf, TRIGGER_TEXT, triggerText } from './labels';

const CAPTION = 'Recent backups';

function Trigger({ backup }: { backup: Backup }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span>{TRIGGER_TEXT[backup.trigger]}</span>
      {backup.trigger === 'admin' && backup.started_by && (
        <span className="text-xs break-words text-muted">by {backup.started_by}</span>
      )}
    </span>
  );
}

/** The badge, and under it what a result needs said: why it failed, how far a running one got. */
function Result({ backup }: { backup: Backup }) {
  return (
    <span className="flex min-w-0 flex-col items-start gap-1">
      <BackupStatus backup={backup} />
      {backup.status === 'running' && (
        <span className="text-xs text-muted tabular-nums">{formatBytes(backup.bytes_written)} written</span>
      )}
      {(backup.status === 'failed' || backup.status === 'cancelled') && (
        <span
          className={cn(
            'text-xs [overflow-wrap:anywhere]',
            backup.status === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-muted',
          )}
          data-testid="backup-error"
        >
          {reasonOf(backup)}
        </span>
      )}
    </span>
  );
}

const size = (b: Backup) => (b.size_bytes === null ? '—' : formatBytes(b.size_bytes));

/** A card's line: "51 MB in 3 min 12 s", "43 s so far", "after 2 s". */
function sizeAndTime(b: Backup) {
  if (b.status === 'running') return `${durationOf(b)} so far`;
  if (b.size_bytes !== null) return `${formatBytes(b.size_bytes)} in ${durationOf(b)}`;
  return `after ${durationOf(b)}`;
}

/** Only a backup that succeeded left a file (a failed or cancelled one's partial file is removed). */
function File({ backup }: { backup: Backup }) {
  if (backup.status !== 'ok' || !backup.file) return <span className="text-muted">No file</span>;
  return (
    <code className="font-mono text-xs [overflow-wrap:anywhere] text-fg" title={backup.file}>
      <PathText path={fileName(backup.file)} />
    </code>
  );
}

function CopyPath({ backup }: { backup: Backup }) {
  return backup.status === 'ok' && backup.file ? <CopyButton value={backup.file} label="File path" /> : null;
}

const columns: Array<Column<Backup>> = [
  { key: 'started', header: 'Started', cell: (b) => <When iso={b.started_at} stacked /> },
  { key: 'trigger', header: 'Trigger', cell: (b) => <Trigger backup={b} /> },
  { key: 'result', header: 'Result', className: 'max-w-72', cell: (b) => <Result backup={b} /> },
  { key: 'size', header: 'Size', className: 'whitespace-nowrap tabular-nums', cell: size },
  {
    key: 'duration',
    header: 'Duration',
    className: 'whitespace-nowrap tabular-nums',
    cell: (b) => durationOf(b),
  },
  { key: 'file', header: 'File', cell: (b) => <File backup={b} /> },
  {
    key: 'copy',
    header: <span className="sr-only">Copy path</span>,
    className: 'text-right',
    cell: (b) => <CopyPath backup={b} />,
  },
];

/** Phones: one card per backup, its result and the copy button in view (UI.md). */
function BackupCards({ backups }: { backups: Backup[] }) {
  return (
    <ul aria-label={CAPTION} className="flex flex-col gap-2 sm:hidden">
      {backups.map((b) => (
        <li key={b.id} className="rounded-xl border border-line bg-surface p-3 shadow-sm" data-backup={b.id}>
          <div className="flex items-start justify-between gap-3">
            <span className="flex min-w-0 flex-col text-sm">
              <When iso={b.started_at} />
              <span className="text-xs [overflow-wrap:anywhere] text-muted">{triggerText(b)}</span>
            </span>
            <BackupStatus backup={b} />
          </div>
          {b.status === 'running' && (
            <p className="mt-1 text-xs text-muted tabular-nums">{formatBytes(b.bytes_written)} written</p>
          )}
          {(b.status === 'failed' || b.status === 'cancelled') && (
            <p
              className={cn(
                'mt-1 text-xs [overflow-wrap:anywhere]',
                b.status === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-muted',
              )}
            >
              {reasonOf(b)}
            </p>
          )}
          <p className="mt-1 text-xs text-muted tabular-nums">{sizeAndTime(b)}</p>
          {b.status === 'ok' && b.file && (
            <div className="mt-1 flex items-center justify-between gap-2">
              <File backup={b} />
              <CopyPath backup={b} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The ten newest backups: a table from 640 px up, cards on phones. */
export function BackupsTable({ backups, loading }: { backups: Backup[] | undefined; loading: boolean }) {
  const hasRows = Boolean(backups?.length);
  return (
    <>
      {/* loading and empty states are the table's at every width; rows become cards on phones */}
      <div className={cn(hasRows && 'hidden sm:block')}>
        <Table
          caption={CAPTION}
          columns={columns}
          rows={backups}
          rowKey={(b) => b.id}
          loading={loading}
          empty="No backup yet. Back up now, or set BACKUP_TIME for a daily one."
          skeletonRows={3}
          minWidth="min-w-[760px]"
        />
      </div>
      {hasRows && backups && <BackupCards backups={backups} />}
    </>
  );
}
