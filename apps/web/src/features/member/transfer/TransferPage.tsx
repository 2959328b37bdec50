import type { MemberTransfer } from '@app/contracts/transfers';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** What a transfer was, as the sender or the recipient reads it. */
function What({ t, me }: { t: MemberTransfer; me: number }) {
  if (t.kind === 'to_self') return <Trans>Earnings to fund wallet</Trans>;
  const to = t.to_username;
  const from = t.from_username;
  return t.from_user_id === me ? (
    <span>
      <Trans>
        Sent to <span className="font-medium">{to}</span>
      </Trans>
    </span>
  ) : (
    <span>
      <Trans>
        Received from <span className="font-medium">{from}</span>
      </Trans>
    </span>
  );
}

function columns(me: number, i18n: I18n): Array<Column<MemberTransfer>> {
  return [
    { key: 'date', header: i18n._(msg`Date`), cell: (t) => <When iso={t.created_at} stacked /> },
    { key: 'what', header: i18n._(msg`Transfer`), cell: (t) => <What t={t} me={me} /> },
    {
      key: 'amount',
      header: i18n._(msg`Amount`),
      className: 'text-end',
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
  const { t, i18n } = useLingui();
  const { id, user, wallets, fund } = useMemberMoney();
  const settings = useSettings('member');
  const [page, setPage] = useState(1);
  const list = useTransferList({ page, limit: LIMIT });
  const me = user.data;
  const earnings = wallets.data?.wallets.earnings ?? 0;
  const closed = settings.data?.transfers_open === false;
  const email = me?.email;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Transfers · EarnHub`}</title>
      <PageHeader
        title={t`Transfers`}
        description={t`Move your earnings into your fund wallet, or send money from your fund wallet to another member.`}
      />
      {me && !me.verify_at && (
        <Notice to={`/user/profile/${me.id}#verify`} action={t`Verify email`}>
          <Trans>
            Verify your email before transferring. We send a 6-digit code to <bdi dir="ltr">{email}</bdi>.
          </Trans>
        </Notice>
      )}
      {closed && (
        <Banner tone="error">
          <Trans>Transfers are closed at the moment. Please try again later.</Trans>
        </Banner>
      )}
      {(user.error || wallets.error) && (
        <Banner tone="error">{errorMessage(user.error ?? wallets.error)}</Banner>
      )}

      <WalletStrip
        figures={[
          {
            title: t`Fund wallet`,
            value: me ? fund : undefined,
            caption: t`Buys plans and top-ups`,
            testId: 'fund-balance',
          },
          {
            title: t`Earnings wallet`,
            value: wallets.data ? earnings : undefined,
            caption: t`Working income you can move or withdraw`,
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
        caption={t`Transfers you made or received`}
        query={list}
        rows={list.data?.alltransfer}
        columns={columns(id, i18n)}
        rowKey={(row) => row.id}
        empty={t`No transfers yet. Move your earnings to your fund wallet or send money to a member above.`}
        counted={(total) => plural(total, { one: '# transfer', other: '# transfers' })}
        onPage={setPage}
      />
    </div>
  );
}
