import type { SupportEntry } from '@app/contracts/support';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useDeleteSupport, useSupportEntries } from '../../../api/support';
import { ticketError } from '../../../api/tickets';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { RowActions } from '../../../components/ui/RowActions';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { SUPPORT_KIND_LABEL, SupportDialog } from './SupportDialog';

export default function SupportPage() {
  const entries = useSupportEntries('admin');
  const remove = useDeleteSupport();
  const [editing, setEditing] = useState<SupportEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SupportEntry | null>(null);
  const { t, i18n } = useLingui();
  const deletingTitle = deleting?.title ?? '';

  const columns: Array<Column<SupportEntry>> = [
    {
      key: 'kind',
      header: t`Kind`,
      cell: (e) => (
        <Badge tone={e.kind === 'faq' ? 'accent' : 'blue'}>{i18n._(SUPPORT_KIND_LABEL[e.kind])}</Badge>
      ),
    },
    {
      key: 'title',
      header: t`Title`,
      cell: (e) => (
        <div className="flex max-w-96 flex-col">
          <span className="font-medium text-fg">{e.title}</span>
          <span className="line-clamp-2 text-xs text-muted">{e.content}</span>
        </div>
      ),
    },
    { key: 'order', header: t`Order`, className: 'tabular-nums', cell: (e) => e.sort_order },
    {
      key: 'published',
      header: t`Shown to members`,
      cell: (e) => (
        <Badge tone={e.published ? 'green' : 'neutral'}>{e.published ? t`Published` : t`Hidden`}</Badge>
      ),
    },
    { key: 'updated', header: t`Updated`, cell: (e) => <When iso={e.updated_at} stacked /> },
    {
      key: 'actions',
      header: t`Actions`,
      cell: (e) => <RowActions name={e.title} onEdit={() => setEditing(e)} onDelete={() => setDeleting(e)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Help and FAQ · EarnHub admin`}</title>
      <PageHeader
        title={t`Help and FAQ`}
        description={t`Answers to common questions and ways to reach support, shown to members on their Support page.`}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>New entry</Trans>
          </Button>
        }
      />
      {entries.isError && <Banner tone="error">{ticketError(entries.error)}</Banner>}
      <Table
        caption={t`Support entries`}
        columns={columns}
        rows={entries.data?.allsupport}
        rowKey={(e) => e.id}
        loading={entries.isPending}
        empty={t`No entries yet. Add a question or a contact so members find answers before they ask.`}
      />
      <SupportDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t`Delete this entry?`}
        description={t`“${deletingTitle}” disappears from the members' Support page. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
        describeError={ticketError}
      />
    </div>
  );
}
