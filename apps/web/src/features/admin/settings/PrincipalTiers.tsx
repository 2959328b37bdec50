import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, X } from 'lucide-react';
import { type Control, useFieldArray, type useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { LABELS, type SettingsFormInput, type SettingsFormOutput } from './settings-form';

/** The principal withdrawal fee's tiers (by days since the plan was activated), up to ten. */
export function PrincipalTiers({
  control,
  form,
}: {
  control: Control<SettingsFormInput, unknown, SettingsFormOutput>;
  form: ReturnType<typeof useForm<SettingsFormInput, unknown, SettingsFormOutput>>;
}) {
  const { fields, append, remove } = useFieldArray({ control, name: 'fee_principal_tiers' });
  const errors = form.formState.errors.fee_principal_tiers;
  const listError = errors?.root?.message ?? errors?.message;
  const lastDays = Number(form.watch(`fee_principal_tiers.${fields.length - 1}.within_days`)) || 0;
  const { t, i18n } = useLingui();
  return (
    <fieldset className="flex flex-col gap-3 border-t border-line pt-4">
      <legend className="sr-only">{i18n._(LABELS.fee_principal_tiers)}</legend>
      <div>
        <p className="text-sm font-medium text-fg">
          <Trans>Principal withdrawal fee</Trans>
        </p>
        <p className="text-xs text-muted">
          <Trans>
            By days since the member activated a plan. After the last tier, principal withdrawals are free.
          </Trans>
        </p>
      </div>
      {fields.length === 0 && (
        <p className="text-sm text-muted">
          <Trans>No tiers: principal withdrawals are always free.</Trans>
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {fields.map((field, i) => {
          const tier = i + 1;
          return (
            <li key={field.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-3">
              <Input
                label={t`Within (days)`}
                aria-label={t`Tier ${tier}: within (days)`}
                inputMode="numeric"
                autoComplete="off"
                error={errors?.[i]?.within_days?.message}
                {...form.register(`fee_principal_tiers.${i}.within_days`)}
              />
              <Input
                label={t`Fee (%)`}
                aria-label={t`Tier ${tier}: fee (%)`}
                inputMode="decimal"
                autoComplete="off"
                error={errors?.[i]?.percent?.message}
                {...form.register(`fee_principal_tiers.${i}.percent`)}
              />
              <Button
                variant="ghost"
                size="sm"
                className="mt-7"
                onClick={() => remove(i)}
                aria-label={t`Remove tier ${tier}`}
              >
                <X className="size-4" aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ol>
      {listError && <p className="text-sm text-red-700 dark:text-red-400">{listError}</p>}
      <div>
        <Button
          variant="secondary"
          size="sm"
          disabled={fields.length >= 10}
          onClick={() => append({ within_days: String(lastDays + 10), percent: '5' })}
        >
          <Plus className="size-4" aria-hidden="true" /> <Trans>Add tier</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
