import { USER_STATUS, type User } from '@app/contracts/users';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { useAdminMay } from '../../../api/admin-me';
import { errorMessage } from '../../../api/client';
import { useAdminUpdateUser, useUserList } from '../../../api/users';
import { Banner } from '../../../components/ui/Banner';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input, Select } from '../../../components/ui/Input';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { Table } from '../../../components/ui/Table';
import { useDebouncedSearch } from '../../../lib/use-debounced-search';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { userColumns } from './columns';

type Status = (typeof USER_STATUS)[number];

function isStatus(value: string | null): value is Status {
  return (USER_STATUS as readonly string[]).includes(value ?? '');
}

export default function UsersPage() {
  // Filters live in the address, so coming back from a profile shows the same page of results.
  const { params, page, update } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const search = params.get('search') ?? '';

  // Debounced: one request when typing pauses, not one per key; a new search starts from page 1.
  const { text: searchText, onSearch } = useDebouncedSearch(search, (text) =>
    update({ search: text, page: 1 }),
  );

  const list = useUserList({ page, limit, search: search || undefined, status });
  const setStatus = useAdminUpdateUser();
  const [target, setTarget] = useState<User | null>(null);

  const confirmStatus = () => {
    if (!target) return;
    const next: Status = target.status === 'block' ? 'unblock' : 'block';
    setStatus.mutate(
      { id: target.id, body: { status: next } },
      {
        onSuccess: (data) => toast.success(data.message),
        onError: (error) => toast.error(errorMessage(error)),
        onSettled: () => setTarget(null),
      },
    );
  };

  const mayBlock = useAdminMay('support');
  const { t, i18n } = useLingui();
  const columns = userColumns({
    onToggleBlock: mayBlock ? setTarget : null,
    busyId: setStatus.isPending ? target?.id : undefined,
    i18n,
  });
  const data = list.data;
  const username = target?.username ?? '';

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Users · EarnHub admin`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-fg">
          <Trans>Users</Trans>
        </h1>
        <p className="mt-1 text-sm text-muted">
          <Trans>Find a member, open their profile, block or unblock them.</Trans>
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[1fr_12rem_8rem]">
        <div className="relative col-span-2 sm:col-span-1">
          <Input
            label={t`Search`}
            type="search"
            placeholder={t`Email, username, name or referral code`}
            value={searchText}
            onChange={(e) => onSearch(e.target.value)}
          />
          <Search
            className="pointer-events-none absolute right-3 bottom-3 size-4 text-muted"
            aria-hidden="true"
          />
        </div>
        <Select
          label={t`Status`}
          value={status ?? ''}
          onChange={(e) => update({ status: e.target.value || undefined, page: 1 })}
        >
          <option value="">{t`All members`}</option>
          <option value="unblock">{t`Unblocked`}</option>
          <option value="block">{t`Blocked`}</option>
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>

      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}

      <Table
        caption={t`Members`}
        columns={columns}
        rows={data?.allusers}
        rowKey={(u) => u.id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        empty={
          search || status
            ? t`No member matches these filters. Try another search or clear the status filter.`
            : t`No members yet. They appear here as soon as someone registers.`
        }
      />

      {data && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
        />
      )}

      <ConfirmDialog
        open={target !== null}
        title={target?.status === 'block' ? t`Unblock this member?` : t`Block this member?`}
        description={
          target?.status === 'block'
            ? t`${username} will be able to sign in, claim and withdraw again.`
            : t`${username} will not be able to sign in, claim, transfer or withdraw. Their balances stay intact.`
        }
        confirmLabel={target?.status === 'block' ? t`Unblock` : t`Block`}
        danger={target?.status !== 'block'}
        busy={setStatus.isPending}
        onConfirm={confirmStatus}
        onCancel={() => setTarget(null)}
      />
    </div>
  );
}
