import type { Transaction } from '@app/contracts/transactions';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowDownLeft, ArrowLeftRight, ArrowUpRight } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { cn } from '../../lib/cn';
import { detailFact, ENTRY_STATUS_LABEL, entryCause, inSentence } from '../../lib/transaction-labels';
import { Badge } from '../ui/Badge';
import { Button } from '../ui/Button';
import { CopyButton } from '../ui/CopyButton';
import { Modal } from '../ui/Modal';
import { Money } from '../ui/Money';
import { SummaryList } from '../ui/SummaryList';
import { type Column, Table } from '../ui/Table';
import { When } from '../ui/When';
import { type TransactionWordsIn, useTransactionWords } from './transaction-words';

/** A credit or debit, signed and coloured: green money in, plain money out (and a move between own wallets). */
export function EntryAmount({ t }: { t: Transaction }) {
  const credit = t.transaction_type === 'credit' && !t.internal;
  return (
    <Money
      value={t.transaction_type === 'credit' ? t.amount : -t.amount}
      signed
      className={cn(
        'font-medium',
        credit ? 'text-green-700 dark:text-green-400' : 'text-fg',
        t.status === 'voided' && 'text-muted line-through',
      )}
    />
  );
}

export function EntryStatus({ t }: { t: Transaction }) {
  const words = useTransactionWords().status(t.status);
  return (
    <span title={words.hint}>
      <Badge tone={ENTRY_STATUS_LABEL[t.status].tone}>{words.text}</Badge>
    </span>
  );
}

/** What kind of entry, which way and which wallet (and whose, on admin lists across members). */
function EntryKind({ t, showMember }: { t: Transaction; showMember: boolean }) {
  const words = useTransactionWords();
  const source = words.source(t.source);
  const wallet = words.wallet(t.wallet);
  const Icon = t.internal ? ArrowLeftRight : t.transaction_type === 'credit' ? ArrowDownLeft : ArrowUpRight;
  const moneyIn = t.transaction_type === 'credit' && !t.internal;
  return (
    <span className="flex items-start gap-2">
      <Icon
        className={cn(
          'mt-0.5 size-4 shrink-0',
          moneyIn ? 'text-green-700 dark:text-green-400' : 'text-muted',
        )}
        aria-hidden="true"
      />
      <span className="flex flex-col">
        <span className="sr-only">{words.direction(t)}:</span>
        <span className="font-medium text-fg">{source}</span>
        <span className="text-xs text-muted">
          {t.transaction_type === 'credit' ? <Trans>to {wallet}</Trans> : <Trans>from {wallet}</Trans>}
          {showMember && ` · ${t.username}`}
        </span>
        {/* seen, not only heard: this one is not money in or out */}
        {t.internal && (
          <span aria-hidden="true" className="text-xs text-muted">
            {words.direction(t)}
          </span>
        )}
      </span>
    </span>
  );
}

function DetailsButton({ t, onOpen }: { t: Transaction; onOpen: (t: Transaction) => void }) {
  const { t: say } = useLingui();
  // a label inside a sentence: "referral income", "ROI income" (lib/transaction-labels.ts)
  const source = inSentence(useTransactionWords().source(t.source));
  const amount = t.amount;
  return (
    <Button
      size="sm"
      variant="ghost"
      onClick={() => onOpen(t)}
      aria-label={say`Details of the ${source} of ${amount} USDT`}
    >
      <Trans>Details</Trans>
    </Button>
  );
}

function columns(
  onOpen: (t: Transaction) => void,
  showMember: boolean,
  say: (descriptor: MessageDescriptor) => string,
  words: TransactionWordsIn,
): Array<Column<Transaction>> {
  return [
    { key: 'date', header: say(msg`Date`), cell: (t) => <When iso={t.created_at} stacked /> },
    {
      key: 'kind',
      header: say(msg`Kind`),
      cell: (t) => <EntryKind t={t} showMember={showMember} />,
    },
    {
      key: 'cause',
      header: say(msg`Cause`),
      className: 'max-w-80',
      cell: (t) => <span className="text-muted">{entryCause(t, undefined, words.cause)}</span>,
    },
    {
      key: 'amount',
      header: say(msg`Amount`),
      className: 'text-end',
      cell: (t) => <EntryAmount t={t} />,
    },
    { key: 'status', header: say(msg`Status`), cell: (t) => <EntryStatus t={t} /> },
    {
      key: 'open',
      header: (
        <span className="sr-only">
          <Trans>Details</Trans>
        </span>
      ),
      className: 'text-end',
      cell: (t) => <DetailsButton t={t} onOpen={onOpen} />,
    },
  ];
}

/** Everything the ledger recorded on one entry. */
function EntryDialog({
  t,
  onClose,
  explain,
}: {
  t: Transaction | null;
  onClose: () => void;
  explain?: ((t: Transaction) => ReactNode) | undefined;
}) {
  const { t: say } = useLingui();
  const words = useTransactionWords();
  const title = () => {
    if (!t) return '';
    const source = words.source(t.source);
    const direction = inSentence(words.direction(t));
    return say`${source} · ${direction}`;
  };
  return (
    <Modal
      open={t !== null}
      onClose={onClose}
      title={title()}
      description={t ? entryCause(t, undefined, words.cause) : undefined}
      className="max-w-lg"
    >
      {t && (
        <div className="mt-4 flex flex-col gap-3">
          <SummaryList
            rows={[
              { label: say`Amount`, value: <EntryAmount t={t} />, strong: true },
              { label: say`Status`, value: <EntryStatus t={t} /> },
              {
                label: t.transaction_type === 'credit' ? say`Credited to` : say`Debited from`,
                value: words.wallet(t.wallet),
              },
              { label: say`Date`, value: <When iso={t.created_at} /> },
              {
                label: say`Reference`,
                value: t.ref_type ? words.ref(t.ref_type, t.ref_id) : '—',
              },
              {
                label: say`Transaction id`,
                value: (
                  <span className="inline-flex items-center gap-1">
                    <span dir="ltr" className="font-mono text-xs break-all">
                      {t.transaction_id}
                    </span>
                    <CopyButton value={t.transaction_id} label={say`Transaction id`} />
                  </span>
                ),
              },
            ]}
          />
          {Object.keys(t.details).length > 0 && (
            <>
              <h3 className="text-sm font-semibold text-fg">
                <Trans>Recorded with it</Trans>
              </h3>
              <SummaryList
                rows={Object.entries(t.details).map(([key, value]) =>
                  detailFact(key, value, t.names, words.cause),
                )}
              />
            </>
          )}
          {explain?.(t)}
        </div>
      )}
    </Modal>
  );
}

/** An entry on a phone: kind and amount, the cause, then date, status and Details. */
function EntryCard({
  t,
  showMember,
  onOpen,
}: {
  t: Transaction;
  showMember: boolean;
  onOpen: (t: Transaction) => void;
}) {
  const words = useTransactionWords();
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <EntryKind t={t} showMember={showMember} />
        <EntryAmount t={t} />
      </div>
      <p className="mt-1.5 ps-6 text-sm text-muted">{entryCause(t, undefined, words.cause)}</p>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-2 gap-y-1 ps-6">
        <span className="text-xs text-muted">
          <When iso={t.created_at} />
        </span>
        <span className="ms-auto flex items-center gap-1">
          <EntryStatus t={t} />
          <DetailsButton t={t} onOpen={onOpen} />
        </span>
      </div>
    </>
  );
}

interface TransactionTableProps {
  rows: Transaction[] | undefined;
  loading: boolean;
  empty: ReactNode;
  caption: string;
  /** Admin lists across members name the member on each row. */
  showMember?: boolean;
  /** Shown at the end of an entry's dialog (the member's lists link an income to why it was paid). */
  explain?: (t: Transaction) => ReactNode;
  skeletonRows?: number;
}

/** Ledger entries: kind, cause, signed amount, status, with every recorded fact one click away. */
export function TransactionTable({
  rows,
  loading,
  empty,
  caption,
  showMember = false,
  skeletonRows,
  explain,
}: TransactionTableProps) {
  const [open, setOpen] = useState<Transaction | null>(null);
  const { i18n } = useLingui();
  const words = useTransactionWords();
  return (
    <>
      <Table
        caption={caption}
        columns={columns(setOpen, showMember, (d) => i18n._(d), words)}
        rows={rows}
        rowKey={(t) => `${t.transaction_id}:${t.transaction_type}`}
        loading={loading}
        empty={empty}
        skeletonRows={skeletonRows}
        minWidth="min-w-[760px]"
        card={(t) => <EntryCard t={t} showMember={showMember} onOpen={setOpen} />}
      />
      <EntryDialog t={open} onClose={() => setOpen(null)} explain={explain} />
    </>
  );
}
