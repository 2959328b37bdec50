import type { IncomeDetail } from '@app/contracts/incomes';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { useIncomeWords } from './income-labels';
import { formatPercentNumber } from './percent';
import { incomeToast } from './toast';

const dash = <span className="text-muted">—</span>;
const usdt = (v: number | null) => (v === null ? dash : <Money value={v} />);

function TransferId({ id }: { id: string }) {
  const { t } = useLingui();
  const copy = async () => {
    if (await copyText(id)) incomeToast.success(t`Transfer id copied`);
    else incomeToast.error(t`Could not copy the transfer id`);
  };
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-xs break-all" data-testid="income-transfer-id">
        {id}
      </span>
      <Button variant="ghost" size="sm" className="px-2" onClick={copy} aria-label={t`Copy transfer id`}>
        <Copy className="size-4" aria-hidden="true" />
      </Button>
    </span>
  );
}

function Explanation({ income: i }: { income: IncomeDetail }) {
  const { t } = useLingui();
  const { cutReason, refText, walletLabel } = useIncomeWords();
  const cut = cutReason(i);
  const cause: SummaryRow[] = [
    { label: t`From member`, value: i.source_username ?? dash, testId: 'income-source' },
    { label: t`Level`, value: i.level ?? dash },
    { label: t`Base amount`, value: usdt(i.base_amount), testId: 'income-base' },
    {
      label: t`Percent`,
      value: i.percent === null ? dash : <bdi dir="ltr">{formatPercentNumber(i.percent)}</bdi>,
      testId: 'income-percent',
    },
    { label: t`Amount computed`, value: usdt(i.amount), testId: 'income-amount' },
  ];
  const limit: SummaryRow[] = i.capped_kind
    ? [
        { label: t`Earning limit then`, value: usdt(i.earning_limit), testId: 'income-limit' },
        { label: t`Total earnings before`, value: usdt(i.earned_before), testId: 'income-earned-before' },
        { label: t`Available before`, value: usdt(i.available_before) },
        { label: t`Cut by the limit`, value: usdt(i.cut), testId: 'income-cut' },
        { label: t`Total earnings after`, value: usdt(i.earned_after) },
      ]
    : [];
  const wallet = walletLabel(i.wallet);
  const ledger: SummaryRow[] = [
    {
      label: t`Paid to ${wallet}`,
      value: <Money value={i.paid} />,
      strong: true,
      testId: 'income-paid',
    },
    { label: t`Cause`, value: refText(i.ref_type, i.ref_id) },
    {
      label: t`Ledger transfer`,
      value: i.transfer ? <TransferId id={i.transfer.id} /> : t`None (nothing paid)`,
    },
    { label: t`Date`, value: <When iso={i.created_at} /> },
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
      <section aria-label={t`Cause`} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-fg">
          <Trans>Cause</Trans>
        </h3>
        <SummaryList rows={cause} />
      </section>
      {i.capped_kind ? (
        <section aria-label={t`Earning limit`} className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold text-fg">
            <Trans>Earning limit</Trans>
          </h3>
          <SummaryList rows={limit} />
        </section>
      ) : (
        <p className="text-xs text-muted">
          <Trans>CTO shares and bonuses are paid in full: the earning limit does not count them.</Trans>
        </p>
      )}
      <section aria-label={t`Payment`} className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold text-fg">
          <Trans>Payment</Trans>
        </h3>
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
  const { t } = useLingui();
  const { incomeLabel, incomeReason } = useIncomeWords();
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
      title={income ? `${incomeLabel(income)} · ${money(income.paid).text}` : t`Why was this paid?`}
      description={income ? incomeReason(income) : t`The cause of an income, and what the earning limit did.`}
      className="max-h-[90vh] max-w-lg overflow-y-auto"
    >
      {income ? (
        <Explanation income={income} />
      ) : query.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-400">
          {errorMessage(query.error)}
        </p>
      ) : (
        <PageSpinner label={t`Loading the explanation`} />
      )}
    </Modal>
  );
}
