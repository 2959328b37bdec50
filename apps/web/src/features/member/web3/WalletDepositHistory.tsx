import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '../../../api/client';
import { useCheckWeb3Deposit, useWeb3Deposits } from '../../../api/web3';
import { web3DepositColumns } from '../../../components/money/Web3DepositColumns';
import { Banner } from '../../../components/ui/Banner';
import { Pager } from '../../../components/ui/Pager';
import { Table } from '../../../components/ui/Table';
import { serverText } from '../../../i18n/errors/server-texts';
import { CONFIRMATION_POLL_MS } from './DepositTracker';

const LIMIT = 10;

/** The member's wallet deposits; refreshed while one of them is still confirming. */
export function WalletDepositHistory() {
  const { t } = useLingui();
  const [page, setPage] = useState(1);
  const [refresh, setRefresh] = useState<number | false>(false);
  const list = useWeb3Deposits({ page, limit: LIMIT }, 'member', refresh);
  const check = useCheckWeb3Deposit();
  const confirming = !!list.data?.deposits.some((d) => d.status === 'confirming');
  if ((refresh !== false) !== confirming) setRefresh(confirming ? CONFIRMATION_POLL_MS : false);

  return (
    <section aria-labelledby="wallet-deposits" className="flex flex-col gap-3">
      <h2 id="wallet-deposits" className="text-lg font-semibold text-fg">
        <Trans>Wallet deposits</Trans>
      </h2>
      {list.error && <Banner tone="error">{errorMessage(list.error)}</Banner>}
      <Table
        caption={t`Your wallet deposits`}
        columns={web3DepositColumns({
          onCheck: (d) =>
            check.mutate(d.id, {
              onSuccess: (res) => toast.success(serverText(res.message)),
              onError: (e) => toast.error(errorMessage(e)),
            }),
          checkingId: check.isPending ? check.variables : undefined,
        })}
        rows={list.data?.deposits}
        rowKey={(d) => d.id}
        loading={list.isPending}
        empty={t`No wallet deposits yet. Connect your wallet above and send USDT (BEP20): it appears here as soon as it is verified.`}
      />
      {list.data && list.data.total > 0 && (
        <Pager
          page={list.data.page}
          totalPages={list.data.totalPages}
          total={list.data.total}
          fetching={list.isFetching}
          onPage={setPage}
          counted={(total) => plural(total, { one: '# deposit', other: '# deposits' })}
        />
      )}
    </section>
  );
}
