import type { CtoPool, CtoQualifiedMember } from '@app/contracts/cto';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAdminMay } from '../../../api/admin-me';
import { errorMessage } from '../../../api/client';
import { useCtoOverview, useCtoPools, useDeleteCtoPool } from '../../../api/cto';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { DeleteDialog } from '../../../components/ui/DeleteDialog';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager } from '../../../components/ui/Pager';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { NewPoolDialog, PayPoolDialog } from './PoolDialogs';

const LIMIT = 10;
const STATUS = {
  open: { tone: 'amber', text: msg`Not paid` },
  paid: { tone: 'green', text: msg`Paid` },
  deleted: { tone: 'neutral', text: msg`Deleted` },
} as const;

/** `onPay` null: not finance (no Pay); `onDelete` null: not an owner (pools are the rules). */
function poolColumns(
  onPay: ((p: CtoPool) => void) | null,
  onDelete: ((p: CtoPool) => void) | null,
  i18n: I18n,
): Array<Column<CtoPool>> {
  return [
    {
      key: 'period',
      header: i18n._(msg`Month`),
      cell: (p) => <span className="font-medium whitespace-nowrap tabular-nums">{p.period}</span>,
    },
    {
      key: 'amount',
      header: i18n._(msg`Pool`),
      className: 'text-right',
      cell: (p) => <Money value={p.amount} />,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (p) => <Badge tone={STATUS[p.status].tone}>{i18n._(STATUS[p.status].text)}</Badge>,
    },
    {
      key: 'members',
      header: i18n._(msg`Members`),
      className: 'text-right tabular-nums',
      cell: (p) => p.members ?? '—',
    },
    {
      key: 'share',
      header: i18n._(msg`Each`),
      className: 'text-right',
      cell: (p) => (p.share === null ? '—' : <Money value={p.share} />),
    },
    {
      key: 'remainder',
      header: i18n._(msg`Not paid`),
      className: 'text-right',
      cell: (p) => (p.remainder === null ? '—' : <Money value={p.remainder} />),
    },
    { key: 'paid', header: i18n._(msg`Paid on`), cell: (p) => <When iso={p.paid_at} stacked /> },
    {
      key: 'actions',
      header: (
        <span className="sr-only">
          <Trans>Actions</Trans>
        </span>
      ),
      className: 'text-right',
      cell: (p) =>
        p.status === 'open' ? (
          <div className="flex justify-end gap-2">
            {onPay && (
              <Button size="sm" onClick={() => onPay(p)} aria-label={i18n._(msg`Pay CTO of ${p.period}`)}>
                <Trans>Pay</Trans>
              </Button>
            )}
            {onDelete && (
              <Button
                size="sm"
                variant="secondary"
                className="text-red-700 dark:text-red-400"
                onClick={() => onDelete(p)}
                aria-label={i18n._(msg`Delete CTO of ${p.period}`)}
              >
                <Trans>Delete</Trans>
              </Button>
            )}
          </div>
        ) : null,
    },
  ];
}

const qualifiedColumns = (i18n: I18n): Array<Column<CtoQualifiedMember>> => [
  {
    key: 'member',
    header: i18n._(msg`Member`),
    cell: (m) => (
      <Link to={`/admin/check/profile/${m.user_id}`} className="font-medium text-accent-text hover:underline">
        {m.username}
      </Link>
    ),
  },
  {
    key: 'plan',
    header: i18n._(msg`Own active plan`),
    className: 'text-right',
    cell: (m) => <Money value={m.active_plan} />,
  },
  {
    key: 'directs',
    header: i18n._(msg`Directs' business`),
    className: 'text-right',
    cell: (m) => <Money value={m.directs_business} />,
  },
];

/** Admin CTO: the monthly pools (create, pay once, delete while unpaid) and who qualifies now. */
export default function CtoPage() {
  const [page, setPage] = useState(1);
  const [qPage, setQPage] = useState(1);
  const pools = useCtoPools({ page, limit: LIMIT });
  const overview = useCtoOverview({ page: qPage, limit: LIMIT }, 'admin');
  const remove = useDeleteCtoPool();
  const [creating, setCreating] = useState(false);
  const [paying, setPaying] = useState<CtoPool | null>(null);
  const [deleting, setDeleting] = useState<CtoPool | null>(null);
  // pools are income rules (owners); paying one is finance's
  const mayChangePools = useAdminMay('owner');
  const mayPay = useAdminMay('finance');
  const rules = overview.data?.rules;
  const qualified = overview.data?.qualified;
  const { t, i18n } = useLingui();
  const deletingPeriod = deleting?.period ?? '';
  const qualifiedTotal = qualified?.total;
  // the thresholds of Settings, an ellipsis until they are known
  const minPlan = rules ? <Money value={rules.min_active_plan} /> : '…';
  const minBusiness = rules ? <Money value={rules.min_directs_business} /> : '…';

  return (
    <div className="flex flex-col gap-6">
      <title>{t`CTO · EarnHub admin`}</title>
      <PageHeader
        title={t`CTO`}
        description={
          <Trans>
            Company turnover share: a monthly pool shared equally by members whose own active plan is at least{' '}
            {minPlan} and whose directs' business is at least {minBusiness} (
            <Link to="/admin/settings" className="text-accent-text hover:underline">
              Settings
            </Link>
            ).
          </Trans>
        }
        actions={
          mayChangePools && (
            <Button onClick={() => setCreating(true)}>
              <Plus className="size-4" aria-hidden="true" /> <Trans>New pool</Trans>
            </Button>
          )
        }
      />
      {pools.error && <Banner tone="error">{errorMessage(pools.error)}</Banner>}
      <Table
        caption={t`CTO pools`}
        columns={poolColumns(mayPay ? setPaying : null, mayChangePools ? setDeleting : null, i18n)}
        rows={pools.data?.allcto}
        rowKey={(p) => p.id}
        loading={pools.isPending}
        skeletonRows={3}
        empty={t`No pools yet. Set this month's pool with New pool.`}
        minWidth="min-w-[720px]"
      />
      {pools.data && pools.data.total > LIMIT && (
        <Pager
          page={pools.data.currentPage}
          totalPages={pools.data.totalPages}
          total={pools.data.total}
          fetching={pools.isFetching}
          onPage={setPage}
          counted={(total) => plural(total, { one: '# pool', other: '# pools' })}
        />
      )}

      <section aria-labelledby="cto-qualified" className="flex flex-col gap-3">
        <h2 id="cto-qualified" className="text-lg font-semibold text-fg">
          {qualified ? t`Qualified now (${qualifiedTotal})` : t`Qualified now`}
        </h2>
        {overview.error && <Banner tone="error">{errorMessage(overview.error)}</Banner>}
        <Table
          caption={t`Members qualified for CTO now`}
          columns={qualifiedColumns(i18n)}
          rows={qualified?.data}
          rowKey={(m) => m.user_id}
          loading={overview.isPending}
          empty={t`Nobody qualifies now. Members qualify by their own active plan and their directs' business.`}
          minWidth="min-w-[480px]"
        />
        {qualified && qualified.total > LIMIT && (
          <Pager
            page={qualified.currentPage}
            totalPages={qualified.totalPages}
            total={qualified.total}
            fetching={overview.isFetching}
            onPage={setQPage}
          />
        )}
      </section>

      <NewPoolDialog
        open={creating}
        defaultPeriod={new Date().toISOString().slice(0, 7)}
        onClose={() => setCreating(false)}
      />
      <PayPoolDialog pool={paying} onClose={() => setPaying(null)} />
      <DeleteDialog
        target={deleting}
        title={t`Delete the CTO pool of ${deletingPeriod}?`}
        description={t`It was not paid: nothing moves. You can set a new pool for the month afterwards.`}
        remove={remove}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
