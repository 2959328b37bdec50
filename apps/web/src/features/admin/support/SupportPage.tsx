import { SUPPORT_KIND, type SupportEntry } from '@app/contracts/support';
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

  const columns: Array<Column<SupportEntry>> = [
    {
      key: 'kind',
      header: 'Kind',
      cell: (e) => <Badge tone={e.kind === 'faq' ? 'accent' : 'blue'}>{SUPPORT_KIND_LABEL[e.kind]}</Badge>,
    },
    {
      key: 'title',
      header: 'Title',
      cell: (e) => (
        <div className="flex max-w-96 flex-col">
          <span className="font-medium text-fg">{e.title}</span>
          <span className="line-clamp-2 text-xs text-muted">{e.content}</span>
        </div>
      ),
    },
    { key: 'order', header: 'Order', className: 'tabular-nums', cell: (e) => e.sort_order },
    {
      key: 'published',
      header: 'Shown to members',
      cell: (e) => (
        <Badge tone={e.published ? 'green' : 'neutral'}>{e.published ? 'Published' : 'Hidden'}</Badge>
      ),
    },
    { key: 'updated', header: 'Updated', cell: (e) => <When iso={e.updated_at} stacked /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (e) => <RowActions name={e.title} onEdit={() => setEditing(e)} onDelete={() => setDeleting(e)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>Help and FAQ · EarnHub admin</title>
      <PageHeader
        title="Help and FAQ"
        description="Answers to common questions and ways to reach support, shown to members on their Support page."
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> New entry
          </Button>
        }
      />
      {entries.isError && <Banner tone="error">{ticketError(entries.error)}</Banner>}
      <Table
        caption="Support entries"
        columns={columns}
        rows={entries.data?.allsupport}
        rowKey={(e) => e.id}
        loading={entries.isPending}
        empty={`No entries yet. Add a ${SUPPORT_KIND.map((k) => SUPPORT_KIND_LABEL[k].toLowerCase()).join(' or a ')} so members find answers before they ask.`}
      />
      <SupportDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title="Delete this entry?"
        description={`“${deleting?.title ?? ''}” disappears from the members' Support page. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
        describeError={ticketError}
      />
    </div>
  );
}
