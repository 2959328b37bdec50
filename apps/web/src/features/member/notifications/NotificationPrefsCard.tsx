import { moneyInput } from '@app/contracts/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useNotificationPrefs, useSaveNotificationPrefs } from '../../../api/notification-prefs';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Input';
import { Spinner } from '../../../components/ui/Spinner';
import { directionOf } from '../../../i18n/locales';
import { money } from '../../../lib/format';
import { fromText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

/**
 * The member's own minimum for income notifications (issue 29.6): deposits, transfers, withdrawals
 * and support replies are always told; incomes from this amount, the platform's unless they chose.
 */
export function NotificationPrefsCard() {
  const { t, i18n } = useLingui();
  // the contract's amount (0 allowed: every income), typed into a text box
  const form = useMemo(
    () =>
      z.object({
        minimum: z.string().trim().min(1, t`Enter an amount, 0 for every income`).pipe(fromText(moneyInput)),
      }),
    [t],
  );
  const prefs = useNotificationPrefs();
  const save = useSaveNotificationPrefs();
  const p = prefs.data?.prefs;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<z.input<typeof form>, unknown, z.output<typeof form>>({
    resolver: zodResolver(form),
    defaultValues: { minimum: '' },
  });
  const shown = p ? String(p.income_notify_min ?? p.platform_income_notify_min) : '';
  useEffect(() => reset({ minimum: shown }), [shown, reset]);

  const send = (income_notify_min: number | null) =>
    // the server's NOTIFY_PREFS_MSG.saved, in the member's words
    save.mutate({ income_notify_min }, { onSuccess: () => toast.success(t`Notification settings saved`) });
  const onSubmit = handleSubmit(({ minimum }) => send(toWire(minimum)));
  // the amount left to right inside an Arabic sentence (as components/ui/Money does), by Unicode
  // isolates: the hint is text
  const amount = p ? money(p.platform_income_notify_min).text : '';
  const platformDefault = directionOf(i18n.locale) === 'rtl' ? `\u2066${amount}\u2069` : amount;

  return (
    <Card title={t`Notifications`}>
      <div id="notification-settings" className="flex flex-col gap-4">
        <p className="-mt-2 text-sm text-muted">
          <Trans>
            Deposits, transfers you receive, withdrawals and support replies are always notified. Incomes are
            notified from the amount below.
          </Trans>
        </p>
        {prefs.error && <Banner tone="error">{errorMessage(prefs.error)}</Banner>}
        {save.isError && <Banner tone="error">{errorMessage(save.error)}</Banner>}
        {!p ? (
          !prefs.error && <Spinner label={t`Loading your notification settings`} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t`Notifications`}>
            <Input
              label={t`Notify me of incomes from (USDT)`}
              inputMode="decimal"
              autoComplete="off"
              error={errors.minimum?.message}
              hint={
                p.income_notify_min === null
                  ? t`The platform's default, ${platformDefault}. Enter 0 to be told of every income.`
                  : t`Your own choice; the platform's default is ${platformDefault}.`
              }
              {...register('minimum')}
            />
            <div className="flex flex-wrap justify-end gap-2">
              {p.income_notify_min !== null && (
                <Button
                  type="button"
                  variant="secondary"
                  disabled={save.isPending}
                  onClick={() => send(null)}
                >
                  <Trans>Use the platform's default</Trans>
                </Button>
              )}
              <Button type="submit" busy={save.isPending}>
                <Trans>Save</Trans>
              </Button>
            </div>
          </form>
        )}
      </div>
    </Card>
  );
}
