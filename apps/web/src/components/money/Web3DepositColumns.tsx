import type { Web3Deposit } from '@app/contracts/web3';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { explorerTxUrl, shortHex, web3StatusLabel } from '../../lib/web3-labels';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Money } from '../ui/Money';
import type { Column } from '../ui/Table';
import { When } from '../ui/When';

export function TxLink({ chainId, hash }: { chainId: number; hash: string }) {
  const url = explorerTxUrl(chainId, hash);
  const text = <span className="font-mono">{shortHex(hash, 8, 6)}</span>;
  return url ? (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      title={hash}
      className="inline-flex items-center gap-1 text-accent-text hover:underline"
    >
      {text}
      <ExternalLink className="size-3.5" aria-hidden="true" />
    </a>
  ) : (
    <span title={hash}>{text}</span>
  );
}

/**
 * The columns of every wallet-deposit list (member history, admin tab, admin web3 view). `onCheck`
 * adds a "Check now" button to confirming rows; `member` adds the member column (admin side).
 */
export function web3DepositColumns(opts: {
  member?: boolean;
  onCheck?: (d: Web3Deposit) => void;
  checkingId?: number | undefined;
}): Array<Column<Web3Deposit>> {
  const columns: Array<Column<Web3Deposit>> = [
    { key: 'date', header: 'Submitted', cell: (d) => <When iso={d.created_at} stacked /> },
  ];
  if (opts.member)
    columns.push({
      key: 'member',
      header: 'Member',
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
    { key: 'amount', header: 'Amount', className: 'text-right', cell: (d) => <Money value={d.amount} /> },
    {
      key: 'from',
      header: 'From',
      cell: (d) => (
        <span className="whitespace-nowrap font-mono text-muted" title={d.from_address}>
          {shortHex(d.from_address)}
        </span>
      ),
    },
    { key: 'tx', header: 'Transaction', cell: (d) => <TxLink chainId={d.chain_id} hash={d.tx_hash} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (d) => {
        const label = web3StatusLabel(d);
        return (
          <div className="flex flex-col items-start gap-1.5">
            <Badge tone={label.tone}>{label.text}</Badge>
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
                  aria-label={`Check deposit ${d.id} now`}
                >
                  Check now
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
