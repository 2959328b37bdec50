import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../api/client';
import { useSettings } from '../../../api/settings';
import { Banner } from '../../../components/ui/Banner';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { daysSince } from '../../../lib/money';
import { Notice } from '../money/Notices';
import { useMemberMoney } from '../money/useMemberMoney';
import { FeesCard } from './FeesCard';
import { WithdrawalForm } from './WithdrawalForm';
import { WithdrawalHistory } from './WithdrawalHistory';

export default function WithdrawalPage() {
  const { user, wallets } = useMemberMoney();
  const settings = useSettings('member');
  const me = user.data;
  const error = user.error ?? wallets.error ?? settings.error;
  const ready = me && wallets.data && settings.data;
  const closed = settings.data?.withdrawals_open === false;
  const { t } = useLingui();
  const email = me?.email;

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Withdrawal · EarnHub`}</title>
      <PageHeader
        title={t`Withdrawal`}
        description={t`Withdraw USDT to your BEP20 or TRC20 address. A request is paid once an admin approves it.`}
      />
      {me && !me.verify_at && (
        <Notice to={`/user/profile/${me.id}#verify`} action={t`Verify email`}>
          <Trans>
            Verify your email before withdrawing. We send a 6-digit code to <bdi dir="ltr">{email}</bdi>.
          </Trans>
        </Notice>
      )}
      {me && !me.bep20 && !me.trc20 && (
        <Notice to={`/user/profile/${me.id}`} action={t`Add an address`}>
          <Trans>Add a BEP20 or TRC20 address to your profile: withdrawals are paid there.</Trans>
        </Notice>
      )}
      {closed && (
        <Banner tone="error">
          <Trans>Withdrawals are closed at the moment. Please try again later.</Trans>
        </Banner>
      )}
      {error && <Banner tone="error">{errorMessage(error)}</Banner>}

      {ready ? (
        <div className="grid items-start gap-6 lg:grid-cols-[3fr_2fr]">
          <WithdrawalForm
            user={me}
            settings={settings.data}
            wallets={wallets.data.wallets}
            disabled={closed}
          />
          <FeesCard settings={settings.data} days={daysSince(me.activation_date)} />
        </div>
      ) : (
        !error && <PageSpinner label={t`Loading your wallets`} />
      )}

      <WithdrawalHistory />
    </div>
  );
}
