import type { Backup } from '@app/contracts/backups';
import { Fragment } from 'react';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { formatDuration } from '../../../lib/format';

const STATUS: Record<Backup['status'], { text: string; tone: Tone }> = {
  running: { text: 'Running', tone: 'blue' },
  ok: { text: 'OK', tone: 'green' },
  failed: { text: 'Failed', tone: 'red' },
  cancelled: { text: 'Cancelled', tone: 'amber' },
};

export const TRIGGER_TEXT: Record<Backup['trigger'], string> = {
  schedule: 'Scheduled',
  command: 'Command line',
  admin: 'Admin',
};

export function BackupStatus({ backup }: { backup: Backup }) {
  const { text, tone } = STATUS[backup.status];
  return <Badge tone={tone}>{text}</Badge>;
}

/** "Admin · owner@example.com", "Scheduled", "Command line". */
export function triggerText(backup: Backup): string {
  const by = backup.trigger === 'admin' && backup.started_by ? ` · ${backup.started_by}` : '';
  return `${TRIGGER_TEXT[backup.trigger]}${by}`;
}

/** The file's name without its folder (the server gives the full path). */
export const fileName = (file: string) => file.split(/[\\/]/).pop() || file;

/**
 * A path or file name that wraps where people would break it: after a folder's slash, and between a
 * backup's date and time (`earnhub-2026-11-28` / `T03-00-00-000Z.tar`), never inside a number (the
 * browser would break after any hyphen).
 */
export function PathText({ path }: { path: string }) {
  const cut = path.lastIndexOf('/') + 1;
  const folders = path
    .slice(0, cut)
    .split(/(?<=\/)/)
    .filter(Boolean);
  const name = path.slice(cut).split(/(?=T\d{2}-\d{2}-\d{2})/);
  return (
    <>
      {folders.map((folder, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string never reorder
        <Fragment key={`d${i}`}>
          {folder}
          <wbr />
        </Fragment>
      ))}
      {name.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string never reorder
        <Fragment key={`n${i}`}>
          {i > 0 && <wbr />}
          <span className="whitespace-nowrap">{piece}</span>
        </Fragment>
      ))}
    </>
  );
}

/** How long it ran (finished), or has run so far (running, against `now`). */
export function durationOf(backup: Backup, now = Date.now()): string {
  const start = Date.parse(backup.started_at);
  const end = backup.finished_at ? Date.parse(backup.finished_at) : now;
  return Number.isNaN(start) || Number.isNaN(end) ? '—' : formatDuration((end - start) / 1000);
}

/** The server's reason as a sentence (it may come with or without the full stop). */
export const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** The reason a backup did not end well, as a sentence. */
export const reasonOf = (backup: Backup) =>
  sentence(backup.error ?? (backup.status === 'cancelled' ? 'Cancelled' : 'No reason recorded'));
