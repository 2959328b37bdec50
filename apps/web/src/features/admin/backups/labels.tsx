import type { Backup } from '@app/contracts/backups';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { i18n } from '../../../i18n';
import { formatDuration } from '../../../lib/format';

const STATUS: Record<Backup['status'], { text: MessageDescriptor; tone: Tone }> = {
  running: { text: msg({ message: 'Running', context: 'backup' }), tone: 'blue' },
  ok: { text: msg({ message: 'OK', context: 'backup' }), tone: 'green' },
  failed: { text: msg({ message: 'Failed', context: 'backup' }), tone: 'red' },
  cancelled: { text: msg({ message: 'Cancelled', context: 'backup' }), tone: 'amber' },
};

/** What started a backup, in the back-office's words (`i18n._(TRIGGER_TEXT[trigger])`). */
export const TRIGGER_TEXT: Record<Backup['trigger'], MessageDescriptor> = {
  schedule: msg({ message: 'Scheduled', context: 'backup trigger' }),
  command: msg({ message: 'Command line', context: 'backup trigger' }),
  admin: msg({ message: 'Admin', context: 'backup trigger' }),
};

export function BackupStatus({ backup }: { backup: Backup }) {
  const { i18n } = useLingui();
  const { text, tone } = STATUS[backup.status];
  return <Badge tone={tone}>{i18n._(text)}</Badge>;
}

/** "Admin · owner@example.com", "Scheduled", "Command line". */
export function triggerText(backup: Backup): string {
  const trigger = i18n._(TRIGGER_TEXT[backup.trigger]);
  const by = backup.trigger === 'admin' ? backup.started_by : null;
  return by ? i18n._(msg`${trigger} · ${by}`) : trigger;
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
  sentence(
    backup.error ??
      (backup.status === 'cancelled'
        ? i18n._(msg({ message: 'Cancelled', context: 'backup' }))
        : i18n._(msg`No reason recorded`)),
  );
