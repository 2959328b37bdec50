import { TRANSACTION_TEXT } from '@app/contracts/transactions';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useUserTransactions } from '../../../api/transactions';
import { useWallets } from '../../../api/users';
import {
  TransactionFilters,
  type TransactionFilterValues,
} from '../../../components/money/TransactionFilters';
import { TransactionTable } from '../../../components/money/TransactionTable';
import { Banner } from '../../../components/ui/Banner';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { Pager } from '../../../components/ui/Pager';
import { WALLET_LABEL, type Wallet } from '../../../lib/money-labels';
import { MEMBER_SOURCES } from '../../../lib/transaction-labels';

const WALLETS = Object.keys(WALLET_LABEL) as Wallet[];

/** What each wallet of the member holds now (available), and what pending withdrawals hold on it. */
function WalletBalances({ userId }: { userId: number }) {
  const wallets = useWallets(userId, 'admin');
  if (wallets.error) return <Banner tone="error">{errorMessage(wallets.error)}</Banner>;
  return (
    <dl
      className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3 lg:grid-cols-5"
      aria-busy={wallets.isPending}
    >
      {WALLETS.map((w) => {
        const held = wallets.data?.held[w] ?? 0;
        return (
          <div key={w} className="min-w-0 rounded-lg border border-line bg-subtle/40 p-3">
            <dt className="text-sm text-muted">{WALLET_LABEL[w]}</dt>
            <dd className="mt-1 text-lg font-semibold text-fg">
              {wallets.data ? (
                <Money value={wallets.data.wallets[w]} testId={`ledger-wallet-${w}`} />
              ) : (
                <span className="block h-6 w-24 animate-pulse rounded bg-subtle" />
              )}
            </dd>
            <dd className="mt-0.5 text-xs text-muted">
              {held > 0 ? (
                <Trans>
                  <Money value={held} /> held
                </Trans>
              ) : (
                <Trans>Available</Trans>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** A member's ledger on their profile: wallet balances and every entry, filtered and paged. */
export function MemberLedger({ userId }: { userId: number }) {
  const [page, setPage] = useState(1);
  const [values, setValues] = useState<TransactionFilterValues>({ search: '', limit: 10 });
  const list = useUserTransactions(
    userId,
    {
      page,
      limit: values.limit,
      source: values.kind,
      transaction_type: values.type,
      status: values.status,
      search: values.search || undefined,
    },
    'admin',
  );
  const data = list.data;
  const filtered = Boolean(values.kind || values.type || values.status || values.search);
  const { t } = useLingui();

  return (
    <Card
      title={t`Ledger`}
      action={
        <Link to="/admin/reconcile" className="text-sm font-medium text-accent-text hover:underline">
          <Trans>Reconcile report</Trans>
        </Link>
      }
    >
      <div className="flex flex-col gap-5">
        <section aria-label={t`Wallet balances`}>
          <WalletBalances userId={userId} />
        </section>
        <section aria-label={t`Ledger entries`} className="flex flex-col gap-3">
          <TransactionFilters
            values={values}
            kinds={MEMBER_SOURCES}
            onChange={(changes) => {
              setValues((v) => ({ ...v, ...changes }));
              setPage(1);
            }}
          />
          {list.error && <Banner tone="error">{errorMessage(list.error, TRANSACTION_TEXT.user)}</Banner>}
          <TransactionTable
            caption={t`Ledger entries of this member`}
            rows={data?.transactions}
            loading={list.isPending}
            empty={
              filtered
                ? t`No entry matches these filters. Clear them to see every entry.`
                : t`No ledger entries yet: this member has had no deposit, purchase, income or withdrawal.`
            }
          />
          {data && data.total > 0 && (
            <Pager
              page={data.currentPage}
              totalPages={data.totalPages}
              total={data.total}
              fetching={list.isFetching}
              onPage={setPage}
              counted={(count) => plural(count, { one: '# entry', other: '# entries' })}
            />
          )}
        </section>
      </div>
    </Card>
  );
}
