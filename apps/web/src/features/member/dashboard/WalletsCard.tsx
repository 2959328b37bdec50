import type { Wallets } from '@app/contracts/users';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';

/** `history`: the transaction list of what fills the wallet, where one list says it. */
const WALLETS: Array<{ key: keyof Wallets['wallets']; title: string; caption: string; history?: string }> = [
  { key: 'fund', title: 'Fund wallet', caption: 'Buys plans and top-ups' },
  { key: 'earnings', title: 'Earnings', caption: 'Working income' },
  {
    key: 'roi',
    title: 'ROI',
    caption: 'Daily ROI claimed',
    history: '/user/transaction/roi_transaction/invest',
  },
  {
    key: 'principal',
    title: 'Principal',
    caption: 'Your plan purchases',
    history: '/user/transaction/topup_transaction',
  },
  {
    key: 'compound',
    title: 'Compound',
    caption: 'ROI put back to work',
    history: '/user/transaction/compound_transaction',
  },
];

/**
 * The member's wallets: what each can use now, and what pending withdrawals hold. Without the
 * wallets answer, the fund wallet still shows from the member record (business_balance).
 */
export function WalletsCard({ wallets, fund }: { wallets: Wallets | undefined; fund: number }) {
  const shown = wallets ? WALLETS : WALLETS.slice(0, 1);
  return (
    <Card
      title="Wallets"
      action={
        <div className="flex gap-3 text-sm font-medium">
          <Link to="/user/subscription" className="text-accent-text hover:underline">
            Buy a plan
          </Link>
          <Link to="/user/withdrawal" className="text-accent-text hover:underline">
            Withdraw
          </Link>
          <Link to="/transactions/all" className="text-accent-text hover:underline">
            Transactions
          </Link>
        </div>
      }
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-5 sm:grid-cols-3 lg:grid-cols-5">
        {shown.map((w) => {
          const held = wallets?.held[w.key] ?? 0;
          return (
            <div key={w.key} className="min-w-0">
              <dt className="text-sm text-muted">
                {w.history && wallets ? (
                  <Link
                    to={w.history}
                    className="underline decoration-dotted underline-offset-4 hover:text-accent-text"
                    title={`${w.title} history`}
                  >
                    {w.title}
                  </Link>
                ) : (
                  w.title
                )}
              </dt>
              <dd className="mt-1 text-lg font-semibold text-fg">
                <Money value={wallets ? wallets.wallets[w.key] : fund} testId={`wallet-${w.key}`} />
              </dd>
              <dd className="mt-0.5 text-xs text-muted">
                {held > 0 ? (
                  <>
                    <Money value={held} /> held by pending withdrawals
                  </>
                ) : (
                  w.caption
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </Card>
  );
}
