import { fromMicro } from '@app/contracts/money';
import { currencyLabel, PAYMENT, type Payment, priceAmount } from '@app/contracts/payments';
import { zodResolver } from '@hookform/resolvers/zod';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useMember } from '../../../api/auth-store';
import { useCreatePayment, useMinAmount, usePayCurrencies } from '../../../api/payments';
import { PAYMENT_WORDS } from '../../../components/payments/payment-words';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input, Select } from '../../../components/ui/Input';
import { fromText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';
import { serverMessageOr } from './messages';

const currency = PAYMENT.priceCurrencyLabel;

function formSchema(min: number | undefined, i18n: I18n) {
  const least = min ?? 0;
  return z.object({
    price_amount: z
      .string()
      .trim()
      .min(1, i18n._(msg`Enter an amount`))
      .pipe(fromText(priceAmount))
      .refine(
        (micro) => min === undefined || fromMicro(micro) >= min,
        i18n._(msg`The amount must be at least ${least} ${currency}`),
      ),
    pay_currency: z.string().min(1, i18n._(msg`Choose a pay currency`)),
  });
}

/**
 * Spec 2.8 and 5, the payment form: price amount (required, numeric, step 0.01, at least the
 * provider's minimum), pay currency (only usdtbsc offered), price currency fixed to usd (shown as USDT).
 * Labelled in the member's words, not the provider's fields (issue 29.11): Amount to pay, Pay with,
 * Currency.
 */
export function PaymentForm({ onCreated }: { onCreated: (payment: Payment) => void }) {
  const { t, i18n } = useLingui();
  const member = useMember();
  const currencies = usePayCurrencies();
  const min = useMinAmount(PAYMENT.payCurrency, PAYMENT.payCurrency);
  const create = useCreatePayment();
  // spec 5: the list is filtered to the USDT BEP20 entry; a failed list is an empty one with an error
  const offered = (currencies.data?.currencies ?? []).filter((c) => c === PAYMENT.payCurrency);
  const minimum = min.data?.min_amount;
  const schema = useMemo(() => formSchema(minimum, i18n), [minimum, i18n]);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { price_amount: '', pay_currency: '' },
  });

  const first = offered[0];
  useEffect(() => {
    if (first && !getValues('pay_currency')) setValue('pay_currency', first);
  }, [first, getValues, setValue]);

  const onSubmit = handleSubmit((v) =>
    create.mutate(
      {
        price_amount: toWire(v.price_amount),
        price_currency: PAYMENT.priceCurrency,
        pay_currency: v.pay_currency,
        id: member?.id ?? 0,
      },
      { onSuccess: onCreated },
    ),
  );

  return (
    <Card title={t`New payment`}>
      <p className="-mt-2 mb-4 text-sm text-muted">
        <Trans>
          Choose how much to deposit. You then get an address and a QR code to pay with USDT (BEP20); your
          fund wallet is credited once the payment is finished.
        </Trans>
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Crypto payment`}>
        {create.isError && (
          <Banner tone="error">
            <strong className="block font-semibold">{i18n._(PAYMENT_WORDS.errorBanner)}</strong>
            {serverMessageOr(create.error, i18n._(PAYMENT_WORDS.createFailed))}
          </Banner>
        )}
        <Input
          label={t`Amount to pay`}
          type="number"
          inputMode="decimal"
          step="0.01"
          min={minimum}
          placeholder={t`e.g. 50`}
          autoComplete="off"
          error={errors.price_amount?.message}
          hint={
            minimum !== undefined
              ? t`At least ${minimum} ${currency}`
              : min.isError
                ? t`The provider’s minimum could not be read; it is checked when you pay.`
                : t`Reading the provider’s minimum…`
          }
          {...register('price_amount')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t`Pay with`}
            error={
              errors.pay_currency?.message ??
              (currencies.isError
                ? serverMessageOr(currencies.error, t`Failed to fetch currencies`)
                : undefined)
            }
            disabled={currencies.isPending}
            {...register('pay_currency')}
          >
            {currencies.isPending && <option value="">{t`Loading…`}</option>}
            {!currencies.isPending && offered.length === 0 && (
              <option value="">{t`No currency available`}</option>
            )}
            {offered.map((c) => (
              <option key={c} value={c}>
                {currencyLabel(c)}
              </option>
            ))}
          </Select>
          <Input label={t`Currency`} value={PAYMENT.priceCurrencyLabel} readOnly disabled />
        </div>
        <div>
          <Button type="submit" busy={create.isPending} disabled={offered.length === 0}>
            <Trans>Create Payment</Trans>
          </Button>
        </div>
      </form>
    </Card>
  );
}
