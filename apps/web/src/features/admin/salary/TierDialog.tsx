import { type SalaryTier, salaryTierBody, salaryTierUpdateBody } from '@app/contracts/salary';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type SalaryTierWire, useCreateSalaryTier, useUpdateSalaryTier } from '../../../api/salary';
import { type Editing, EditorDialog, EditorForm } from '../../../components/ui/EditorDialog';
import { Checkbox, Input } from '../../../components/ui/Input';
import { amountText, fromText, numberText } from '../../../lib/forms';
import { toWire } from '../../../lib/money';

const fields = salaryTierUpdateBody.shape;
const tierForm = z.object({
  name: z.string().trim().min(1, 'Give the tier a name').pipe(salaryTierBody.shape.name),
  amount: amountText(),
  months: numberText(fields.months.unwrap(), 'Enter the number of months'),
  required_directs: numberText(fields.required_directs.unwrap(), 'Enter the active directs needed'),
  required_business: z
    .string()
    .trim()
    .min(1, 'Enter the team business needed (0 for none)')
    .pipe(fromText(salaryTierBody.shape.required_business)),
  is_active: z.boolean(),
});
type TierInput = z.input<typeof tierForm>;

const valuesOf = (tier: SalaryTier | null): TierInput => ({
  name: tier?.name ?? '',
  amount: tier ? String(tier.amount) : '',
  months: String(tier?.months ?? 12),
  required_directs: String(tier?.required_directs ?? 0),
  required_business: tier ? String(tier.required_business) : '',
  is_active: tier?.is_active ?? true,
});

export function TierDialog({ target, onClose }: { target: SalaryTier | 'new' | null; onClose: () => void }) {
  return (
    <EditorDialog<SalaryTier, SalaryTierWire>
      target={target}
      onClose={onClose}
      create={useCreateSalaryTier()}
      update={useUpdateSalaryTier()}
      title={(tier) => (tier ? `Edit ${tier.name}` : 'New salary tier')}
      description={(tier) =>
        tier
          ? 'Members already holding it keep the terms they were given; the change applies to new assignments.'
          : 'The daily run gives each member the highest tier they qualify for and pays it every 30 days.'
      }
    >
      {(editing) => <TierForm editing={editing} />}
    </EditorDialog>
  );
}

function TierForm({ editing }: { editing: Editing<SalaryTier, SalaryTierWire> }) {
  const tier = editing.item;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<TierInput, unknown, z.output<typeof tierForm>>({
    resolver: zodResolver(tierForm),
    defaultValues: valuesOf(tier),
  });
  const onSubmit = handleSubmit((v) =>
    editing.save({ ...v, amount: toWire(v.amount), required_business: toWire(v.required_business) }),
  );
  return (
    <EditorForm
      label="Salary tier"
      editing={editing}
      onSubmit={onSubmit}
      submitLabel={tier ? 'Save tier' : 'Create tier'}
    >
      <Input label="Name" autoComplete="off" autoFocus error={errors.name?.message} {...register('name')} />
      <div className="grid grid-cols-2 gap-4">
        <Input
          label="Per month (USDT)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Input
          label="Months"
          inputMode="numeric"
          autoComplete="off"
          error={errors.months?.message}
          {...register('months')}
        />
        <Input
          label="Active directs needed"
          inputMode="numeric"
          autoComplete="off"
          error={errors.required_directs?.message}
          {...register('required_directs')}
        />
        <Input
          label="Team business (USDT)"
          inputMode="decimal"
          autoComplete="off"
          error={errors.required_business?.message}
          {...register('required_business')}
        />
      </div>
      <Checkbox
        label="On offer"
        hint="Untick to stop assigning it; members holding it are paid to the end."
        {...register('is_active')}
      />
    </EditorForm>
  );
}
