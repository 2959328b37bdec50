import { fromMicro } from '@app/contracts/money';
import { BSC_CHAIN_ID, txHash, WALLET_DEPOSITS_OFF, type Web3Config } from '@app/contracts/web3';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Send } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { erc20Abi } from 'viem';
import { useConnection, useSwitchChain, useWriteContract } from 'wagmi';
import { z } from 'zod';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Input } from '../../../components/ui/Input';
import { Money } from '../../../components/ui/Money';
import { SummaryList } from '../../../components/ui/SummaryList';
import { amountText, fromText } from '../../../lib/forms';
import { shortHex } from '../../../lib/web3-labels';
import { chainName } from './chain-name';
import { DepositTracker, pendingTx } from './DepositTracker';
import { useIsLinked } from './LinkCard';
import { walletErrorText, walletWords } from './wallet/errors';

const amountForm = z.object({ amount: amountText() });
const hashFormOf = (i18n: I18n) =>
  z.object({
    tx_hash: z.string().trim().min(1, i18n._(msg`Enter the transaction hash`)).pipe(fromText(txHash)),
  });
type HashForm = ReturnType<typeof hashFormOf>;

/** 18-decimal token units per micro-unit. */
const UNITS_PER_MICRO = 10n ** 12n;

export function SendCard({ config }: { config: Web3Config }) {
  const { t, i18n } = useLingui();
  const hashForm = useMemo(() => hashFormOf(i18n), [i18n]);
  const { address, chainId, status } = useConnection();
  const { linked } = useIsLinked();
  const switchChain = useSwitchChain();
  const write = useWriteContract();
  const [review, setReview] = useState<bigint | null>(null);
  const [tracking, setTracking] = useState<string | null>(() => pendingTx.get());
  const deposit = config.deposit;
  const onBsc = chainId === BSC_CHAIN_ID;
  const network = chainName(i18n, chainId);
  const ready = status === 'connected' && onBsc && linked && !!deposit.address;

  const form = useForm<z.input<typeof amountForm>, unknown, z.output<typeof amountForm>>({
    resolver: zodResolver(amountForm),
    defaultValues: { amount: '' },
  });
  const pasted = useForm<z.input<HashForm>, unknown, z.output<HashForm>>({
    resolver: zodResolver(hashForm),
    defaultValues: { tx_hash: '' },
  });

  const send = async () => {
    if (review === null) return;
    try {
      const hash = await write.mutateAsync({
        address: deposit.token_address as `0x${string}`,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [deposit.address as `0x${string}`, review * UNITS_PER_MICRO],
        chainId: BSC_CHAIN_ID,
      });
      pendingTx.set(hash);
      setReview(null);
      form.reset();
      setTracking(hash);
    } catch {
      // the wallet's refusal or failure is shown under the form (write.error)
      setReview(null);
    }
  };

  const done = () => {
    pendingTx.clear();
    setTracking(null);
    write.reset();
  };

  return (
    <Card
      title={
        <span className="flex items-center gap-2">
          <Send className="size-4 rtl:-scale-x-100" aria-hidden="true" /> <Trans>3. Send USDT</Trans>
        </span>
      }
    >
      {!deposit.address ? (
        <Banner tone="error">{walletWords(i18n, WALLET_DEPOSITS_OFF)}</Banner>
      ) : tracking ? (
        <DepositTracker hash={tracking} onDone={done} />
      ) : (
        <div className="flex flex-col gap-4">
          {status === 'connected' && !onBsc && (
            <div className="flex flex-col gap-2 rounded-lg border border-amber-500/40 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
              <p>
                <Trans>Deposits are made in USDT on BNB Smart Chain; your wallet is on {network}.</Trans>
              </p>
              <Button
                className="self-start"
                busy={switchChain.isPending}
                onClick={() => switchChain.mutate({ chainId: BSC_CHAIN_ID })}
              >
                <Trans>Switch to BNB Smart Chain</Trans>
              </Button>
              {switchChain.error && <Banner tone="error">{walletErrorText(i18n, switchChain.error)}</Banner>}
            </div>
          )}
          <form
            noValidate
            aria-label={t`Send USDT`}
            className="flex flex-col gap-3"
            onSubmit={form.handleSubmit(({ amount }) => {
              write.reset();
              setReview(amount);
            })}
          >
            <Input
              label={t`Amount (USDT)`}
              inputMode="decimal"
              autoComplete="off"
              hint={t`USDT (BEP20) on BNB Smart Chain, up to 6 decimals. The network fee is paid in BNB by your wallet.`}
              error={form.formState.errors.amount?.message}
              disabled={!ready}
              {...form.register('amount')}
            />
            <Button type="submit" disabled={!ready} className="self-start">
              <Trans>Review deposit</Trans>
            </Button>
            {!ready && status === 'connected' && onBsc && !linked && (
              <p className="text-sm text-muted">
                <Trans>Link this wallet above first.</Trans>
              </p>
            )}
            {status !== 'connected' && (
              <p className="text-sm text-muted">
                <Trans>Connect your wallet above first.</Trans>
              </p>
            )}
          </form>
          {write.error && <Banner tone="error">{walletErrorText(i18n, write.error)}</Banner>}

          <details className="rounded-lg border border-line p-3 text-sm">
            <summary className="cursor-pointer text-fg">
              <Trans>Already sent USDT from a linked wallet? Enter its transaction hash</Trans>
            </summary>
            <form
              noValidate
              aria-label={t`Submit a transaction hash`}
              className="mt-3 flex flex-col gap-3"
              onSubmit={pasted.handleSubmit(({ tx_hash }) => {
                pasted.reset();
                setTracking(tx_hash);
              })}
            >
              <Input
                label={t`Transaction hash`}
                autoComplete="off"
                placeholder="0x…"
                className="font-mono"
                error={pasted.formState.errors.tx_hash?.message}
                {...pasted.register('tx_hash')}
              />
              <Button type="submit" variant="secondary" className="self-start">
                <Trans>Verify transfer</Trans>
              </Button>
            </form>
          </details>
        </div>
      )}

      <ConfirmDialog
        open={review !== null}
        title={t`Send this deposit?`}
        description={t`Your wallet will ask you to approve the transfer. Check the network and the amount there too.`}
        confirmLabel={write.isPending ? t`Approve in your wallet…` : t`Send from my wallet`}
        busy={write.isPending}
        onConfirm={send}
        onCancel={() => setReview(null)}
      >
        {review !== null && (
          <SummaryList
            rows={[
              { label: t`Amount`, value: <Money value={fromMicro(review)} />, strong: true },
              { label: t`Network`, value: 'BNB Smart Chain (BEP20)' },
              {
                label: t`From (your wallet)`,
                value: (
                  <span dir="ltr" className="font-mono">
                    {shortHex(address ?? '', 8, 6)}
                  </span>
                ),
              },
              {
                label: t`To (platform)`,
                value: (
                  <span dir="ltr" className="font-mono">
                    {shortHex(deposit.address, 8, 6)}
                  </span>
                ),
              },
              {
                label: t({ message: 'Credited', context: 'wallet deposit' }),
                value: (
                  <Plural
                    value={deposit.confirmations}
                    one="after # confirmation, to your fund wallet"
                    other="after # confirmations, to your fund wallet"
                  />
                ),
              },
            ]}
          />
        )}
      </ConfirmDialog>
    </Card>
  );
}
