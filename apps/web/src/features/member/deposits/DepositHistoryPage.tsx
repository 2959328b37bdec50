import { DEPOSIT_FALLBACK, type DepositHistoryItem } from '@app/contracts/deposits';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { errorMessage } from '../../../api/client';
import { useDepositHistory } from '../../../api/deposits';
import { Badge } from '../../../components/ui/Badge';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';
import { DEPOSIT_HISTORY_LABEL } from '../../../lib/money-labels';
import { useMemberMoney } from '../money/useMemberMoney';
import { RedeemCodeCard } from './RedeemCodeCard';

const LIMIT = 10;

/** lib/money-labels.ts's words (English, the back-office's) in the member's language. */
const CHANNEL = {
  admin: msg`Recorded by an admin`,
  crypto: msg`Crypto payment`,
  wallet: msg`Wallet deposit`,
  code: msg`Activation code`,
} as const;
const STATUS = {
  pending: msg({ message: 'Pending', context: 'deposit' }),
  credited: msg({ message: 'Credited', context: 'deposit' }),
  review: msg({ message: 'Under review', context: 'deposit' }),
  rejected: msg({ message: 'Rejected', context: 'deposit' }),
  failed: msg({ message: 'Failed', context: 'deposit' }),
  expired: msg({ message: 'Expired', context: 'deposit' }),
  refunded: msg({ message: 'Refunded', context: 'deposit' }),
} as const;

const columns = (i18n: I18n): Array<Column<DepositHistoryItem>> => [
  { key: 'date', header: i18n._(msg`Date`), cell: (d) => <When iso={d.created_at} stacked /> },
  { key: 'channel', header: i18n._(msg`Channel`), cell: (d) => i18n._(CHANNEL[d.channel]) },
  {
    key: 'amount',
    header: i18n._(msg`Amount`),
    className: 'text-end',
    cell: (d) => <Money value={d.amount} />,
  },
  {
    key: 'status',
    header: i18n._(msg`Status`),
    cell: (d) => <Badge tone={DEPOSIT_HISTORY_LABEL[d.status].tone}>{i18n._(STATUS[d.status])}</Badge>,
  },
  {
    key: 'credited',
    header: i18n._(msg({ message: 'Credited', context: 'deposit' })),
    cell: (d) => <When iso={d.credited_at} stacked />,
  },
  {
    key: 'detail',
    header: i18n._(msg`Details`),
    cell: (d) =>
      d.channel === 'crypto' && d.ref ? (
        <Link className="text-accent-text underline" to={`/user/payment/${d.ref}`}>
          {d.detail}
        </Link>
      ) : (
        <span className="text-muted">{d.detail || '—'}</span>
      ),
  },
];

/**
 * Every way money came in (GET /deposite/history): a deposit an admin recorded, a crypto payment, a
 * wallet deposit, a code redeemed. Newest first; "Show older" pages back with the server's cursor.
 */
export default function DepositHistoryPage() {
  const { user, fund } = useMemberMoney();
  const history = useDepositHistory(LIMIT);
  const rows = history.data?.pages.flatMap((p) => p.deposits);
  const { t, i18n } = useLingui();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Deposit history · EarnHub`}</title>
      <PageHeader
        title={t`Deposit history`}
        description={t`Every way money came into your fund wallet: crypto payments, wallet deposits, deposits an admin recorded and codes you redeemed.`}
      />

      <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
        <RedeemCodeCard />
        <Card title={t`Fund wallet`}>
          <p className="text-3xl font-semibold text-fg">
            {user.data ? <Money value={fund} testId="fund-balance" /> : '…'}
          </p>
          <p className="mt-2 text-sm text-muted">
            <Trans>Deposits, codes and transfers you receive land here.</Trans>
          </p>
        </Card>
      </div>

      <section aria-labelledby="deposit-list" className="flex flex-col gap-3">
        <h2 id="deposit-list" className="text-lg font-semibold text-fg">
          <Trans>Deposits</Trans>
        </h2>
        {history.error && <Banner tone="error">{errorMessage(history.error, DEPOSIT_FALLBACK)}</Banner>}
        <Table
          caption={t`Your deposits`}
          columns={columns(i18n)}
          rows={rows}
          rowKey={(d) => d.key}
          loading={history.isPending}
          minWidth="min-w-[760px]"
          empty={
            <Trans>
              No deposits yet.{' '}
              <Link to="/user/deposit" className="text-accent-text underline">
                Deposit
              </Link>{' '}
              by crypto or from your wallet, or redeem a code above.
            </Trans>
          }
        />
        {history.hasNextPage && (
          <div className="flex justify-center">
            <Button
              variant="secondary"
              busy={history.isFetchingNextPage}
              onClick={() => history.fetchNextPage()}
            >
              <Trans>Show older deposits</Trans>
            </Button>
          </div>
        )}
      </section>
    </div>
  );
}
