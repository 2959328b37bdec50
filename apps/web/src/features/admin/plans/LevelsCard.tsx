import { levelPercentsBody } from '@app/contracts/plans';
import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { type LevelPercents, useLevels, useSaveLevels } from '../../../api/plans';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Checkbox, Input } from '../../../components/ui/Input';
import { Segmented } from '../../../components/ui/Segmented';
import { PageSpinner } from '../../../components/ui/Spinner';
import { numberText } from '../../../lib/forms';
import { formatPercent } from '../../../lib/money';

type Kind = LevelPercents['kind'];
const MAX_LEVELS = 30;

// The contract's level percents, one text box per level.
const levelsForm = z.object({
  levels: z
    .array(z.object({ percent: numberText(levelPercentsBody.shape.levels.element) }))
    .min(1, 'Keep at least one level')
    .max(MAX_LEVELS),
  unlock_by_directs: z.boolean(),
});
type LevelsInput = z.input<typeof levelsForm>;

const KIND_TEXT: Record<Kind, { label: string; detail: string }> = {
  active: { label: 'Active', detail: 'Level income of active members' },
  invest: { label: 'Invest', detail: 'Level income on investments' },
};

/** Level income percents (level 1 = sponsor), for each kind. */
export function LevelsCard() {
  const levels = useLevels();
  const [kind, setKind] = useState<Kind>('active');
  const current = levels.data?.find((l) => l.kind === kind);
  return (
    <Card title="Level income">
      <div className="flex flex-col gap-4">
        <p className="-mt-2 text-sm text-muted">
          Each ROI claim pays the claimant&rsquo;s uplines a percent of it (level 1 is the sponsor). Values
          are percents.
        </p>
        <Segmented<Kind>
          legend="Percents for"
          columns="grid-cols-2"
          value={kind}
          onValue={setKind}
          options={(['active', 'invest'] as const).map((k) => ({ value: k, ...KIND_TEXT[k] }))}
        />
        {levels.error && <Banner tone="error">{errorMessage(levels.error)}</Banner>}
        {levels.isPending ? (
          <PageSpinner label="Loading level percents" />
        ) : (
          // Keyed by kind only: remounting on new data would drop the save's own callbacks mid-flight.
          <LevelsForm key={kind} kind={kind} current={current} />
        )}
      </div>
    </Card>
  );
}

function LevelsForm({ kind, current }: { kind: Kind; current: LevelPercents | undefined }) {
  const save = useSaveLevels();
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<LevelsInput, unknown, z.output<typeof levelsForm>>({
    resolver: zodResolver(levelsForm),
    defaultValues: {
      levels: (current?.levels ?? [10]).map((p) => ({ percent: String(p) })),
      unlock_by_directs: current?.unlock_by_directs ?? true,
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'levels' });
  const total = watch('levels').reduce((sum, l) => sum + (Number(l.percent) || 0), 0);

  const onSubmit = handleSubmit((v) =>
    save.mutate(
      { kind, body: { levels: v.levels.map((l) => l.percent), unlock_by_directs: v.unlock_by_directs } },
      { onSuccess: (data) => toast.success(data.message) },
    ),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-4"
      aria-label={`${KIND_TEXT[kind].label} level percents`}
    >
      {save.isError && <Banner tone="error">{errorMessage(save.error)}</Banner>}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {fields.map((field, i) => (
          <li key={field.id} className="relative">
            <Input
              label={`Level ${i + 1}`}
              inputMode="decimal"
              autoComplete="off"
              error={errors.levels?.[i]?.percent?.message}
              {...register(`levels.${i}.percent`)}
            />
            {i === fields.length - 1 && fields.length > 1 && (
              <button
                type="button"
                onClick={() => remove(i)}
                className="absolute top-0 right-0 rounded p-0.5 text-muted hover:bg-subtle hover:text-fg"
                aria-label={`Remove level ${i + 1}`}
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </li>
        ))}
      </ol>
      {errors.levels?.message && (
        <p className="text-sm text-red-700 dark:text-red-400">{errors.levels.message}</p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => append({ percent: '1' })}
          disabled={fields.length >= MAX_LEVELS}
        >
          <Plus className="size-4" aria-hidden="true" /> Add level
        </Button>
        <p className="text-sm text-muted">
          {fields.length} {fields.length === 1 ? 'level' : 'levels'} · total{' '}
          <span className="font-medium tabular-nums text-fg">
            {formatPercent(Math.round(total * 10_000) / 10_000)}
          </span>{' '}
          of each claim
        </p>
      </div>
      <Checkbox
        label="Unlock by direct members"
        hint="Level k is paid only to uplines with at least k active direct members."
        {...register('unlock_by_directs')}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={save.isPending}>
          Save {KIND_TEXT[kind].label.toLowerCase()} levels
        </Button>
      </div>
    </form>
  );
}
