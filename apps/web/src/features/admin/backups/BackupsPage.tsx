import { type Backup, formatBytes } from '@app/contracts/backups';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { BookOpen, DatabaseBackup } from 'lucide-react';
import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { useAdminMay, useAdminMe } from '../../../api/admin-me';
import { useBackups, useCancelBackup, useStartBackup } from '../../../api/backups';
import { errorMessage } from '../../../api/client';
import { setupKeys } from '../../../api/setup';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { BackupSummary } from './BackupSummary';
import { BackupsTable } from './BackupsTable';
import { reasonOf, sentence } from './labels';
import { RunningBackup } from './RunningBackup';

/** Says how the backup this owner started ended, once: the table shows it too, a toast tells it. */
function useOutcome(
  followed: number | null,
  recent: Backup[] | undefined,
  setFollowed: (id: number | null) => void,
) {
  const queryClient = useQueryClient();
  const { t } = useLingui();
  const ended = recent?.find((b) => b.id === followed && b.status !== 'running');
  useEffect(() => {
    if (!ended) return;
    const reason = reasonOf(ended);
    if (ended.status === 'ok') {
      const size = ended.size_bytes === null ? null : formatBytes(ended.size_bytes);
      toast.success(size === null ? t`Backup done: file written` : t`Backup done: ${size}`);
    } else if (ended.status === 'failed') toast.error(t`The backup failed: ${reason}`);
    else toast(t`Backup cancelled: ${reason}`);
    // the setup list's backup item reads the same rows
    void queryClient.invalidateQueries({ queryKey: setupKeys.all });
    setFollowed(null);
  }, [ended, setFollowed, queryClient, t]);
}

// commands and paths, the same in every language
const RESTORE = 'npm run restore -- FILE --key KEYFILE';
const HOW_TO = 'docs/operations.md#backups';

/** Why no backup can run: the server's reason for the pg_dump it found (or did not). */
function ToolsProblem({ reason }: { reason: string }) {
  return (
    <Trans>
      <span className="font-semibold">Backups cannot run: no suitable pg_dump.</span>{' '}
      <span className="[overflow-wrap:anywhere]" data-testid="backup-tools-problem">
        {reason}
      </span>
    </Trans>
  );
}

/** The backup key's files still on the server (`files`), and what to do about them. */
function KeyOnServer({ files }: { files: string }) {
  return (
    <Trans>
      <span className="font-semibold">The backup key is still on this server.</span>{' '}
      <span className="[overflow-wrap:anywhere]" data-testid="backup-key-on-server">
        {files}
      </span>
      . Backups are encrypted to it: restoring needs it, and with a backup it reads every member’s data. Copy
      it somewhere safe off this server (a password manager, a safe), then delete it here.
    </Trans>
  );
}

/**
 * Admin → Backups (owners; auditors read): the last good backup, the schedule, the pg_dump in use
 * (or why none fits), the ten newest backups, and Back up now with its progress and Cancel.
 */
export default function BackupsPage() {
  const overview = useBackups();
  const me = useAdminMe();
  const isOwner = useAdminMay('owner', true);
  const start = useStartBackup();
  const cancel = useCancelBackup();
  const [followed, setFollowed] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Backup | null>(null);
  const data = overview.data;
  const running = data?.recent.find((b) => b.status === 'running');
  const problem = data?.tools.problem;
  useOutcome(followed, data?.recent, setFollowed);
  const { t } = useLingui();

  const backUp = () =>
    start.mutate(undefined, {
      onSuccess: (answer) => {
        setFollowed(answer.id);
        toast.success(answer.message);
      },
      onError: (error) => toast.error(errorMessage(error)),
    });

  const stop = (backup: Backup) =>
    cancel.mutate(backup.id, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error)),
      onSettled: () => setConfirming(null),
    });

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Backups · EarnHub admin`}</title>
      <PageHeader
        title={t`Backups`}
        description={t`Copies of the whole platform (the database and its settings), taken daily on a schedule, by npm run backup, or from here.`}
        actions={
          isOwner && (
            <Button
              onClick={backUp}
              busy={start.isPending}
              disabled={!data || Boolean(running) || Boolean(problem)}
            >
              {!start.isPending && <DatabaseBackup className="size-4" aria-hidden="true" />}
              <Trans>Back up now</Trans>
            </Button>
          )
        }
      />
      {me.data && !isOwner && (
        <Banner tone="notice">
          <Trans>You can read the backups; only an owner can back up now or cancel one.</Trans>
        </Banner>
      )}
      {overview.isError && <Banner tone="error">{errorMessage(overview.error)}</Banner>}
      {problem && (
        <Banner tone="error">
          <ToolsProblem reason={sentence(problem)} />
        </Banner>
      )}

      {data && data.key.on_server.length > 0 && (
        <Banner tone="notice">
          <KeyOnServer files={data.key.on_server.join(', ')} />
        </Banner>
      )}

      {running && (
        <RunningBackup
          backup={running}
          cancelling={cancel.isPending}
          onCancel={isOwner ? () => setConfirming(running) : undefined}
        />
      )}

      {overview.isPending && <PageSpinner label={t`Loading backups`} />}
      {data && <BackupSummary overview={data} />}

      <section aria-labelledby="recent-backups-heading" className="flex flex-col gap-3">
        <h2 id="recent-backups-heading" className="text-lg font-semibold text-fg">
          <Trans>Recent backups</Trans>
        </h2>
        <BackupsTable backups={data?.recent} loading={overview.isPending} />
      </section>

      <p className="flex items-start gap-1.5 text-sm text-muted">
        <BookOpen className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <Trans>
            Backups are encrypted to the platform’s backup key and signed. To restore, stop the server, then
            run <code className="font-mono text-fg">{RESTORE}</code> with the backup’s file (copy its path
            from the list) and your copy of the backup key. How: <code className="font-mono">{HOW_TO}</code>.
          </Trans>
        </span>
      </p>

      <ConfirmDialog
        // closes by itself if the backup ends meanwhile: there is nothing left to cancel
        open={confirming !== null && running?.id === confirming.id}
        title={t`Cancel this backup?`}
        description={t`It stops within seconds and its partial file is removed. Nothing else changes; you can back up again afterwards.`}
        confirmLabel={t`Cancel backup`}
        cancelLabel={t`Keep running`}
        danger
        busy={cancel.isPending}
        onConfirm={() => confirming && stop(confirming)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
