import type { QrLink } from '@app/contracts/qr-links';
import { ph, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink, Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useDeleteQrLink, useQrLinks } from '../../../api/qr-links';
import { LazyQrCode } from '../../../components/qr/LazyQrCode';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { RowActions } from '../../../components/ui/RowActions';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { QrLinkDialog } from './QrLinkDialog';

const LIMIT = 10;

/** Back-office QR links: POST /qr/add, GET /qr, PUT and DELETE /qr/{id}. */
export default function QrLinksPage() {
  const { page, update } = useUrlFilters();
  const links = useQrLinks('admin', { page, limit: LIMIT });
  const remove = useDeleteQrLink();
  const [editing, setEditing] = useState<QrLink | 'new' | null>(null);
  const [deleting, setDeleting] = useState<QrLink | null>(null);
  const { t } = useLingui();
  const deletingTitle = deleting?.title ?? '';

  const columns: Array<Column<QrLink>> = [
    {
      key: 'qr',
      header: t`QR`,
      cell: (l) => <LazyQrCode value={l.url} size={56} title={t`QR code for ${ph({ title: l.title })}`} />,
    },
    {
      key: 'title',
      header: t`Link`,
      cell: (l) => (
        <div className="flex max-w-md min-w-0 flex-col">
          <span className="font-medium text-fg">{l.title}</span>
          <a
            href={l.url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 truncate text-xs text-accent-text hover:underline"
          >
            <span className="truncate">{l.url}</span>
            <ExternalLink className="size-3 shrink-0" aria-hidden="true" />
          </a>
        </div>
      ),
    },
    {
      key: 'active',
      header: t`Shown to members`,
      cell: (l) => <Badge tone={l.active ? 'green' : 'neutral'}>{l.active ? t`Active` : t`Hidden`}</Badge>,
    },
    { key: 'added', header: t`Added`, cell: (l) => <When iso={l.created_at} stacked /> },
    {
      key: 'actions',
      header: t`Actions`,
      cell: (l) => <RowActions name={l.title} onEdit={() => setEditing(l)} onDelete={() => setDeleting(l)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>{t`QR links · EarnHub admin`}</title>
      <PageHeader
        title={t`QR links`}
        description={t`Links members see on their dashboard as QR codes: a community group, an app download, a guide.`}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>Add QR link</Trans>
          </Button>
        }
      />
      {links.isError && <Banner tone="error">{errorMessage(links.error)}</Banner>}
      <Table
        caption={t`QR links`}
        columns={columns}
        rows={links.data?.qrlinks}
        rowKey={(l) => l.id}
        loading={links.isPending}
        empty={t`No QR links yet. Add one and members can scan it from their dashboard.`}
      />
      {links.data && links.data.total > 0 && (
        <Pager
          page={page}
          totalPages={links.data.totalPages}
          total={links.data.total}
          fetching={links.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(n) => plural(n, { one: '# link', other: '# links' })}
        />
      )}
      <QrLinkDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t`Delete this QR link?`}
        description={t`“${deletingTitle}” disappears from the members' dashboard. To hide it for a while, edit it and untick “Show to members” instead. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          if (links.data?.qrlinks.length === 1 && page > 1) update({ page: page - 1 });
        }}
      />
    </div>
  );
}
