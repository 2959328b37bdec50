import { type Backup, formatBytes } from '@app/contracts/backups';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CopyButton } from '../../../components/ui/CopyButton';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { cn } from '../../../lib/cn';
import { BackupStatus, durationOf, fileName, PathText, reasonOf, TRIGGER_TEXT, triggerText } from './labels';

const CAPTION = msg`Recent backups`;

function Trigger({ backup }: { backup: Backup }) {
  const { i18n } = useLingui();
  const by = backup.started_by;
  return (
    <span className="flex min-w-0 flex-col">
      <span>{i18n._(TRIGGER_TEXT[backup.trigger])}</span>
      {backup.trigger === 'admin' && by && (
        <span className="text-xs break-words text-muted">
          <Trans>by {by}</Trans>
        </span>
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
        <span className="text-xs text-muted tabular-nums">{writtenText(backup)}</span>
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
function sizeAndTime(b: Backup, i18n: I18n) {
  const duration = durationOf(b);
  if (b.status === 'running') return i18n._(msg`${duration} so far`);
  if (b.size_bytes !== null) {
    const size = formatBytes(b.size_bytes);
    return i18n._(msg`${size} in ${duration}`);
  }
  return i18n._(msg`after ${duration}`);
}

/** Only a backup that succeeded left a file (a failed or cancelled one's partial file is removed). */
function File({ backup }: { backup: Backup }) {
  if (backup.status !== 'ok' || !backup.file)
    return (
      <span className="text-muted">
        <Trans>No file</Trans>
      </span>
    );
  return (
    <code className="font-mono text-xs [overflow-wrap:anywhere] text-fg" title={backup.file}>
      <PathText path={fileName(backup.file)} />
    </code>
  );
}

function CopyPath({ backup }: { backup: Backup }) {
  const { t } = useLingui();
  return backup.status === 'ok' && backup.file ? (
    <CopyButton value={backup.file} label={t`File path`} />
  ) : null;
}

const columns = (i18n: I18n): Array<Column<Backup>> => [
  { key: 'started', header: i18n._(msg`Started`), cell: (b) => <When iso={b.started_at} stacked /> },
  { key: 'trigger', header: i18n._(msg`Trigger`), cell: (b) => <Trigger backup={b} /> },
  {
    key: 'result',
    header: i18n._(msg`Result`),
    className: 'max-w-72',
    cell: (b) => <Result backup={b} />,
  },
  { key: 'size', header: i18n._(msg`Size`), className: 'whitespace-nowrap tabular-nums', cell: size },
  {
    key: 'duration',
    header: i18n._(msg`Duration`),
    className: 'whitespace-nowrap tabular-nums',
    cell: (b) => durationOf(b),
  },
  { key: 'file', header: i18n._(msg`File`), cell: (b) => <File backup={b} /> },
  {
    key: 'copy',
    header: <span className="sr-only">{i18n._(msg`Copy path`)}</span>,
    className: 'text-right',
    cell: (b) => <CopyPath backup={b} />,
  },
];

/** "12 MB written": how far a running backup got. */
function writtenText(b: Backup) {
  const written = formatBytes(b.bytes_written);
  return <Trans>{written} written</Trans>;
}

/** Phones: one card per backup, its result and the copy button in view (UI.md). */
function BackupCards({ backups }: { backups: Backup[] }) {
  const { i18n } = useLingui();
  return (
    <ul aria-label={i18n._(CAPTION)} className="flex flex-col gap-2 sm:hidden">
      {backups.map((b) => (
        <li key={b.id} className="rounded-xl border border-line bg-surface p-3 shadow-sm" data-backup={b.id}>
          <div className="flex items-start justify-between gap-3">
            <span className="flex min-w-0 flex-col text-sm">
              <When iso={b.started_at} />
              <span className="text-xs [overflow-wrap:anywhere] text-muted">{triggerText(b)}</span>
            </span>
            <BackupStatus backup={b} />
          </div>
          {b.status === 'running' && <p className="mt-1 text-xs text-muted tabular-nums">{writtenText(b)}</p>}
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
          <p className="mt-1 text-xs text-muted tabular-nums">{sizeAndTime(b, i18n)}</p>
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
  const { t, i18n } = useLingui();
  return (
    <>
      {/* loading and empty states are the table's at every width; rows become cards on phones */}
      <div className={cn(hasRows && 'hidden sm:block')}>
        <Table
          caption={i18n._(CAPTION)}
          columns={columns(i18n)}
          rows={backups}
          rowKey={(b) => b.id}
          loading={loading}
          empty={t`No backup yet. Back up now, or set BACKUP_TIME for a daily one.`}
          skeletonRows={3}
          minWidth="min-w-[760px]"
        />
      </div>
      {hasRows && backups && <BackupCards backups={backups} />}
    </>
  );
}
