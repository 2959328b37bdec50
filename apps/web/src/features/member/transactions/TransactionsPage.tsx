import { INCOME_KINDS } from '@app/contracts/incomes';
import { TRANSACTION_TEXT, type Transaction } from '@app/contracts/transactions';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight, FileQuestion, ListOrdered } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMember } from '../../../api/auth-store';
import { errorMessage } from '../../../api/client';
import { useTransactionTotals, useUserTransactions } from '../../../api/transactions';
import {
  TransactionFilters,
  type TransactionFilterValues,
} from '../../../components/money/TransactionFilters';
import { TransactionTable } from '../../../components/money/TransactionTable';
import { Banner } from '../../../components/ui/Banner';
import { Select } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { Pager, pageSizeOf } from '../../../components/ui/Pager';
import { formatCount } from '../../../lib/format';
import { micro, toWire } from '../../../lib/money';
import { ENTRY_STATUS, ENTRY_TYPE } from '../../../lib/transaction-labels';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { type ListDef, listChoices, resolveList } from './lists';

/** An income credited to the member opens its explanation on the Income Dashboard. */
function incomeLink(t: Transaction) {
  if (t.transaction_type !== 'credit' || !(INCOME_KINDS as readonly string[]).includes(t.source)) return null;
  return (
    <Link
      to={`/user/income?tab=details&transfer=${t.transaction_id}`}
      className="self-start text-sm font-medium text-accent-text hover:underline"
    >
      <Trans>Why was this paid?</Trans>
    </Link>
  );
}

/**
 * One screen for every transaction route of spec 2.1 (`/user/transaction/{table_name}`,
 * `.../{table_name}/{fit}`, `.../roi_transaction/invest`, `/transactions/{source}`): the route picks
 * the list (lists.ts), the filters in the address narrow it.
 */
export default function TransactionsPage() {
  const params = useParams();
  const { i18n } = useLingui();
  const list = resolveList(i18n, params);
  // A new list starts with fresh filters and paging.
  const key = `${params.table_name ?? ''}/${params.fit ?? ''}/${params.source ?? ''}`;
  if (!list) return <UnknownList />;
  return <TransactionList key={key} list={list} />;
}

function ListChooser({ value }: { value: string }) {
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  return (
    <Select
      label={t`List`}
      className="col-span-2 sm:col-span-1 lg:min-w-40 lg:flex-[1.3]"
      value={value}
      onChange={(e) => navigate(e.target.value)}
    >
      {listChoices(i18n).map((c) => (
        <option key={c.path} value={c.path}>
          {c.label}
        </option>
      ))}
    </Select>
  );
}

function Totals({ userId, list }: { userId: number; list: ListDef }) {
  const { t } = useLingui();
  const totals = useTransactionTotals(userId, 'member');
  const reason = totals.error ? errorMessage(totals.error, TRANSACTION_TEXT.userDetails) : '';
  const rows = totals.data?.totals.filter((r) => list.sources.includes(r.source)) ?? [];
  // Summed in micro-units, as on the server, so the figures are exact. A move between the member's
  // own wallets is both a credit and a debit of theirs: neither money in nor money out.
  const total = (pick: 'credits' | 'debits' | 'moved') => rows.reduce((acc, r) => acc + micro(r[pick]), 0n);
  const moved = total('moved');
  const count = rows.reduce((acc, r) => acc + r.count, 0);
  const figures = [
    {
      key: 'in',
      label: t`Money in`,
      icon: ArrowDownLeft,
      value: <Money value={toWire(total('credits') - moved)} testId="total-in" />,
    },
    {
      key: 'out',
      label: t`Money out`,
      icon: ArrowUpRight,
      value: <Money value={toWire(total('debits') - moved)} testId="total-out" />,
    },
    {
      key: 'moved',
      label: t`Moved between your wallets`,
      icon: ArrowLeftRight,
      value: <Money value={toWire(moved)} testId="total-moved" />,
    },
    {
      key: 'count',
      label: t`Entries`,
      icon: ListOrdered,
      value: <span data-testid="total-count">{formatCount(count)}</span>,
    },
  ];
  return (
    <section aria-label={t`Totals`} className="rounded-xl border border-line bg-surface shadow-sm">
      {totals.error ? (
        <p className="px-4 py-3 text-sm text-muted">
          <Trans>Totals unavailable: {reason}</Trans>
        </p>
      ) : (
        <dl className="grid divide-y divide-line lg:grid-cols-4 lg:divide-x lg:divide-y-0">
          {figures.map(({ key, label, icon: Icon, value }) => (
            <div
              key={key}
              className="flex items-center justify-between gap-3 px-4 py-3 lg:flex-col lg:items-start lg:gap-1 lg:p-4"
            >
              <dt className="flex items-center gap-2 text-sm text-muted">
                <Icon className="size-4" aria-hidden="true" /> {label}
              </dt>
              <dd className="text-lg font-semibold tabular-nums text-fg lg:text-2xl">
                {totals.isPending ? (
                  <span className="block h-7 w-28 animate-pulse rounded bg-subtle" />
                ) : (
                  value
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="border-t border-line px-4 py-2 text-xs text-muted">
        <Trans>
          Completed entries of this list, all time; pending and voided ones are not counted. A plan bought
          with your own fund, earnings moved to your fund wallet and compounding are moves, not money in or
          out.
        </Trans>
      </p>
    </section>
  );
}

function TransactionList({ list }: { list: ListDef }) {
  const { t } = useLingui();
  const member = useMember();
  const userId = member?.id ?? 0;
  const { params, page, update, oneOf } = useUrlFilters();
  const limit = pageSizeOf(params.get('limit'));
  const values: TransactionFilterValues = {
    type: oneOf('type', ENTRY_TYPE),
    status: oneOf('status', ENTRY_STATUS),
    kind: list.sources.length > 1 ? oneOf('kind', list.sources) : undefined,
    search: params.get('search') ?? '',
    limit,
  };
  const { fixed } = list;
  const scope = values.kind
    ? { source: values.kind }
    : fixed.table_name
      ? { table_name: fixed.table_name }
      : fixed.source
        ? { source: fixed.source }
        : {};
  const query = useUserTransactions(
    userId,
    {
      page,
      limit,
      ...scope,
      transaction_type: fixed.transaction_type ?? values.type,
      status: fixed.status ?? values.status,
      search: values.search || undefined,
    },
    'member',
  );
  const data = query.data;
  const filtered = Boolean(values.type || values.status || values.kind || values.search);

  return (
    <div className="flex flex-col gap-6">
      <title>{`${list.title} · EarnHub`}</title>
      <PageHeader title={list.title} description={list.description} />
      <Totals userId={userId} list={list} />

      <section aria-labelledby="entries" className="flex flex-col gap-3">
        <h2 id="entries" className="sr-only">
          <Trans>Entries</Trans>
        </h2>
        <TransactionFilters
          values={values}
          kinds={list.sources}
          hideType={Boolean(fixed.transaction_type)}
          hideStatus={Boolean(fixed.status)}
          leading={<ListChooser value={list.family} />}
          onChange={(changes) => update({ ...changes, page: 1 })}
        />
        {query.error && <Banner tone="error">{errorMessage(query.error, TRANSACTION_TEXT.user)}</Banner>}
        <TransactionTable
          caption={list.title}
          explain={incomeLink}
          rows={data?.transactions}
          loading={query.isPending}
          skeletonRows={Math.min(limit, 10)}
          empty={
            data && data.total > 0 ? (
              <>
                <Trans>This page is past the end of the list.</Trans>{' '}
                <button
                  type="button"
                  className="font-medium text-accent-text hover:underline"
                  onClick={() => update({ page: 1 })}
                >
                  <Trans>Go to the first page</Trans>
                </button>
              </>
            ) : filtered ? (
              t`No entry matches these filters. Clear them to see the whole list.`
            ) : (
              <>
                <Trans>
                  Nothing here yet. Entries appear as money moves: deposits, plan purchases, incomes,
                  transfers and withdrawals.
                </Trans>{' '}
                <Link to="/user/subscription" className="font-medium text-accent-text hover:underline">
                  <Trans>Buy a plan</Trans>
                </Link>
              </>
            )
          }
        />
        {data && data.total > 0 && (
          <Pager
            page={data.currentPage}
            totalPages={data.totalPages}
            total={data.total}
            fetching={query.isFetching}
            onPage={(p) => update({ page: p })}
            counted={(total) => plural(total, { one: '# entry', other: '# entries' })}
          />
        )}
      </section>
    </div>
  );
}

function UnknownList() {
  const params = useParams();
  const { t, i18n } = useLingui();
  const named = [params.table_name, params.fit, params.source].filter(Boolean).join('/');
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Unknown transaction list · EarnHub`}</title>
      <section className="flex flex-col items-center gap-4 rounded-xl border border-line bg-surface px-6 py-12 text-center shadow-sm">
        <FileQuestion className="size-10 text-muted" aria-hidden="true" />
        <div>
          <h1 className="text-xl font-semibold text-fg">
            <Trans>Unknown transaction list</Trans>
          </h1>
          <p className="mt-2 max-w-md text-sm text-muted">
            <Trans>
              There is no transaction list called{' '}
              <span className="font-mono text-fg break-all">“{named}”</span>. Pick one of your lists:
            </Trans>
          </p>
        </div>
        <ul className="flex max-w-2xl flex-wrap justify-center gap-2">
          {listChoices(i18n).map((c) => (
            <li key={c.path}>
              <Link
                to={c.path}
                className="inline-flex rounded-full border border-line px-3 py-1 text-sm font-medium text-fg hover:bg-subtle"
              >
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
