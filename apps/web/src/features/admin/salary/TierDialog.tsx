import { type SalaryTier, salaryTierBody, salaryTierUpdateBody } from '@app/contracts/salary';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type SalaryTierWire, useCreateSalaryTier, useUpdateSalaryTier } from '../../../api/salary';
import { type Editing, EditorDialog, EditorForm } from '../../../components/ui/EditorDialog';
import { Checkbox, Input } from '../../../components/ui/Input';
import { amountText, fromText, numberText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

// The contract's tier fields, fed from text boxes (built per language: its own check messages).
const fields = salaryTierUpdateBody.shape;
function tierFormOf(words: { name: string; months: string; directs: string; business: string }) {
  return z.object({
    name: z.string().trim().min(1, words.name).pipe(salaryTierBody.shape.name),
    amount: amountText(),
    months: numberText(fields.months.unwrap(), words.months),
    required_directs: numberText(fields.required_directs.unwrap(), words.directs),
    required_business: z
      .string()
      .trim()
      .min(1, words.business)
      .pipe(fromText(salaryTierBody.shape.required_business)),
    is_active: z.boolean(),
  });
}
type TierForm = ReturnType<typeof tierFormOf>;
type TierInput = z.input<TierForm>;

const valuesOf = (tier: SalaryTier | null): TierInput => ({
  name: tier?.name ?? '',
  amount: tier ? String(tier.amount) : '',
  months: String(tier?.months ?? 12),
  required_directs: String(tier?.required_directs ?? 0),
  required_business: tier ? String(tier.required_business) : '',
  is_active: tier?.is_active ?? true,
});

export function TierDialog({ target, onClose }: { target: SalaryTier | 'new' | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <EditorDialog<SalaryTier, SalaryTierWire>
      target={target}
      onClose={onClose}
      create={useCreateSalaryTier()}
      update={useUpdateSalaryTier()}
      title={(tier) => (tier ? t`Edit ${tier.name}` : t`New salary tier`)}
      description={(tier) =>
        tier
          ? t`Members already holding it keep the terms they were given; the change applies to new assignments.`
          : t`The daily run gives each member the highest tier they qualify for and pays it every 30 days.`
      }
    >
      {(editing) => <TierForm editing={editing} />}
    </EditorDialog>
  );
}

function TierForm({ editing }: { editing: Editing<SalaryTier, SalaryTierWire> }) {
  const tier = editing.item;
  const { t } = useLingui();
  const tierForm = useMemo(
    () =>
      tierFormOf({
        name: t`Give the tier a name`,
        months: t`Enter the number of months`,
        directs: t`Enter the active directs needed`,
        business: t`Enter the team business needed (0 for none)`,
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TierInput, unknown, z.output<TierForm>>({
    resolver: zodResolver(tierForm),
    defaultValues: valuesOf(tier),
  });
  const onSubmit = handleSubmit((v) =>
    editing.save({ ...v, amount: toWire(v.amount), required_business: toWire(v.required_business) }),
  );
  return (
    <EditorForm
      label={t`Salary tier`}
      editing={editing}
      onSubmit={onSubmit}
      submitLabel={tier ? t`Save tier` : t`Create tier`}
    >
      <Input
        label={t`Name`}
        autoComplete="off"
        autoFocus
        error={errors.name?.message}
        {...register('name')}
      />
      <div className="grid grid-cols-2 gap-4">
        <Input
          label={t`Per month (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Input
          label={t`Months`}
          inputMode="numeric"
          autoComplete="off"
          error={errors.months?.message}
          {...register('months')}
        />
        <Input
          label={t`Active directs needed`}
          inputMode="numeric"
          autoComplete="off"
          error={errors.required_directs?.message}
          {...register('required_directs')}
        />
        <Input
          label={t`Team business (USDT)`}
          inputMode="decimal"
          autoComplete="off"
          error={errors.required_business?.message}
          {...register('required_business')}
        />
      </div>
      <Checkbox
        label={t`On offer`}
        hint={t`Untick to stop assigning it; members holding it are paid to the end.`}
        {...register('is_active')}
      />
    </EditorForm>
  );
}
