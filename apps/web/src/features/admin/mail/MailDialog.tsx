import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../api/client';
import { useMail } from '../../../api/mail';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Modal } from '../../../components/ui/Modal';
import { Spinner } from '../../../components/ui/Spinner';
import { When } from '../../../components/ui/When';
import { MailActions } from './MailActions';
import { MAIL_STATUS_TONE, MAIL_STATUS_WORD } from './status';

/** One mail: who, what, how it went, and the body with its codes and links masked. */
export function MailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { data: mail, error, isPending } = useMail(id);
  const { t, i18n } = useLingui();
  const to = mail?.to;
  const attempts = mail?.attempts ?? 0;
  return (
    <Modal
      open={id !== null}
      onClose={onClose}
      className="sm:max-w-2xl"
      title={mail?.subject ?? t`Mail`}
      description={mail ? t`To ${to}` : undefined}
    >
      {id !== null && isPending && (
        <div className="flex justify-center py-8">
          <Spinner label={t`Loading the mail`} />
        </div>
      )}
      {error && (
        <div className="mt-4">
          <Banner tone="error">{errorMessage(error)}</Banner>
        </div>
      )}
      {mail && (
        <div className="mt-4 flex flex-col gap-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
            <dt className="text-muted">
              <Trans>Status</Trans>
            </dt>
            <dd>
              <Badge tone={MAIL_STATUS_TONE[mail.status]}>{i18n._(MAIL_STATUS_WORD[mail.status])}</Badge>
              {mail.attempts > 1 && (
                <span className="ml-2 text-xs text-muted">
                  {plural(attempts, { one: '# attempt', other: '# attempts' })}
                </span>
              )}
            </dd>
            <dt className="text-muted">
              <Trans>Queued</Trans>
            </dt>
            <dd>
              <When iso={mail.created_at} />
            </dd>
            <dt className="text-muted">{mail.status === 'logged-only' ? t`Logged` : t`Delivered`}</dt>
            <dd>
              <When iso={mail.sent_at} />
            </dd>
            <dt className="text-muted">
              <Trans>Template</Trans>
            </dt>
            <dd>
              <code className="font-mono text-xs">{mail.template}</code>
            </dd>
            {mail.last_error && (
              <>
                <dt className="text-muted">
                  <Trans>Last error</Trans>
                </dt>
                <dd className="break-words text-red-700 dark:text-red-400">{mail.last_error}</dd>
              </>
            )}
          </dl>
          <div className="rounded-lg border border-line bg-subtle">
            <div className="border-b border-line px-3 py-1.5 text-xs font-medium text-muted">
              <Trans>Message</Trans>
            </div>
            <pre
              className="max-h-[50vh] overflow-auto p-3 font-mono text-sm break-words whitespace-pre-wrap text-fg"
              data-testid="mail-body"
            >
              {mail.body}
            </pre>
          </div>
          {/* keyed: another mail's reveal or re-send answer is never shown on this one */}
          <MailActions key={mail.id} mail={mail} />
        </div>
      )}
    </Modal>
  );
}
