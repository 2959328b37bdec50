import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, History, LifeBuoy, QrCode, Ticket, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePaymentsConfig } from '../../../api/payments';
import { useSettings } from '../../../api/settings';
import { useWeb3Config } from '../../../api/web3';
import { Badge } from '../../../components/ui/Badge';
import { buttonClass } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { PageHeader } from '../../../components/ui/PageHeader';
import { useMemberMoney } from '../money/useMemberMoney';

type State = { on: true; note?: string } | { on: false; why: string } | { pending: true };

interface Method {
  id: string;
  title: string;
  icon: ReactNode;
  what: string;
  to: string;
  action: string;
  state: State;
}

function StateBadge({ state }: { state: State }) {
  if ('pending' in state)
    return (
      <Badge>
        <Trans>Checking…</Trans>
      </Badge>
    );
  return state.on ? (
    <Badge tone="green">
      <Trans context="deposit method">Available</Trans>
    </Badge>
  ) : (
    <Badge tone="red">
      <Trans>Off</Trans>
    </Badge>
  );
}

function MethodCard({ m }: { m: Method }) {
  const { state } = m;
  const off = !('pending' in state) && !state.on;
  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          {m.icon}
          {m.title}
        </span>
      }
      action={<StateBadge state={state} />}
      className="flex flex-col"
    >
      <div className="flex flex-1 flex-col gap-3" data-testid={`deposit-method-${m.id}`}>
        <p className="text-sm text-muted">{m.what}</p>
        {'on' in state && state.on && state.note && (
          <p className="text-sm text-amber-900 dark:text-amber-200">{state.note}</p>
        )}
        {off && (
          <p className="text-sm text-fg" data-testid={`deposit-off-${m.id}`}>
            {state.why}
          </p>
        )}
        <div className="mt-auto pt-1">
          {off ? (
            <span
              className={buttonClass('secondary', 'md', 'pointer-events-none opacity-50')}
              aria-disabled="true"
            >
              {m.action}
            </span>
          ) : (
            <Link to={m.to} className={buttonClass('primary')}>
              {m.action} <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          )}
        </div>
      </div>
    </Card>
  );
}

/**
 * /user/deposit: the one way in to adding money. Every deposit method of the platform, whether it
 * is on, and when it is off, why (no payment provider, no wallet deposit address, deposits closed),
 * so nobody lands on a method's own page only to find it switched off.
 */
export default function DepositPage() {
  const { user, fund } = useMemberMoney();
  const payments = usePaymentsConfig('member');
  const web3 = useWeb3Config();
  const settings = useSettings('member');
  const closed = settings.data?.deposits_open === false;
  const { t } = useLingui();
  const balance = user.data ? <Money value={fund} testId="fund-balance" /> : '…';

  // the spec's English as the contracts write it (CLOSED_MESSAGES.deposits_open, PAYMENT.unavailable,
  // WALLET_DEPOSITS_OFF), in the member's language
  const gate = (pending: boolean, state: State): State =>
    closed
      ? { on: false, why: t`Deposits are closed at the moment. Please try again later.` }
      : pending
        ? { pending: true }
        : state;

  const mode = payments.data?.mode;
  const methods: Method[] = [
    {
      id: 'crypto',
      title: t`Crypto payment`,
      icon: <QrCode className="size-4" aria-hidden="true" />,
      what: t`Pay USDT on BNB Smart Chain (BEP20) through our payment provider: scan a QR code or copy the address, and the amount lands in your fund wallet once the payment finishes.`,
      to: '/user/scanner',
      action: t`Pay with crypto`,
      state: gate(
        payments.isPending,
        mode === 'off' || payments.isError
          ? {
              on: false,
              why: t`Crypto payments are unavailable: no payment provider is configured on this platform.`,
            }
          : mode === 'sandbox'
            ? {
                on: true,
                note: t`Test mode: payments are simulated by the sandbox provider. No real money moves.`,
              }
            : { on: true },
      ),
    },
    {
      id: 'wallet',
      title: t`Wallet deposit`,
      icon: <Wallet className="size-4" aria-hidden="true" />,
      what: t`Connect your own wallet (browser extension or WalletConnect) and send USDT to the platform address; the deposit is credited after its confirmations.`,
      to: '/user/web3-deposit',
      action: t`Deposit from a wallet`,
      state: gate(
        web3.isPending,
        web3.data?.deposit.address
          ? { on: true }
          : {
              on: false,
              why: t`Wallet deposits are not available at the moment: no deposit address is configured.`,
            },
      ),
    },
    {
      id: 'code',
      title: t`Activation code`,
      icon: <Ticket className="size-4" aria-hidden="true" />,
      what: t`Redeem an activation code you received: its amount is added to your fund wallet at once.`,
      to: '/user/deposit-history',
      action: t`Redeem a code`,
      state: gate(settings.isPending, { on: true }),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <title>{t`Deposit · EarnHub`}</title>
      <PageHeader
        title={t`Deposit`}
        description={t`Add money to your fund wallet. Choose a method: every method the platform offers is listed, with why one is off.`}
        actions={
          <Link to="/user/deposit-history" className={buttonClass('secondary')}>
            <History className="size-4" aria-hidden="true" /> <Trans>Deposit history</Trans>
          </Link>
        }
      />
      <p className="text-sm text-muted">
        <Trans>
          Fund wallet: <span className="font-semibold text-fg">{balance}</span>
        </Trans>
      </p>
      <div className="grid items-stretch gap-4 md:grid-cols-2 xl:grid-cols-3">
        {methods.map((m) => (
          <MethodCard key={m.id} m={m} />
        ))}
      </div>
      <p className="flex items-start gap-2 text-sm text-muted">
        <LifeBuoy className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <span>
          <Trans>
            Paid another way (a bank transfer, for instance)? The team records it for you and it shows in your{' '}
            <Link to="/user/deposit-history" className="font-medium text-accent-text hover:underline">
              deposit history
            </Link>
            ; ask through{' '}
            <Link to="/user/query/create" className="font-medium text-accent-text hover:underline">
              support
            </Link>
            .
          </Trans>
        </span>
      </p>
    </div>
  );
}
