import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronDown } from 'lucide-react';
import { useSupportEntries } from '../../../api/support';
import { ticketError } from '../../../api/tickets';
import { useTicketWords } from '../../../components/tickets/ticket-words';
import { Card } from '../../../components/ui/Card';
import { Spinner } from '../../../components/ui/Spinner';

/** The published support entries: answers to common questions, then the ways to reach support. */
export function HelpCard() {
  const entries = useSupportEntries('member');
  const { t } = useLingui();
  const say = useTicketWords();
  const faq = entries.data?.allsupport.filter((e) => e.kind === 'faq') ?? [];
  const contacts = entries.data?.allsupport.filter((e) => e.kind === 'contact') ?? [];

  return (
    <Card title={t`Help`}>
      {entries.isPending && <Spinner label={t`Loading help`} />}
      {entries.isError && <p className="text-sm text-muted">{say(ticketError(entries.error))}</p>}
      {entries.data && faq.length === 0 && contacts.length === 0 && (
        <p className="text-sm text-muted">
          <Trans>No help articles yet. Create a query and support will answer you directly.</Trans>
        </p>
      )}
      {faq.length > 0 && (
        <div className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">
            <Trans>Common questions</Trans>
          </h3>
          <div className="flex flex-col divide-y divide-line rounded-lg border border-line">
            {faq.map((e) => (
              <details key={e.id} className="group px-3 py-2.5">
                <summary className="flex cursor-pointer list-none items-start justify-between gap-2 text-sm font-medium text-fg">
                  <span className="[unicode-bidi:plaintext]">{e.title}</span>
                  <ChevronDown
                    className="mt-0.5 size-4 shrink-0 text-muted transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="mt-2 text-sm whitespace-pre-wrap text-muted [unicode-bidi:plaintext]">
                  {e.content}
                </p>
              </details>
            ))}
          </div>
        </div>
      )}
      {contacts.length > 0 && (
        <div className="mt-4 flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">
            <Trans>Contact</Trans>
          </h3>
          <dl className="flex flex-col gap-2 text-sm">
            {contacts.map((e) => (
              <div key={e.id}>
                <dt className="font-medium text-fg [unicode-bidi:plaintext]">{e.title}</dt>
                <dd className="whitespace-pre-wrap break-words text-muted [unicode-bidi:plaintext]">
                  {e.content}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </Card>
  );
}
