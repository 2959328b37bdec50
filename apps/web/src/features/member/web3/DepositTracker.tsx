import { BSC_CHAIN_ID, type Web3Deposit } from '@app/contracts/web3';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircle2, ExternalLink } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../api/client';
import { useCheckWeb3Deposit, useSubmitWeb3Deposit } from '../../../api/web3';
import { Web3StatusBadge } from '../../../components/money/Web3DepositColumns';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Money } from '../../../components/ui/Money';
import { Spinner } from '../../../components/ui/Spinner';
import { explorerTxUrl, shortHex } from '../../../lib/web3-labels';

/** While the server has not seen the transaction mined yet, it is asked again this often, this long. */
const MINED_RETRY_MS = 3000;
const MINED_RETRIES = 40;
/** While confirmations arrive the deposit is looked at again this often. */
export const CONFIRMATION_POLL_MS = 5000;

const PENDING_KEY = 'earnhub.web3.pendingTx';
/** The hash just sent survives a reload of the page until the server has it. */
export const pendingTx = {
  get: () => sessionStorage.getItem(PENDING_KEY),
  set: (hash: string) => sessionStorage.setItem(PENDING_KEY, hash),
  clear: () => sessionStorage.removeItem(PENDING_KEY),
};

/**
 * After the transfer is sent: hands the hash to the server, which verifies it on chain; waits while
 * the transaction is not mined yet; then polls while confirmations arrive, until credited.
 */
export function DepositTracker({ hash, onDone }: { hash: string; onDone: () => void }) {
  const { t } = useLingui();
  const submit = useSubmitWeb3Deposit();
  const check = useCheckWeb3Deposit();
  const [deposits, setDeposits] = useState<Web3Deposit[] | null>(null);
  // every submission is an attempt; `notMined` counts the answers "not found on chain yet"
  const [attempt, setAttempt] = useState({ n: 0, delay: 0 });
  const [notMined, setNotMined] = useState(0);
  const notMinedCount = useRef(0);
  const started = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: one submission per hash and attempt
  useEffect(() => {
    const id = `${hash}:${attempt.n}`;
    if (started.current === id) return;
    started.current = id;
    const timer = setTimeout(
      () =>
        submit.mutate(
          { chain_id: BSC_CHAIN_ID, tx_hash: hash },
          {
            onSuccess: (res) => {
              pendingTx.clear();
              setDeposits(res.deposits);
            },
            onError: (error) => {
              if (!(error instanceof ApiError && error.status === 404)) return;
              notMinedCount.current += 1;
              setNotMined(notMinedCount.current);
              if (notMinedCount.current < MINED_RETRIES)
                setAttempt((a) => ({ n: a.n + 1, delay: MINED_RETRY_MS }));
            },
          },
        ),
      attempt.delay,
    );
    return () => clearTimeout(timer);
  }, [hash, attempt]);

  const retryNow = () => {
    notMinedCount.current = 0;
    setNotMined(0);
    setAttempt((a) => ({ n: a.n + 1, delay: 0 }));
  };

  const confirming = deposits?.filter((d) => d.status === 'confirming') ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: polls while something is confirming
  useEffect(() => {
    if (confirming.length === 0) return;
    const timer = setInterval(() => {
      for (const d of confirming)
        check.mutate(d.id, {
          onSuccess: (res) =>
            setDeposits((all) => all?.map((x) => (x.id === res.deposit.id ? res.deposit : x)) ?? null),
        });
    }, CONFIRMATION_POLL_MS);
    return () => clearInterval(timer);
  }, [confirming.map((d) => `${d.id}:${d.status}`).join()]);

  const url = explorerTxUrl(BSC_CHAIN_ID, hash);
  const short = shortHex(hash, 10, 8);
  const txLine = (
    <p className="flex flex-wrap items-center gap-1 text-sm text-muted">
      <Trans>
        Transaction{' '}
        <span dir="ltr" className="font-mono text-fg" title={hash}>
          {short}
        </span>
      </Trans>
      {url && (
        <a
          href={url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 text-accent-text hover:underline"
        >
          <Trans>on the explorer</Trans> <ExternalLink className="size-3.5" aria-hidden="true" />
        </a>
      )}
    </p>
  );

  const autoRetrying =
    submit.error instanceof ApiError && submit.error.status === 404 && notMined < MINED_RETRIES;
  const waiting = !deposits && (submit.isIdle || submit.isPending || autoRetrying);
  const total = deposits?.reduce((sum, d) => sum + d.amount, 0) ?? 0;
  const blocks = confirming[0]?.required_confirmations ?? 0;
  const seconds = CONFIRMATION_POLL_MS / 1000;

  return (
    <div className="flex flex-col gap-3" data-testid="deposit-tracker" aria-live="polite">
      {txLine}
      {waiting && (
        <p className="flex items-center gap-2 text-sm text-fg">
          <Spinner className="shrink-0" />{' '}
          {notMined
            ? t`Waiting for the transaction to be mined…`
            : t`Verifying the transfer on BNB Smart Chain…`}
        </p>
      )}
      {!deposits && submit.error && !waiting && (
        <>
          <Banner tone="error">{errorMessage(submit.error)}</Banner>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={retryNow}>
              <Trans>Check again</Trans>
            </Button>
            <Button variant="ghost" onClick={onDone}>
              <Trans>Close</Trans>
            </Button>
          </div>
        </>
      )}
      {deposits && confirming.length > 0 && (
        <div className="flex flex-col gap-2 rounded-lg border border-line p-3">
          <p className="flex items-start gap-2 text-sm text-fg">
            <Spinner className="mt-0.5 shrink-0" />
            <span>
              <Trans>
                Transfer of <Money value={total} /> found. Waiting for the network to confirm it.
              </Trans>
            </span>
          </p>
          {deposits.map((d) => (
            <span key={d.id} data-testid="deposit-status">
              <Web3StatusBadge deposit={d} />
            </span>
          ))}
          <p className="text-xs text-muted">
            <Trans>
              Credited automatically once {blocks} blocks confirm it; this page checks every {seconds} s. You
              may leave: it still arrives.
            </Trans>
          </p>
        </div>
      )}
      {deposits && confirming.length === 0 && (
        <div className="flex flex-col gap-3 rounded-lg border border-emerald-600/30 bg-emerald-50 p-3 dark:bg-emerald-500/10">
          <p
            className="flex items-start gap-2 font-medium text-emerald-800 dark:text-emerald-300"
            data-testid="deposit-credited"
          >
            <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              <Trans>
                Deposit credited: <Money value={total} /> is in your fund wallet.
              </Trans>
            </span>
          </p>
          <Button variant="secondary" className="self-start" onClick={onDone}>
            <Trans>Make another deposit</Trans>
          </Button>
        </div>
      )}
    </div>
  );
}
