import { MAIL_STATUSES, type MailSummary } from '@app/contracts/mail-log';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useMailList } from '../../../api/mail';
import { useSetup } from '../../../api/setup';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input, Select } from '../../../components/ui/Input';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { MailDialog } from './MailDialog';
import { MAIL_STATUS_TONE, MAIL_STATUS_WORD } from './status';

function StatusBadge({ mail }: { mail: MailSummary }) {
  const { i18n } = useLingui();
  return <Badge tone={MAIL_STATUS_TONE[mail.status]}>{i18n._(MAIL_STATUS_WORD[mail.status])}</Badge>;
}

/** The Read button's name: which mail it opens. */
const readName = (i18n: I18n, { to, subject }: MailSummary) =>
  i18n._(msg`Read the mail to ${to}: ${subject}`);

function columns(onOpen: (mail: MailSummary) => void, i18n: I18n): Array<Column<MailSummary>> {
  return [
    { key: 'when', header: i18n._(msg`Queued`), cell: (m) => <When iso={m.created_at} stacked /> },
    {
      key: 'to',
      header: i18n._(msg`To`),
      cell: (m) => <span className="font-medium break-all">{m.to}</span>,
    },
    {
      key: 'subject',
      header: i18n._(msg`Subject`),
      cell: (m) => (
        <span className="flex flex-col">
          <span>{m.subject}</span>
          <code className="font-mono text-xs text-muted">{m.template}</code>
        </span>
      ),
    },
    { key: 'status', header: i18n._(msg`Status`), cell: (m) => <StatusBadge mail={m} /> },
    {
      key: 'open',
      header: (
        <span className="sr-only">
          <Trans>Message</Trans>
        </span>
      ),
      className: 'text-right',
      cell: (m) => (
        <Button size="sm" variant="secondary" onClick={() => onOpen(m)} aria-label={readName(i18n, m)}>
          <Trans>Read</Trans>
        </Button>
      ),
    },
  ];
}

/** A mail on a phone: recipient and status, the subject, then when and Read. */
function MailCard({ m, onOpen }: { m: MailSummary; onOpen: (mail: MailSummary) => void }) {
  const { i18n } = useLingui();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <span className="min-w-0 text-sm font-medium break-all text-fg">{m.to}</span>
        <StatusBadge mail={m} />
      </div>
      <p className="mt-1 text-sm text-fg">{m.subject}</p>
      <div className="mt-2 flex items-center justify-between gap-3 text-xs text-muted">
        <When iso={m.created_at} />
        <Button size="sm" variant="secondary" onClick={() => onOpen(m)} aria-label={readName(i18n, m)}>
          <Trans>Read</Trans>
        </Button>
      </div>
    </>
  );
}

/**
 * Admin → Mail: every mail the platform sent or queued (the outbox), codes and links masked (issue
 * 36). Without a mail server an owner may reveal one from the mail's dialog. Mail about admin
 * accounts is listed to owners only (the server leaves it out for everyone else).
 */
export default function MailPage() {
  const { params, page, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const status = oneOf('status', MAIL_STATUSES);
  const search = params.get('search') ?? '';
  const { text: searchText, onSearch } = useDebouncedSearch(search, (text) =>
    update({ search: text, page: 1 }),
  );
  const list = useMailList({ page, limit, search: search || undefined, status });
  const setup = useSetup();
  const noMailServer = setup.data?.items.some((i) => i.id === 'mail' && !i.done);
  const [open, setOpen] = useState<number | null>(null);
  const openMail = (m: MailSummary) => setOpen(m.id);
  const data = list.data;
  const filtered = Boolean(search || status);
  const { t, i18n } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Mail · EarnHub admin`}</title>
      <PageHeader
        title={t`Mail`}
        description={t`Every mail the platform sent or queued: verification codes, password resets, answers to queries, withdrawal decisions.`}
      />
      {noMailServer && (
        <Banner tone="notice">
          <Trans>
            No mail server is set (SMTP_URL), so nothing is delivered: mails are kept here as “Logged only”,
            their codes and links masked. An owner may reveal one to give it to the member (it is audited and
            the member is told); support can mark the member’s e-mail verified on their profile.
          </Trans>
        </Banner>
      )}

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_12rem_8rem]">
        <Input
          label={t`Recipient`}
          type="search"
          className="col-span-2 sm:col-span-1"
          placeholder={t`Start of the address, e.g. omar@`}
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
        />
        <Select
          label={t`Status`}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value, page: 1 })}
        >
          <option value="">{t`All`}</option>
          {MAIL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {i18n._(MAIL_STATUS_WORD[s])}
            </option>
          ))}
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>

      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Mail`}
        columns={columns(openMail, i18n)}
        rows={data?.mails}
        rowKey={(m) => m.id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        minWidth="min-w-[720px]"
        card={(m) => <MailCard m={m} onOpen={openMail} />}
        empty={
          filtered
            ? t`No mail matches. Type the start of the address (omar@…) or clear the status filter.`
            : t`No mail yet. Verification codes, password resets and answers to queries appear here as they are sent.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# mail', other: '# mails' })}
        />
      )}

      <MailDialog id={open} onClose={() => setOpen(null)} />
    </div>
  );
}
