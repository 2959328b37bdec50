import { TOPUP_KINDS, type Topup } from '@app/contracts/topups';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { TOPUP_STATUS_LABEL } from '../../../lib/money-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { TOPUP_KIND_WORDS, TOPUP_STATUS_WORDS } from './topup-words';

function MemberLink({ id, name }: { id: number; name: string }) {
  return (
    <Link to={`/admin/check/profile/${id}`} className="font-medium text-accent-text hover:underline">
      {name}
    </Link>
  );
}

/** "Reverse top-up 12 for alice": the row's button named for a screen reader. */
function reverseLabel(i18n: I18n, topup: Topup) {
  const { id, username } = topup;
  return i18n._(msg`Reverse top-up ${id} for ${username}`);
}

function columns(i18n: I18n, onReverse: (topup: Topup) => void, busyId?: number): Array<Column<Topup>> {
  return [
    { key: 'date', header: i18n._(msg`Date`), cell: (tu) => <When iso={tu.created_at} stacked /> },
    { key: 'kind', header: i18n._(msg`Kind`), cell: (tu) => i18n._(TOPUP_KIND_WORDS[tu.kind]) },
    {
      key: 'payer',
      header: i18n._(msg`Paid by`),
      cell: (tu) => <MemberLink id={tu.payer_id} name={tu.payer_username} />,
    },
    {
      key: 'member',
      header: i18n._(msg`For`),
      cell: (tu) => <MemberLink id={tu.user_id} name={tu.username} />,
    },
    { key: 'plan', header: i18n._(msg`Plan`), cell: (tu) => tu.plan_name ?? '—' },
    {
      key: 'amount',
      header: i18n._(msg`Amount`),
      className: 'text-right',
      cell: (tu) => <Money value={tu.amount} />,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (tu) => (
        <Badge tone={TOPUP_STATUS_LABEL[tu.status].tone}>{i18n._(TOPUP_STATUS_WORDS[tu.status])}</Badge>
      ),
    },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      className: 'text-right',
      cell: (tu) =>
        tu.status === 'done' ? (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 dark:text-red-400"
            busy={busyId === tu.id}
            onClick={() => onReverse(tu)}
            aria-label={reverseLabel(i18n, tu)}
          >
            <Trans>Reverse</Trans>
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
  const { t, i18n } = useLingui();
  const payer = target?.payer_username;

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
      <title>{t`Top-ups · EarnHub admin`}</title>
      <PageHeader
        title={t`Top-ups`}
        description={t`Every plan purchase, re-top-up and activation fee. Reverse one to give the payer their money back.`}
      />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[12rem_8rem]">
        <Select
          label={t`Kind`}
          value={kind ?? ''}
          onChange={(e) => update({ kind: e.target.value, page: 1 })}
        >
          <option value="">{t`All kinds`}</option>
          {TOPUP_KINDS.map((k) => (
            <option key={k} value={k}>
              {i18n._(TOPUP_KIND_WORDS[k])}
            </option>
          ))}
        </Select>
        <PageSizeSelect value={limit} onChange={(size) => update({ limit: size, page: 1 })} />
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Top-ups`}
        columns={columns(i18n, setTarget, reverse.isPending ? target?.id : undefined)}
        rows={data?.alltopup}
        rowKey={(tu) => tu.id}
        loading={list.isPending}
        skeletonRows={Math.min(limit, 10)}
        empty={
          kind
            ? t`No top-up of this kind. Choose "All kinds" to see every one.`
            : t`No top-ups yet. They appear here when members buy plans or pay activation fees.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.currentPage}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={(p) => update({ page: p })}
          counted={(n) => plural(n, { one: '# top-up', other: '# top-ups' })}
        />
      )}

      <ConfirmDialog
        open={target !== null}
        title={t`Reverse this top-up?`}
        description={
          target?.kind === 'activation'
            ? t`The fee goes back to the payer’s fund wallet and the member is no longer a paid member.`
            : t`The amount leaves the member’s plan and goes back to the payer’s fund wallet. A top-up that already paid incomes cannot be reversed.`
        }
        confirmLabel={t`Reverse top-up`}
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
              { label: t`Kind`, value: i18n._(TOPUP_KIND_WORDS[target.kind]) },
              { label: t`For`, value: target.username },
              ...(target.plan_name ? [{ label: t`Plan`, value: target.plan_name }] : []),
              { label: t`Amount`, value: <Money value={target.amount} /> },
              { label: t`Back to`, value: t`${payer}’s fund wallet`, strong: true },
            ]}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
