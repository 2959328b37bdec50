import type { Wallets } from '@app/contracts/users';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';

/** `history`: the transaction list of what fills the wallet, where one list says it. */
const WALLETS: Array<{
  key: keyof Wallets['wallets'];
  title: MessageDescriptor;
  caption: MessageDescriptor;
  history?: string;
}> = [
  { key: 'fund', title: msg`Fund wallet`, caption: msg`Buys plans and top-ups` },
  { key: 'earnings', title: msg`Earnings`, caption: msg`Working income` },
  {
    key: 'roi',
    title: msg`ROI`,
    caption: msg`Daily ROI claimed`,
    history: '/user/transaction/roi_transaction/invest',
  },
  {
    key: 'principal',
    title: msg`Principal`,
    caption: msg`Your plan purchases`,
    history: '/user/transaction/topup_transaction',
  },
  {
    key: 'compound',
    title: msg`Compound`,
    caption: msg`ROI put back to work`,
    history: '/user/transaction/compound_transaction',
  },
];

/**
 * The member's wallets: what each can use now, and what pending withdrawals hold. Without the
 * wallets answer, the fund wallet still shows from the member record (business_balance).
 */
export function WalletsCard({ wallets, fund }: { wallets: Wallets | undefined; fund: number }) {
  const shown = wallets ? WALLETS : WALLETS.slice(0, 1);
  const { t, i18n } = useLingui();
  return (
    <Card
      title={t`Wallets`}
      action={
        <div className="flex gap-3 text-sm font-medium">
          <Link to="/user/subscription" className="text-accent-text hover:underline">
            <Trans>Buy a plan</Trans>
          </Link>
          <Link to="/user/withdrawal" className="text-accent-text hover:underline">
            <Trans>Withdraw</Trans>
          </Link>
          <Link to="/transactions/all" className="text-accent-text hover:underline">
            <Trans>Transactions</Trans>
          </Link>
        </div>
      }
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3 lg:grid-cols-5">
        {shown.map((w) => {
          const held = wallets?.held[w.key] ?? 0;
          const title = i18n._(w.title);
          return (
            <div key={w.key} className="min-w-0">
              <dt className="text-sm text-muted">
                {w.history && wallets ? (
                  <Link
                    to={w.history}
                    className="underline decoration-dotted underline-offset-4 hover:text-accent-text"
                    title={t`${title} history`}
                  >
                    {title}
                  </Link>
                ) : (
                  title
                )}
              </dt>
              <dd className="mt-1 text-lg font-semibold text-fg">
                <Money value={wallets ? wallets.wallets[w.key] : fund} testId={`wallet-${w.key}`} />
              </dd>
              <dd className="mt-0.5 text-xs text-muted">
                {held > 0 ? (
                  <Trans>
                    <Money value={held} /> held by pending withdrawals
                  </Trans>
                ) : (
                  i18n._(w.caption)
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}
