import type { ReconcileDrift, ReconcileOrphan, ReconcileReportDto } from '@app/contracts/reconcile';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, RefreshCw, Scale } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useReconcileReport } from '../../../api/transactions';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { StatCard } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { cn } from '../../../lib/cn';
import { formatCount, formatDateTime } from '../../../lib/format';
import { micro, toWire } from '../../../lib/money';
import { sourceLabel, walletLabel } from '../../../lib/transaction-labels';

function Owner({ id, username }: { id: number | null; username: string | null }) {
  const { t } = useLingui();
  if (id === null)
    return (
      <span className="text-muted">
        <Trans>Platform</Trans>
      </span>
    );
  return (
    <Link to={`/admin/check/profile/${id}`} className="font-medium text-accent-text hover:underline">
      {username ?? t`member #${id}`}
    </Link>
  );
}

const accountKind = (kind: string) =>
  kind.startsWith('platform:') ? kind.slice('platform:'.length).replace(/_/g, ' ') : walletLabel(kind);

const diff = (a: number, b: number) => toWire(micro(a) - micro(b));

const DRIFT_COLUMNS: Array<Column<ReconcileDrift>> = [
  {
    key: 'account',
    header: <Trans>Account</Trans>,
    cell: (d) => (
      <span className="flex flex-col">
        <span className="font-medium text-fg">{accountKind(d.kind)}</span>
        <span className="text-xs text-muted">#{d.account_id}</span>
      </span>
    ),
  },
  {
    key: 'owner',
    header: <Trans>Owner</Trans>,
    cell: (d) => <Owner id={d.owner_user_id} username={d.username} />,
  },
  {
    key: 'balance',
    header: <Trans>Balance</Trans>,
    className: 'text-right',
    cell: (d) => <Money value={d.balance} />,
  },
  {
    key: 'expected',
    header: <Trans>From transfers</Trans>,
    className: 'text-right',
    cell: (d) => <Money value={d.expected} />,
  },
  {
    key: 'difference',
    header: <Trans>Difference</Trans>,
    className: 'text-right',
    cell: (d) => (
      <Money
        value={diff(d.balance, d.expected)}
        signed
        className="font-semibold text-red-700 dark:text-red-400"
      />
    ),
  },
  {
    key: 'pending',
    header: <Trans>Held / from pending</Trans>,
    className: 'text-right',
    cell: (d) => (
      <span
        className={cn(d.pending !== d.expected_pending && 'font-semibold text-red-700 dark:text-red-400')}
      >
        <Money value={d.pending} /> / <Money value={d.expected_pending} />
      </span>
    ),
  },
];

const ORPHAN_COLUMNS: Array<Column<ReconcileOrphan>> = [
  {
    key: 'transfer',
    header: <Trans>Transfer</Trans>,
    cell: (o) => (
      <span className="flex flex-col">
        <span className="font-medium text-fg">{o.kind ? sourceLabel(o.kind) : <Trans>Transfer</Trans>}</span>
        <span className="max-w-56 truncate font-mono text-xs text-muted" title={o.transfer_id}>
          {o.transfer_id}
        </span>
      </span>
    ),
  },
  {
    key: 'owner',
    header: <Trans>Held from</Trans>,
    cell: (o) => <Owner id={o.user_id} username={o.username} />,
  },
  {
    key: 'amount',
    header: <Trans>Amount</Trans>,
    className: 'text-right',
    cell: (o) => (o.amount === null ? '—' : <Money value={o.amount} />),
  },
  { key: 'since', header: <Trans>Since</Trans>, cell: (o) => <When iso={o.created_at} stacked /> },
  {
    key: 'reason',
    header: <Trans>Why it is orphaned</Trans>,
    cell: (o) => <span className="text-muted">{o.reason}</span>,
  },
];

/** The empty state of a problem table: nothing found is the good news. */
function AllClear({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-xl border border-line bg-surface px-4 py-4 text-sm text-muted shadow-sm">
      <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
      {children}
    </p>
  );
}

/** Seconds since the check started, while it runs. */
function useElapsed(running: boolean) {
  const [started, setStarted] = useState(0);
  const [now, setNow] = useState(0);
  useEffect(() => {
    if (!running) return;
    const start = Date.now();
    setStarted(start);
    setNow(start);
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [running]);
  return Math.max(0, (now - started) / 1000);
}

function Progress({ seconds }: { seconds: number }) {
  return (
    <div role="status" className="flex flex-col gap-2 rounded-xl border border-line bg-surface p-4 shadow-sm">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-fg">
          <Trans>Checking every account against its transfers…</Trans>
        </span>
        <span className="tabular-nums text-muted">{seconds.toFixed(1)} s</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-subtle" aria-hidden="true">
        <div className="h-full w-1/3 animate-[progress_1.2s_ease-in-out_infinite] rounded-full bg-accent" />
      </div>
    </div>
  );
}

function Verdict({ report }: { report: ReconcileReportDto }) {
  const { t } = useLingui();
  const orphans = report.orphaned_pending.length;
  const drifts = report.drift.length;
  const problems = [
    drifts > 0 &&
      plural(drifts, {
        one: '# account differs from its transfers',
        other: '# accounts differ from their transfers',
      }),
    report.total_balance !== 0 && t`the balances do not sum to zero`,
    orphans > 0 &&
      plural(orphans, { one: '# pending hold is orphaned', other: '# pending holds are orphaned' }),
  ].filter(Boolean);
  const list = problems.join('; ');
  const checkedAt = formatDateTime(report.checked_at);
  const duration = formatCount(report.duration_ms);
  const Icon = report.ok ? CircleCheck : CircleAlert;
  return (
    <section
      aria-label={t`Reconcile result`}
      data-testid="reconcile-verdict"
      className={cn(
        'flex items-start gap-4 rounded-xl border p-5 shadow-sm',
        report.ok
          ? 'border-green-600/30 bg-green-50 text-green-950 dark:bg-green-500/10 dark:text-green-100'
          : 'border-red-600/30 bg-red-50 text-red-950 dark:bg-red-500/10 dark:text-red-100',
      )}
    >
      <Icon className="mt-0.5 size-8 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        <p className="text-2xl font-semibold">{report.ok ? t`OK: no drift` : t`Drift found`}</p>
        <p className="mt-1 text-sm">
          {report.ok
            ? t`Every balance equals the sum of its transfers, all balances sum to zero and every hold belongs to a waiting request.`
            : t`${list}. Money figures shown to members may be wrong until this is fixed.`}
        </p>
        <p className="mt-2 text-xs opacity-80">
          <Trans>
            Checked {checkedAt} in {duration} ms
          </Trans>
        </p>
      </div>
    </section>
  );
}

/** The ledger's invariants checked on demand (same checks as `npm run reconcile`). */
export default function ReconcilePage() {
  const { t } = useLingui();
  const query = useReconcileReport();
  const running = query.isFetching;
  const seconds = useElapsed(running);
  const report = query.data;
  const totalMicro = report?.total_balance_micro;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Ledger reconcile · EarnHub admin`}</title>
      <PageHeader
        title={t`Ledger reconcile`}
        description={t`Checks that every account balance equals the sum of its posted transfers, that all balances sum to zero, and that no pending hold is orphaned.`}
        actions={
          <Button onClick={() => query.refetch()} busy={running}>
            {!running && <RefreshCw className="size-4" aria-hidden="true" />}
            {running ? t`Running…` : t`Run again`}
          </Button>
        }
      />

      {running && <Progress seconds={seconds} />}
      {query.error && !running && <Banner tone="error">{errorMessage(query.error)}</Banner>}

      {report && (
        <div className={cn('flex flex-col gap-6 transition-opacity', running && 'opacity-60')}>
          <Verdict report={report} />
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
            <StatCard
              title={t`Accounts`}
              value={<span data-testid="reconcile-accounts">{formatCount(report.accounts)}</span>}
              caption={t`Member wallets and platform accounts`}
            />
            <StatCard
              title={t`Transfers`}
              value={<span data-testid="reconcile-transfers">{formatCount(report.transfers)}</span>}
              caption={t`Posted, pending and voided`}
            />
            <div className="col-span-2 lg:col-span-1">
              <StatCard
                title={t`Sum of all balances`}
                icon={<Scale className="size-4" aria-hidden="true" />}
                value={
                  <Money
                    value={report.total_balance}
                    testId="reconcile-total"
                    className={cn(report.total_balance !== 0 && 'text-red-700 dark:text-red-400')}
                  />
                }
                caption={
                  report.total_balance === 0
                    ? t`Must be 0: platform accounts carry the other side`
                    : t`Must be 0; exactly ${totalMicro} micro-units`
                }
              />
            </div>
          </div>

          <section aria-labelledby="drift" className="flex flex-col gap-3">
            <h2 id="drift" className="text-lg font-semibold text-fg">
              <Trans>Drift</Trans>{' '}
              <span className="text-sm font-normal text-muted">({formatCount(report.drift.length)})</span>
            </h2>
            {report.drift.length === 0 ? (
              <AllClear>
                <Trans>No drift: every account's balance and hold equal the sum of its transfers.</Trans>
              </AllClear>
            ) : (
              <Table
                caption={t`Accounts whose balance or hold differs from their transfers`}
                columns={DRIFT_COLUMNS}
                rows={report.drift}
                rowKey={(d) => d.account_id}
                empty={null}
                minWidth="min-w-[720px]"
              />
            )}
          </section>

          <section aria-labelledby="orphans" className="flex flex-col gap-3">
            <h2 id="orphans" className="text-lg font-semibold text-fg">
              <Trans>Orphaned holds</Trans>{' '}
              <span className="text-sm font-normal text-muted">
                ({formatCount(report.orphaned_pending.length)})
              </span>
            </h2>
            {report.orphaned_pending.length === 0 ? (
              <AllClear>
                <Trans>
                  No orphaned holds: every pending transfer belongs to a request waiting for a decision.
                </Trans>
              </AllClear>
            ) : (
              <Table
                caption={t`Pending transfers that no waiting request owns`}
                columns={ORPHAN_COLUMNS}
                rows={report.orphaned_pending}
                rowKey={(o) => o.transfer_id}
                empty={null}
                minWidth="min-w-[720px]"
              />
            )}
          </section>
        </div>
      )}
    </div>
  );
}
