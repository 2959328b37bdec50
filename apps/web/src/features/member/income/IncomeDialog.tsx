import type { IncomeDetail } from '@app/contracts/incomes';
import { CircleAlert, Copy } from 'lucide-react';
import { useEffect } from 'react';
import { errorMessage } from '../../../api/client';
import { useIncome, useIncomeOfTransfer } from '../../../api/incomes';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';
import { PageSpinner } from '../../../components/ui/Spinner';
import { SummaryList, type SummaryRow } from '../../../components/ui/SummaryList';
import { When } from '../../../components/ui/When';
import { copyText } from '../../../lib/clipboard';
import { money } from '../../../lib/format';
import { formatPercent } from '../../../lib/money';
import { refText, walletLabel } from '../../../lib/transaction-labels';
import { cutReason, incomeLabel, incomeReason } from './income-labels';
import { incomeToast } from './toast';

const dash = <span className="text-muted">—</span>;
const usdt = (v: number | null) => (v === null ? dash : <Money value={v} />);

function TransferId({ id }: { id: string }) {
  const copy = async () => {
    if (await copyText(id)) incomeToast.success('Transfer id copied');
    else incomeToast.error('Could not copy the transfer id');
  };
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-xs break-all" data-testid="income-transfer-id">
        {id}
      </span>
      <Button variant="ghost" size="sm" className="px-2" onClick={copy} aria-label="Copy transfer id">
        <Copy className="size-4" aria-hidden="true" />
      </Button>
    </span>
  );
}

function Explanation({ income: i }: { income: IncomeDetail }) {
  const cut = cutReason(i);
  const cause: SummaryRow[] = [
    { label: 'From member', value: i.source_username ?? dash, testId: 'income-source' },
    { label: 'Level', value: i.level ?? dash },
    { label: 'Base amount', value: usdt(i.base_amount), testId: 'income-base' },
    {
      label: 'Percent',
      value: i.percent === null ? dash : formatPercent(i.percent),
      testId: 'income-percent',
    },
    { label: 'Amount computed', value: usdt(i.amount), testId: 'income-amount' },
  ];
  const limit: SummaryRow[] = i.capped_kind
    ? [
        { label: 'Earning limit then', value: usdt(i.earning_limit), testId: 'income-limit' },
        { label: 'Total earnings before', value: usdt(i.earned_before), testId: 'income-earned-before' },
        { label: 'Available before', value: usdt(i.available_before) },
        { label: 'Cut by the limit', value: usdt(i.cut), testId: 'income-cut' },
        { label: 'Total earnings after', value: usdt(i.earned_after) },
      ]
    : [];
  const ledger: SummaryRow[] = [
    {
      label: `Paid to ${walletLabel(i.wallet)}`,
      value: <Money value={i.paid} />,
      strong: true,
      testId: 'income-paid',
    },
    { label: 'Cause', value: refText(i.ref_type, i.ref_id) },
    {
      label: 'Ledger transfer',
      value: i.transfer ? <TransferId id={i.transfer.id} /> : 'None (nothing paid)',
    },
    { label: 'Date', value: <When iso={i.created_at} /> },
  ];
  return (
    <div className="mt-4 flex flex-col gap-4">
      {cut && (
        <p
          role="note"
          data-testid="income-cut-note"
          className="flex gap-2 rounded-lg border border-amber-600/30 bg-amber-50 px-3 py-2.5 text-sm text-amber-950 dark:bg-amber-500/10 dark:text-amber-100"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {cut}
        </p>
      )}
      <section aria-label="Cause" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-fg">Cause</h3>
        <SummaryList rows={cause} />
      </section>
      {i.capped_kind ? (
        <section aria-label="Earning limit" className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">Earning limit</h3>
          <SummaryList rows={limit} />
        </section>
      ) : (
        <p className="text-xs text-muted">
          CTO shares and bonuses are paid in full: the earning limit does not count them.
        </p>
      )}
      <section aria-label="Payment" className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-fg">Payment</h3>
        <SummaryList rows={ledger} />
      </section>
    </div>
  );
}

/** "Why was this paid?" for one income, opened by its id or by the ledger transfer that paid it. */
export function IncomeDialog({
  incomeId,
  transferId,
  onClose,
}: {
  incomeId: number | null;
  transferId?: string | null;
  onClose: () => void;
}) {
  const byId = useIncome(incomeId, 'member');
  const byTransfer = useIncomeOfTransfer(incomeId === null ? (transferId ?? null) : null, 'member');
  const query = incomeId !== null ? byId : byTransfer;
  const open = incomeId !== null || Boolean(transferId);
  const income = open ? query.data : undefined;

  useEffect(() => {
    if (open && query.error) incomeToast.error(errorMessage(query.error), 'income-dialog');
  }, [open, query.error]);

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={income ? `${incomeLabel(income)} · ${money(income.paid).text}` : 'Why was this paid?'}
      description={income ? incomeReason(income) : 'The cause of an income, and what the earning limit did.'}
      className="max-h-[90vh] max-w-lg overflow-y-auto"
    >
      {income ? (
        <Explanation income={income} />
      ) : query.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {errorMessage(query.error)}
        </p>
      ) : (
        <PageSpinner label="Loading the explanation" />
      )}
    </Modal>
  );
}
