import type { Web3Deposit } from '@app/contracts/web3';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { explorerTxUrl, shortHex } from '../../lib/web3-labels';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Money } from '../ui/Money';
import type { Column } from '../ui/Table';
import { When } from '../ui/When';

/** How a wallet deposit's status reads on every screen (in the member's language). */
export function Web3StatusBadge({
  deposit: d,
}: {
  deposit: Pick<Web3Deposit, 'status' | 'confirmations' | 'required_confirmations'>;
}) {
  const { t } = useLingui();
  if (d.status === 'credited')
    return <Badge tone="green">{t({ message: 'Credited', context: 'wallet deposit' })}</Badge>;
  const done = Math.min(d.confirmations, d.required_confirmations);
  const required = d.required_confirmations;
  return <Badge tone="blue">{t`Confirming ${done}/${required}`}</Badge>;
}

export function TxLink({ chainId, hash }: { chainId: number; hash: string }) {
  const url = explorerTxUrl(chainId, hash);
  const text = <span className="font-mono">{shortHex(hash, 8, 6)}</span>;
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      title={hash}
      dir="ltr"
      className="inline-flex items-center gap-1 text-accent-text hover:underline"
    >
      {text}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  ) : (
    <span dir="ltr" title={hash}>
      {text}
    </span>
  );
}

/**
 * The columns of every wallet-deposit list (member history, admin tab, admin web3 view). `onCheck`
 * adds a "Check now" button to confirming rows; `member` adds the member column (admin side).
 * Called while rendering: the headers (strings, they label a phone's cards) are in the active
 * language of the moment (the member's list re-renders with the language, useLingui).
 */
export function web3DepositColumns(opts: {
  member?: boolean;
  onCheck?: (d: Web3Deposit) => void;
  checkingId?: number | undefined;
}): Array<Column<Web3Deposit>> {
  const columns: Array<Column<Web3Deposit>> = [
    { key: 'date', header: i18n._(msg`Submitted`), cell: (d) => <When iso={d.created_at} stacked /> },
  ];
  if (opts.member)
    columns.push({
      key: 'member',
      header: i18n._(msg`Member`),
      cell: (d) => (
        <Link
          to={`/admin/check/profile/${d.user_id}`}
          className="font-medium text-accent-text hover:underline"
        >
          {d.username}
        </Link>
      ),
    });
  columns.push(
    {
      key: 'amount',
      header: i18n._(msg`Amount`),
      className: 'text-right',
      cell: (d) => <Money value={d.amount} />,
    },
    {
      key: 'from',
      header: i18n._(msg({ message: 'From', context: 'wallet deposit' })),
      cell: (d) => (
        <span dir="ltr" className="whitespace-nowrap font-mono text-muted" title={d.from_address}>
          {shortHex(d.from_address)}
        </span>
      ),
    },
    {
      key: 'tx',
      header: i18n._(msg`Transaction`),
      cell: (d) => <TxLink chainId={d.chain_id} hash={d.tx_hash} />,
    },
    {
      key: 'status',
      header: i18n._(msg`Status`),
      cell: (d) => {
        const id = d.id;
        return (
          <div className="flex flex-col items-start gap-1.5">
            <Web3StatusBadge deposit={d} />
            {d.status === 'credited' ? (
              <span className="text-xs text-muted">
                <When iso={d.credited_at} />
              </span>
            ) : (
              opts.onCheck && (
                <Button
                  size="sm"
                  variant="secondary"
                  busy={opts.checkingId === d.id}
                  onClick={() => opts.onCheck?.(d)}
                  aria-label={i18n._(msg`Check deposit ${id} now`)}
                >
                  <Trans>Check now</Trans>
                </Button>
              )
            )}
          </div>
        );
      },
    },
  );
  return columns;
}
