import type { MemberTransfer } from '@app/contracts/transfers';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { useSettings } from '../../../api/settings';
import { useTransferList } from '../../../api/transfers';
import { Banner } from '../../../components/ui/Banner';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import type { Column } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { HistorySection } from '../money/HistorySection';
import { Notice } from '../money/Notices';
import { useMemberMoney } from '../money/useMemberMoney';
import { WalletStrip } from '../money/WalletStrip';
import { ToFriendForm, ToFundForm } from './TransferForms';

const LIMIT = 10;

function columns(me: number): Array<Column<MemberTransfer>> {
  return [
    { key: 'date', header: 'Date', cell: (t) => <When iso={t.created_at} stacked /> },
    {
      key: 'what',
      header: 'Transfer',
      cell: (t) =>
        t.kind === 'to_self' ? (
          'Earnings to fund wallet'
        ) : t.from_user_id === me ? (
          <span>
            Sent to <span className="font-medium">{t.to_username}</span>
          </span>
        ) : (
          <span>
            Received from <span className="font-medium">{t.from_username}</span>
          </span>
        ),
    },
    {
      key: 'amount',
      header: 'Amount',
      className: 'text-right',
      cell: (t) =>
        t.kind === 'to_self' ? (
          <Money value={t.amount} />
        ) : (
          <Money
            value={t.from_user_id === me ? -t.amount : t.amount}
            signed
            className={t.from_user_id === me ? '' : 'text-green-700 dark:text-green-400'}
          />
        ),
    },
  ];
}

export default function TransferPage() {
  const { id, user, wallets, fund } = useMemberMoney();
  const settings = useSettings('member');
  const [page, setPage] = useState(1);
  const list = useTransferList({ page, limit: LIMIT });
  const me = user.data;
  const earnings = wallets.data?.wallets.earnings ?? 0;
  const closed = settings.data?.transfers_open === false;

  return (
    <div className="flex flex-col gap-6">
      <title>Transfers · EarnHub</title>
      <PageHeader
        title="Transfers"
        description="Move your earnings into your fund wallet, or send money from your fund wallet to another member."
      />
      {me && !me.verify_at && (
        <Notice to={`/user/profile/${me.id}#verify`} action="Verify email">
          Verify your email before transferring. We send a 6-digit code to {me.email}.
        </Notice>
      )}
      {closed && <Banner tone="error">Transfers are closed at the moment. Please try again later.</Banner>}
      {(user.error || wallets.error) && (
        <Banner tone="error">{errorMessage(user.error ?? wallets.error)}</Banner>
      )}

      <WalletStrip
        figures={[
          {
            title: 'Fund wallet',
            value: me ? fund : undefined,
            caption: 'Buys plans and top-ups',
            testId: 'fund-balance',
          },
          {
            title: 'Earnings wallet',
            value: wallets.data ? earnings : undefined,
            caption: 'Working income you can move or withdraw',
            testId: 'earnings-balance',
          },
        ]}
      />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <ToFundForm earnings={earnings} fund={fund} disabled={closed} />
        <ToFriendForm
          fund={fund}
          own={{ username: me?.username, code: me?.refferal_code }}
          disabled={closed}
        />
      </div>

      <HistorySection
        id="transfer-history"
        caption="Transfers you made or received"
        query={list}
        rows={list.data?.alltransfer}
        columns={columns(id)}
        rowKey={(t) => t.id}
        empty="No transfers yet. Move your earnings to your fund wallet or send money to a member above."
        noun={['transfer', 'transfers']}
        onPage={setPage}
      />
    </div>
  );
}
