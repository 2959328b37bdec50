import { TOPUP_KINDS, type Topup } from '@app/contracts/topups';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useReverseTopup, useTopupList } from '../../../api/topups';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, PageSizeSelect, pageSizeOf } from '../../../components/ui/Pager';
import { SummaryList } from '../../../components/ui/SummaryList';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { TOPUP_KIND_LABEL, TOPUP_STATUS_LABEL } from '../../../lib/money-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';

function MemberLink({ id, name }: { id: number; name: string }) {
  return (
    <Link to={`/admin/check/profile/${id}`} className="font-medium text-accent-text hover:underline">
      {name}
    </Link>
  );
}

function columns(onReverse: (t: Topup) => void, busyId?: number): Array<Column<Topup>> {
  return [
    { key: 'date', header: 'Date', cell: (t) => <When iso={t.created_at} stacked /> },
    { key: 'kind', header: 'Kind', cell: (t) => TOPUP_KIND_LABEL[t.kind] },
    { key: 'payer', header: 'Paid by', cell: (t) => <MemberLink id={t.payer_id} name={t.payer_username} /> },
    { key: 'member', header: 'For', cell: (t) => <MemberLink id={t.user_id} name={t.username} /> },
    { key: 'plan', header: 'Plan', cell: (t) => t.plan_name ?? '—' },
    { key: 'amount', header: 'Amount', className: 'text-right', cell: (t) => <Money value={t.amount} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (t) => (
        <Badge tone={TOPUP_STATUS_LABEL[t.status].tone}>{TOPUP_STATUS_LABEL[t.status].text}</Badge>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'text-right',
      cell: (t) =>
        t.status === 'done' ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 dark:text-red-400"
            busy={busyId === t.id}
            onClick={() => onReverse(t)}
            aria-label={`Reverse top-up ${t.id} for ${t.username}`}
          >
            Reverse
          </Button>
        ) : null,
    },
  ];
}

export default function TopupsPage() {
  const { page, params, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const kind = oneOf('kind', TOPUP_KINDS);
  const list = useTopupList({ page, limit, kind }, 'admin');
  const reverse = useReverseTopup();
  const [target, setTarget] = useState<Topup | null>(null);
  const data = list.data;

  const confirm = () => {
    if (!target) return;
    reverse.mutate(target.id, {
      onSuccess: (res) => {
        toast.success(res.message);
        setTarget(null);
      },
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <title>Top-ups · EarnHub admin</title>
      <PageHeader
        title="Top-ups"
        description="Every plan purchase, re-top-up and activation fee. Reverse one to give the payer their money back."
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_8rem]">
        <Select label="Kind" value={kind ?? ''} onChange={(e) => update({ kind: e.target.value, page: 1 })}>
          <option value="">All kinds</option>
          {TOPUP_KINDS.map((k) => (
            <option key={k} value={k}>
              {TOPUP_KIND_LABEL[k]}
            </option>
          ))}
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption="Top-ups"
        columns={columns(setTarget, reverse.isPending ? target?.id : undefined)}
        rows={data?.alltopup}
        rowKey={(t) => t.id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        empty={
          kind
            ? 'No top-up of this kind. Choose "All kinds" to see every one.'
            : 'No top-ups yet. They appear here when members buy plans or pay activation fees.'
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          noun={['top-up', 'top-ups']}
        />
      )}

      <ConfirmDialog
        open={target !== null}
        title="Reverse this top-up?"
        description={
          target?.kind === 'activation'
            ? 'The fee goes back to the payer’s fund wallet and the member is no longer a paid member.'
            : 'The amount leaves the member’s plan and goes back to the payer’s fund wallet. A top-up that already paid incomes cannot be reversed.'
        }
        confirmLabel="Reverse top-up"
        danger
        busy={reverse.isPending}
        onConfirm={confirm}
        onCancel={() => {
          if (reverse.isPending) return;
          reverse.reset();
          setTarget(null);
        }}
      >
        {reverse.isError && <Banner tone="error">{errorMessage(reverse.error)}</Banner>}
        {target && (
          <SummaryList
            rows={[
              { label: 'Kind', value: TOPUP_KIND_LABEL[target.kind] },
              { label: 'For', value: target.username },
              ...(target.plan_name ? [{ label: 'Plan', value: target.plan_name }] : []),
              { label: 'Amount', value: <Money value={target.amount} /> },
              { label: 'Back to', value: `${target.payer_username}’s fund wallet`, strong: true },
            ]}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
