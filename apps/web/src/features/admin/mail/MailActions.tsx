import { MAIL_MASK, type MailDetail, type MailReveal } from '@app/contracts/mail-log';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useResendMail, useRevealMail } from '../../../api/mail';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { CopyButton } from '../../../components/ui/CopyButton';

/**
 * What staff may do with a mail (issue 36): nobody reads its code or link (they are masked);
 * support re-sends it with a new one; without a mail server an owner may reveal one, after saying
 * so, and the recipient is told.
 */
export function MailActions({ mail }: { mail: MailDetail }) {
  const reveal = useRevealMail();
  const resend = useResendMail();
  const [confirming, setConfirming] = useState(false);
  const [revealed, setRevealed] = useState<MailReveal | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const { t } = useLingui();
  const to = mail.to;

  return (
    <div className="flex flex-col gap-3">
      {mail.has_secret && !revealed && (
        <p className="text-sm text-muted">
          <Trans>Its code or link is masked ({MAIL_MASK}): no one in the back-office reads it.</Trans>{' '}
          {mail.resendable &&
            t`If the member lost it, re-send the mail: a new one is sent and the old one stops working.`}
        </p>
      )}

      {mail.revealable && !revealed && !confirming && (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            <Trans>Reveal code or link…</Trans>
          </Button>
        </div>
      )}
      {confirming && !revealed && (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-600/30 p-3">
          <p className="text-sm">
            <Trans>
              No mail server is set, so this mail was not delivered. Revealing it is recorded in the audit
              log, and {to} is told that an owner read it, and when. Give it only to the member, in person.
            </Trans>
          </p>
          <div className="flex gap-2">
            <Button
              variant="danger"
              size="sm"
              busy={reveal.isPending}
              onClick={() =>
                reveal.mutate(mail.id, {
                  onSuccess: (data) => {
                    setRevealed(data.revealed);
                    setConfirming(false);
                  },
                })
              }
            >
              <Trans>Reveal and tell the recipient</Trans>
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setConfirming(false)}
              disabled={reveal.isPending}
            >
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </div>
      )}
      {reveal.error && <Banner tone="error">{errorMessage(reveal.error)}</Banner>}
      {revealed && (
        <div className="flex flex-col gap-2" data-testid="mail-revealed">
          <Banner tone="notice">
            <Trans>Revealed. The recipient has been told that staff read it.</Trans>
          </Banner>
          {revealed.secrets.map((secret) => (
            <div key={secret} className="flex items-center gap-2">
              <code className="font-mono text-sm break-all" data-testid="mail-secret">
                {secret}
              </code>
              <CopyButton value={secret} label={t`Code or link`} />
            </div>
          ))}
          <pre className="max-h-[40vh] overflow-auto rounded-lg border border-line p-3 font-mono text-sm break-words whitespace-pre-wrap">
            {revealed.body}
          </pre>
        </div>
      )}

      {mail.resendable && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            busy={resend.isPending}
            onClick={() => resend.mutate(mail.id, { onSuccess: (data) => setResent(data.message) })}
          >
            {mail.has_secret ? t`Re-send with a new code or link` : t`Re-send`}
          </Button>
        </div>
      )}
      {resend.error && <Banner tone="error">{errorMessage(resend.error)}</Banner>}
      {resent && <Banner tone="success">{resent}</Banner>}
    </div>
  );
}
