import type { Leader } from '@app/contracts/leadership';
import type { I18n } from '@lingui/core';
import { msg, ph, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

function columns(onRemove: (l: Leader) => void, i18n: I18n): Array<Column<Leader>> {
  return [
    { key: 'reached', header: i18n._(msg`Reached`), cell: (l) => <When iso={l.reached_at} stacked /> },
    {
      key: 'member',
      header: i18n._(msg`Member`),
      cell: (l) => (
        <Link
          to={`/admin/check/profile/${l.user_id}`}
          className="font-medium text-accent-text hover:underline"
        >
          {l.username}
        </Link>
      ),
    },
    { key: 'rank', header: i18n._(msg`Rank`), cell: (l) => l.rank },
    {
      key: 'directs',
      header: i18n._(msg`Active directs`),
      className: 'text-right tabular-nums',
      cell: (l) => l.directs ?? '—',
    },
    {
      key: 'business',
      header: i18n._(msg`Team business`),
      className: 'text-right',
      cell: (l) => (l.business === null ? '—' : <Money value={l.business} />),
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      className: 'text-right',
      cell: (l) => (
        <Button
          size="sm"
          variant="secondary"
          className="text-red-700 dark:text-red-400"
          onClick={() => onRemove(l)}
          aria-label={i18n._(msg`Remove ${ph({ rank: l.rank })} of ${ph({ username: l.username })}`)}
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
  const { t, i18n } = useLingui();
  const rank = target?.rank;
  const member = target?.username;
  const removeTitle = target ? t`Remove ${rank} of ${member}?` : t`Remove this rank of this member?`;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Leadership · EarnHub admin`}</title>
      <PageHeader
        title={t`Leadership`}
        description={t`Ranks members reached: the salary run records a rank the first time a member qualifies for a salary tier, with the active directs and team business that got them there.`}
      />
      <div className="grid gap-3 sm:grid-cols-[1fr_14rem_8rem]">
        <Input
          label={t`Search`}
          type="search"
          placeholder={t`Member or rank`}
          value={text}
          onChange={(e) => onSearch(e.target.value)}
        />
        <Select
          label={t`Rank`}
          value={tierId ?? ''}
          onChange={(e) => update({ tier_id: e.target.value, page: 1 })}
        >
          <option value="">{t`Every rank`}</option>
          {tiers.data?.map((tier) => (
            <option key={tier.id} value={tier.id}>
              {tier.name}
            </option>
          ))}
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Leadership ranks`}
        columns={columns(setTarget, i18n)}
        rows={data?.allleadership}
        rowKey={(l) => l.id}
        loading={list.isPending}
        empty={
          search || tierId
            ? t`No rank matches these filters.`
            : t`No ranks reached yet. They are recorded when the salary run assigns members a tier.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(total) => plural(total, { one: '# rank', other: '# ranks' })}
        />
      )}
      <DeleteDialog
        target={target}
        title={removeTitle}
        description={t`The entry leaves the leadership list. The member's salary is not affected.`}
        remove={remove}
        onClose={() => setTarget(null)}
      />
    </div>
  );
}
