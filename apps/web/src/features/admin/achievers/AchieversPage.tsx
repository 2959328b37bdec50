import type { Achiever } from '@app/contracts/achievers';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useAchievers, useDeleteAchiever } from '../../../api/achievers';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { RowActions } from '../../../components/ui/RowActions';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { AchieverDialog } from './AchieverDialog';

const LIMIT = 10;

/** Back-office achievers: POST /achivers/add (form data with a photo), GET /achivers/list, PUT and DELETE /achivers/{id}. */
export default function AchieversPage() {
  const { page, update } = useUrlFilters();
  const achievers = useAchievers({ page, limit: LIMIT });
  const remove = useDeleteAchiever();
  const [editing, setEditing] = useState<Achiever | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Achiever | null>(null);
  const { t } = useLingui();
  const deletingName = deleting?.name ?? '';

  const columns: Array<Column<Achiever>> = [
    {
      key: 'who',
      header: t`Achiever`,
      cell: (a) => (
        <div className="flex items-center gap-3">
          <img
            src={a.photo}
            alt=""
            className="size-10 shrink-0 rounded-full border border-line object-cover"
            loading="lazy"
          />
          <span className="font-medium text-fg">{a.name}</span>
        </div>
      ),
    },
    {
      key: 'achievement',
      header: t`Achievement`,
      cell: (a) => <span className="text-fg">{a.achievement}</span>,
    },
    { key: 'added', header: t`Added`, cell: (a) => <When iso={a.created_at} stacked /> },
    {
      key: 'actions',
      header: t`Actions`,
      cell: (a) => <RowActions name={a.name} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Achievers · EarnHub admin`}</title>
      <PageHeader
        title={t`Achievers`}
        description={t`Members celebrated with their photo on the home page.`}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>Add achiever</Trans>
          </Button>
        }
      />
      {achievers.isError && <Banner tone="error">{errorMessage(achievers.error)}</Banner>}
      <Table
        caption={t`Achievers`}
        columns={columns}
        rows={achievers.data?.allachivers}
        rowKey={(a) => a.id}
        loading={achievers.isPending}
        empty={t`No achievers yet. Add one with a photo to celebrate them on the home page.`}
      />
      {achievers.data && achievers.data.total > 0 && (
        <Pager
          page={page}
          totalPages={achievers.data.totalPages}
          total={achievers.data.total}
          fetching={achievers.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# achiever', other: '# achievers' })}
        />
      )}
      <AchieverDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t`Delete this achiever?`}
        description={t`${deletingName} and their photo disappear from the home page. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          if (achievers.data?.allachivers.length === 1 && page > 1) update({ page: page - 1 });
        }}
      />
    </div>
  );
}
