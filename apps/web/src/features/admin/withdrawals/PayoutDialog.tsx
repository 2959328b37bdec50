import type { Withdrawal } from '@app/contracts/withdrawals';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { errorMessage } from '../../../api/client';
import { usePayWithdrawals } from '../../../api/withdrawals';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Modal } from '../../../components/ui/Modal';
import { Money } from '../../../components/ui/Money';

interface Props {
  /** The withdrawals to pay, in this order; null = closed. */
  chosen: Withdrawal[] | null;
  onClose: () => void;
}

/** Asks before paying from the hot wallet, then says for each request: sent (with its hash) or why not. */
export function PayoutDialog({ chosen, onClose }: Props) {
  const { t } = useLingui();
  const pay = usePayWithdrawals();
  const close = () => {
    if (pay.isPending) return;
    pay.reset();
    onClose();
  };
  const total = (chosen ?? []).reduce((sum, w) => sum + w.net, 0);
  const results = pay.data?.results;
  const n = chosen?.length ?? 0;
  return (
    <Modal
      open={chosen !== null}
      onClose={close}
      title={
        !results
          ? plural(n, { one: 'Pay this withdrawal on chain?', other: 'Pay # withdrawals on chain?' })
          : results.every((r) => r.ok)
            ? t`Payouts sent`
            : results.some((r) => r.ok)
              ? t`Some payouts sent`
              : t`Nothing was paid`
      }
      description={
        results
          ? results.some((r) => r.ok)
            ? pay.data!.message
            : t`Each request below says why it was not sent.`
          : t`USDT (BEP20) leaves the hot wallet for each address below. Each request is marked paid once its transaction is confirmed.`
      }
      footer={
        results ? (
          <Button onClick={close}>
            <Trans>Done</Trans>
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={pay.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button busy={pay.isPending} onClick={() => chosen && pay.mutate(chosen.map((w) => w.id))}>
              <Trans>
                Pay <Money value={total} />
              </Trans>
            </Button>
          </>
        )
      }
    >
      {pay.error && <Banner tone="error">{errorMessage(pay.error)}</Banner>}
      <ul
        aria-label={t`Withdrawals to pay`}
        className="mt-4 flex max-h-80 flex-col gap-2 overflow-y-auto text-sm"
      >
        {(chosen ?? []).map((w) => {
          const result = results?.find((r) => r.id === w.id);
          const address = w.address;
          return (
            <li key={w.id} className="rounded-lg border border-line px-3 py-2">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                <span className="font-medium">
                  #{w.id} {w.username}
                </span>
                <Money value={w.net} className="font-semibold" />
              </div>
              <p className="truncate font-mono text-xs text-muted" title={w.address}>
                <Trans>to {address}</Trans>
              </p>
              {result && (
                <p
                  className={`mt-1 flex items-start gap-1.5 text-xs ${result.ok ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}`}
                >
                  {result.ok ? (
                    <CircleCheck className="size-4 shrink-0" aria-hidden />
                  ) : (
                    <CircleAlert className="size-4 shrink-0" aria-hidden />
                  )}
                  <span className="min-w-0 break-words">
                    {result.ok ? result.message : t`Not paid: ${result.message}`}
                    {result.tx_hash && <span className="block truncate font-mono">{result.tx_hash}</span>}
                  </span>
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
