import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessage } from '../../../api/client';
import { useWeb3Config } from '../../../api/web3';
import { Banner } from '../../../components/ui/Banner';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { useMemberMoney } from '../money/useMemberMoney';
import { ConnectCard } from './ConnectCard';
import { LinkCard } from './LinkCard';
import { SendCard } from './SendCard';
import { WalletDepositHistory } from './WalletDepositHistory';
import { WalletProvider } from './wallet/WalletProvider';

/**
 * /user/web3-deposit: connect a wallet, switch to BNB Smart Chain, link the address by signing,
 * send USDT (BEP20) to the platform address; the server verifies it on chain and credits the fund
 * wallet once confirmed. The wallet libraries load with this page only.
 */
export default function Web3DepositPage() {
  const { t } = useLingui();
  const config = useWeb3Config();
  const { user, fund } = useMemberMoney();

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Crypto deposit · EarnHub`}</title>
      <PageHeader
        title={t`Crypto deposit`}
        description={t`Send USDT (BEP20) from your own wallet on BNB Smart Chain. It is verified on chain and credited to your fund wallet once confirmed.`}
      />
      {config.isPending ? (
        <PageSpinner label={t`Loading wallet`} />
      ) : config.error ? (
        <Banner tone="error">{errorMessage(config.error)}</Banner>
      ) : (
        <WalletProvider walletConnectProjectId={config.data.walletconnect_project_id}>
          <div className="grid items-start gap-6 lg:grid-cols-2">
            <div className="flex flex-col gap-6">
              <ConnectCard />
              <LinkCard />
            </div>
            <div className="flex flex-col gap-6">
              <SendCard config={config.data} />
              <Card title={t`Fund wallet`}>
                <p className="text-3xl font-semibold text-fg">
                  {user.data ? <Money value={fund} testId="fund-balance" /> : '…'}
                </p>
                <p className="mt-2 text-sm text-muted">
                  <Trans>Verified wallet deposits land here.</Trans>
                </p>
              </Card>
            </div>
          </div>
        </WalletProvider>
      )}
      <WalletDepositHistory />
    </div>
  );
}
