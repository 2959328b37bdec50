import type { NewsItem } from '@app/contracts/news';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useDeleteNews, useNewsList } from '../../../api/news';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { RowActions } from '../../../components/ui/RowActions';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { NewsDialog } from './NewsDialog';

const LIMIT = 10;

/** Back-office news: POST /news/add, GET /news/list, PUT and DELETE /news/{id}. */
export default function NewsPage() {
  const { page, update } = useUrlFilters();
  const news = useNewsList({ page, limit: LIMIT });
  const remove = useDeleteNews();
  const [editing, setEditing] = useState<NewsItem | 'new' | null>(null);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);
  const { t } = useLingui();
  const deletingTitle = deleting?.title ?? '';

  const columns: Array<Column<NewsItem>> = [
    {
      key: 'title',
      header: t`News`,
      cell: (n) => (
        <div className="flex max-w-xl flex-col">
          <span className="font-medium text-fg">{n.title}</span>
          <span className="line-clamp-2 text-xs text-muted">{n.content}</span>
        </div>
      ),
    },
    { key: 'posted', header: t`Posted`, cell: (n) => <When iso={n.created_at} stacked /> },
    {
      key: 'updated',
      header: t`Edited`,
      cell: (n) =>
        n.updated_at === n.created_at ? (
          <span className="text-muted">—</span>
        ) : (
          <When iso={n.updated_at} stacked />
        ),
    },
    {
      key: 'actions',
      header: t`Actions`,
      cell: (n) => <RowActions name={n.title} onEdit={() => setEditing(n)} onDelete={() => setDeleting(n)} />,
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>{t`News · EarnHub admin`}</title>
      <PageHeader
        title={t`News`}
        description={t`Announcements shown on the home page to every visitor and on the members' dashboard.`}
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>Add news</Trans>
          </Button>
        }
      />
      {news.isError && <Banner tone="error">{errorMessage(news.error)}</Banner>}
      <Table
        caption={t`News`}
        columns={columns}
        rows={news.data?.allnews}
        rowKey={(n) => n.id}
        loading={news.isPending}
        empty={t`No news yet. Add one to tell visitors and members what is new.`}
      />
      {news.data && news.data.total > 0 && (
        <Pager
          page={page}
          totalPages={news.data.totalPages}
          total={news.data.total}
          fetching={news.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# news item', other: '# news items' })}
        />
      )}
      <NewsDialog target={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        target={deleting}
        title={t`Delete this news?`}
        description={t`“${deletingTitle}” disappears from the home page and the members' dashboard. This cannot be undone.`}
        remove={remove}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          if (news.data?.allnews.length === 1 && page > 1) update({ page: page - 1 });
        }}
      />
    </div>
  );
}
