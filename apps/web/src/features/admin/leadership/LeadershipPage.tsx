import type { Leader } from '@app/contracts/leadership';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useLeadership, useRemoveLeader } from '../../../api/leadership';
import { useSalaryTiers } from '../../../api/salary';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { Input, Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlFilters } from '../../../lib/use-url-filters';

function columns(onRemove: (l: Leader) => void): Array<Column<Leader>> {
  return [
    { key: 'reached', header: 'Reached', cell: (l) => <When iso={l.reached_at} stacked /> },
    {
      key: 'member',
      header: 'Member',
      cell: (l) => (
        <Link
          to={`/admin/check/profile/${l.user_id}`}
          className="font-medium text-accent-text hover:underline"
        >
          {l.username}
        </Link>
      ),
    },
    { key: 'rank', header: 'Rank', cell: (l) => l.rank },
    {
      key: 'directs',
      header: 'Active directs',
      className: 'text-right tabular-nums',
      cell: (l) => l.directs ?? '—',
    },
    {
      key: 'business',
      header: 'Team business',
      className: 'text-right',
      cell: (l) => (l.business === null ? '—' : <Money value={l.business} />),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (l) => (
        <Button
          size="sm"
          variant="secondary"
          className="text-red-700 dark:text-red-400"
          onClick={() => onRemove(l)}
          aria-label={`Remove ${l.rank} of ${l.username}`}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      ),
    },
  ];
}

/** Leadership: the ranks (salary tiers) members reached, recorded by the salary run; remove an entry. */
export default function LeadershipPage() {
  const { page, params, update } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const tierId = Number(params.get('tier_id')) || undefined;
  const search = params.get('search') ?? '';
  const { text, onSearch } = useDebouncedSearch(search, (value) => update({ search: value, page: 1 }));
  const tiers = useSalaryTiers('admin');
  const list = useLeadership({ page, limit, tier_id: tierId, search: search || undefined }, 'admin');
  const remove = useRemoveLeader();
  const [target, setTarget] = useState<Leader | null>(null);
  const data = list.data;

  return (
    <div className="flex flex-col gap-6">
      <title>Leadership · EarnHub admin</title>
      <PageHeader
        title="Leadership"
        description="Ranks members reached: the salary run records a rank the first time a member qualifies for a salary tier, with the active directs and team business that got them there."
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem_8rem]">
        <Input
          label="Search"
          type="search"
          placeholder="Member or rank"
          value={text}
          onChange={(e) => onSearch(e.target.value)}
        />
        <Select
          label="Rank"
          value={tierId ?? ''}
          onChange={(e) => update({ tier_id: e.target.value, page: 1 })}
        >
          <option value="">Every rank</option>
          {tiers.data?.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption="Leadership ranks"
        columns={columns(setTarget)}
        rows={data?.allleadership}
        rowKey={(l) => l.id}
        loading={list.isPending}
        empty={
          search || tierId
            ? 'No rank matches these filters.'
            : 'No ranks reached yet. They are recorded when the salary run assigns members a tier.'
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          noun={['rank', 'ranks']}
        />
      )}
      <DeleteDialog
        target={target}
        title={`Remove ${target?.rank ?? 'this rank'} of ${target?.username ?? 'this member'}?`}
        description="The entry leaves the leadership list. The member's salary is not affected."
        remove={remove}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
