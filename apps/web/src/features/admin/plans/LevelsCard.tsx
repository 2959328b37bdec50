import { levelPercentsBody } from '@app/contracts/plans';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Plus, X } from 'lucide-react';
import { useMemo, useState } from 'react';
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
const levelsForm = (words: { noLevel: string }) =>
  z.object({
    levels: z
      .array(z.object({ percent: numberText(levelPercentsBody.shape.levels.element) }))
      .min(1, words.noLevel)
      .max(MAX_LEVELS),
    unlock_by_directs: z.boolean(),
  });
type LevelsSchema = ReturnType<typeof levelsForm>;
type LevelsInput = z.input<LevelsSchema>;

/** Each kind's words: its choice in the switch, the form's name and its save button. */
const KIND_TEXT: Record<
  Kind,
  { label: MessageDescriptor; detail: MessageDescriptor; form: MessageDescriptor; save: MessageDescriptor }
> = {
  active: {
    label: msg`Active`,
    detail: msg`Level income of active members`,
    form: msg`Active level percents`,
    save: msg`Save active levels`,
  },
  invest: {
    label: msg`Invest`,
    detail: msg`Level income on investments`,
    form: msg`Invest level percents`,
    save: msg`Save invest levels`,
  },
};

/** Level income percents (level 1 = sponsor), for each kind. */
export function LevelsCard() {
  const { t } = useLingui();
  const levels = useLevels();
  const [kind, setKind] = useState<Kind>('active');
  const current = levels.data?.find((l) => l.kind === kind);
  return (
    <Card title={t`Level income`}>
      <div className="flex flex-col gap-4">
        <p className="-mt-2 text-sm text-muted">
          <Trans>
            Each ROI claim pays the claimant’s uplines a percent of it (level 1 is the sponsor). Values are
            percents.
          </Trans>
        </p>
        <Segmented<Kind>
          legend={t`Percents for`}
          columns="grid-cols-2"
          value={kind}
          onValue={setKind}
          options={(['active', 'invest'] as const).map((k) => ({
            value: k,
            label: t(KIND_TEXT[k].label),
            detail: t(KIND_TEXT[k].detail),
          }))}
        />
        {levels.error && <Banner tone="error">{errorMessage(levels.error)}</Banner>}
        {levels.isPending ? (
          <PageSpinner label={t`Loading level percents`} />
        ) : (
          // Keyed by kind only: remounting on new data would drop the save's own callbacks mid-flight.
          <LevelsForm key={kind} kind={kind} current={current} />
        )}
      </div>
    </Card>
  );
}

function LevelsForm({ kind, current }: { kind: Kind; current: LevelPercents | undefined }) {
  const { t } = useLingui();
  const save = useSaveLevels();
  const noLevel = t`Keep at least one level`;
  const schema = useMemo(() => levelsForm({ noLevel }), [noLevel]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<LevelsInput, unknown, z.output<LevelsSchema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      levels: (current?.levels ?? [10]).map((p) => ({ percent: String(p) })),
      unlock_by_directs: current?.unlock_by_directs ?? true,
    },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'levels' });
  const total = watch('levels').reduce((sum, l) => sum + (Number(l.percent) || 0), 0);
  const totalText = formatPercent(Math.round(total * 10_000) / 10_000);

  const onSubmit = handleSubmit((v) =>
    save.mutate(
      { kind, body: { levels: v.levels.map((l) => l.percent), unlock_by_directs: v.unlock_by_directs } },
      { onSuccess: (data) => toast.success(data.message) },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t(KIND_TEXT[kind].form)}>
      {save.isError && <Banner tone="error">{errorMessage(save.error)}</Banner>}
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {fields.map((field, i) => {
          const level = i + 1;
          return (
            <li key={field.id} className="relative">
              <Input
                label={t`Level ${level}`}
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
                  aria-label={t`Remove level ${level}`}
                >
                  <X className="size-4" aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
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
          <Plus className="size-4" aria-hidden="true" /> <Trans>Add level</Trans>
        </Button>
        <p className="text-sm text-muted">
          <Trans>
            <Plural value={fields.length} one="# level" other="# levels" /> · total{' '}
            <span className="font-medium tabular-nums text-fg">{totalText}</span> of each claim
          </Trans>
        </p>
      </div>
      <Checkbox
        label={t`Unlock by direct members`}
        hint={t`Level k is paid only to uplines with at least k active direct members.`}
        {...register('unlock_by_directs')}
      />
      <div className="flex justify-end">
        <Button type="submit" busy={save.isPending}>
          {t(KIND_TEXT[kind].save)}
        </Button>
      </div>
    </form>
  );
}
