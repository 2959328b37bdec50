import type { ReferralMember } from '@app/contracts/referral';
import { useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useReferralList } from '../../../api/referral';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Input } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { formatCount } from '../../../lib/format';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { useUserLabels } from '../dashboard/user-labels';
import { MemberAvatar } from './MemberAvatar';
import { TeamFigures } from './TeamFigures';

function useColumns(): Array<Column<ReferralMember>> {
  const { t } = useLingui();
  // the member catalog's words (loaded with the member layout), as the dashboard says them
  const { ACTIVE_LABEL, STATUS_LABEL } = useUserLabels();
  return [
    {
      key: 'member',
      header: t`Member`,
      cell: (m) => (
        <span className="flex min-w-0 items-center gap-3">
          <MemberAvatar name={m.username} active={m.is_active === 'active'} size="sm" />
          <span className="min-w-0">
            <span className="block truncate font-medium text-fg">{m.username}</span>
            <span className="block truncate text-xs text-muted">{m.fullname}</span>
          </span>
        </span>
      ),
    },
    {
      key: 'code',
      header: t`Code`,
      cell: (m) => <span className="font-mono text-xs">{m.refferal_code}</span>,
    },
    {
      key: 'status',
      header: t`Status`,
      cell: (m) => <Badge tone={STATUS_LABEL[m.status].tone}>{STATUS_LABEL[m.status].text}</Badge>,
    },
    {
      key: 'active',
      header: t`Active`,
      cell: (m) => <Badge tone={ACTIVE_LABEL[m.is_active].tone}>{ACTIVE_LABEL[m.is_active].text}</Badge>,
    },
    { key: 'plan', header: t`Plan`, className: 'text-end', cell: (m) => <Money value={m.active_plan} /> },
    // the figure the tree shows on this member's card and the Team business card: their downline
    // only (their own plan is in Plan); one figure under one name on every screen (docs/decisions/compensation.md)
    {
      key: 'business',
      header: t`Team business`,
      className: 'text-end',
      cell: (m) => <Money value={m.team_business} />,
    },
    {
      key: 'team',
      header: t`Team`,
      className: 'text-end',
      cell: (m) => <span className="tabular-nums">{formatCount(m.team_count)}</span>,
    },
    { key: 'joined', header: t`Joined`, cell: (m) => <When iso={m.created_at} stacked /> },
  ];
}

/** /user/direct-members: the members who joined with the member's own referral code. */
export default function DirectMembersPage() {
  const { t } = useLingui();
  const columns = useColumns();
  const member = useMember();
  const code = member?.refferal_code ?? '';
  const { params, page, update } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const search = params.get('search') ?? '';
  const { text: searchText, onSearch } = useDebouncedSearch(search, (text) =>
    update({ search: text, page: 1 }),
  );

  const list = useReferralList(code, { page, limit, search: search || undefined });
  const data = list.data;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Direct members · EarnHub`}</title>
      <PageHeader
        title={t`Direct members`}
        description={t`Members who registered with your referral code: their status, their plan and their team business (the active plans of the active members below them).`}
        actions={
          <Link
            to="/user/refferral-tree"
            className="text-sm font-medium text-accent-text underline-offset-2 hover:underline"
          >
            {t`Open the referral tree`}
          </Link>
        }
      />
      <TeamFigures />

      <section aria-labelledby="direct-list" className="flex flex-col gap-3">
        <h2 id="direct-list" className="sr-only">
          {t`Your direct members`}
        </h2>
        <div className="grid grid-cols-[1fr_auto] items-end gap-3 sm:grid-cols-[1fr_8rem]">
          <div className="relative">
            <Input
              label={t`Search`}
              type="search"
              placeholder={t`Username, name or referral code`}
              value={searchText}
              onChange={(e) => onSearch(e.target.value)}
            />
            <Search
              className="pointer-events-none absolute end-3 bottom-3 size-4 text-muted"
              aria-hidden="true"
            />
          </div>
          <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
        </div>
        {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
        <Table
          caption={t`Your direct members`}
          columns={columns}
          rows={data?.referralTree}
          rowKey={(m) => m.id}
          loading={list.isPending}
          minWidth="min-w-[860px]"
          skeletonRows={Math.min(limit, 10)}
          empty={
            search
              ? t`No direct member matches this search. Try another name, username or code.`
              : t`No direct members yet. Share your referral link from the dashboard: everyone who registers with it appears here.`
          }
        />
        {data && data.total > 0 && (
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={list.isFetching}
            onPage={(p) => update({ page: p })}
          />
        )}
      </section>
    </div>
  );
}
