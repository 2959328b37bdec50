import { WEB3_DEPOSIT_STATUS, type Web3DepositStatus } from '@app/contracts/web3';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useCheckWeb3Deposit, useWeb3Deposits } from '../../../api/web3';
import { web3DepositColumns } from '../../../components/money/Web3DepositColumns';
import { Banner } from '../../../components/ui/Banner';
import { Select } from '../../../components/ui/Input';
import { Pager } from '../../../components/ui/Pager';
import { Table } from '../../../components/ui/Table';

const LABEL: Record<Web3DepositStatus, MessageDescriptor> = {
  confirming: msg({ message: 'Confirming', context: 'wallet deposit' }),
  credited: msg({ message: 'Credited', context: 'wallet deposit' }),
};

/**
 * The "Wallet deposits" tab of /admin/deposits: every USDT (BEP20) transfer members sent from their
 * linked wallets, verified on chain; confirming ones can be looked at again at once.
 */
export function WalletDepositsTab() {
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(20);
  const [status, setStatus] = useState<Web3DepositStatus | undefined>();
  const list = useWeb3Deposits({ page, limit, status }, 'admin');
  const check = useCheckWeb3Deposit('admin');
  const data = list.data;
  const { t, i18n } = useLingui();

  return (
    <section aria-labelledby="wallet-deposits-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="wallet-deposits-heading" className="text-lg font-semibold text-fg">
            <Trans>Wallet deposits</Trans>
          </h2>
          <p className="text-sm text-muted">
            <Trans>
              Verified on BNB Smart Chain and credited once confirmed. Balances and addresses:{' '}
              <Link to="/admin/web3" className="text-accent-text hover:underline">
                Crypto wallet
              </Link>
              .
            </Trans>
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Select
            label={t`Status`}
            className="w-full sm:w-44"
            value={status ?? ''}
            onChange={(e) => {
              setStatus((e.target.value || undefined) as Web3DepositStatus | undefined);
              setPage(1);
            }}
          >
            <option value="">{t`All statuses`}</option>
            {WEB3_DEPOSIT_STATUS.map((s) => (
              <option key={s} value={s}>
                {i18n._(LABEL[s])}
              </option>
            ))}
          </Select>
          <Select
            label={t`Per page`}
            className="w-full sm:w-28"
            value={limit}
            onChange={(e) => {
              setLimit(Number(e.target.value));
              setPage(1);
            }}
          >
            {[10, 20, 50, 100].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Wallet deposits`}
        columns={web3DepositColumns({
          member: true,
          onCheck: (d) =>
            check.mutate(d.id, {
              onSuccess: (res) => toast.success(res.message),
              onError: (e) => toast.error(errorMessage(e)),
            }),
          checkingId: check.isPending ? check.variables : undefined,
        })}
        rows={data?.deposits}
        rowKey={(d) => d.id}
        loading={list.isPending}
        empty={
          status
            ? t`No wallet deposit with this status. Choose "All statuses" to see every one.`
            : t`No wallet deposits yet. They appear here when members send USDT from a linked wallet on /user/web3-deposit.`
        }
      />
      {data && data.total > 0 && (
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          total={data.total}
          fetching={list.isFetching}
          onPage={setPage}
          counted={(n) => plural(n, { one: '# deposit', other: '# deposits' })}
        />
      )}
    </section>
  );
}
