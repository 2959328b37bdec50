import { type Bonus, type BonusInput, bonusBody } from '@app/contracts/bonuses';
import { fromMicro } from '@app/contracts/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useCreateBonus, useUpdateBonus } from '../../../api/bonuses';
import { errorMessage } from '../../../api/client';
import { TextArea } from '../../../components/tickets/TextArea';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { BONUS_TYPE_WORD, KNOWN_TYPES } from './bonus-types';

/** An address, the same in every language. */
const EXAMPLE_URL = 'https://www.youtube.com/watch?v=…';

interface Props {
  /** null: closed; 'new': add; a bonus: edit it. */
  target: Bonus | 'new' | null;
  onClose: () => void;
}

export function BonusDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? t`Add bonus` : t`Edit bonus`}
      description={t`A fixed amount paid into the member's earnings wallet, once per period, outside the earning limit.`}
      className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto"
    >
      {target !== null && (
        <BonusForm
          key={target === 'new' ? 'new' : target.id}
          bonus={target === 'new' ? null : target}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function BonusForm({ bonus, onDone }: { bonus: Bonus | null; onDone: () => void }) {
  const add = useCreateBonus();
  const update = useUpdateBonus();
  const mutation = bonus ? update : add;
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<BonusInput, unknown, z.output<typeof bonusBody>>({
    resolver: zodResolver(bonusBody),
    defaultValues: {
      title: bonus?.title ?? '',
      bonus_type: bonus?.bonus_type ?? '',
      amount: bonus?.amount ?? '',
      period_hours: bonus?.period_hours ?? 24,
      description: bonus?.description ?? '',
      media_url: bonus?.media_url ?? '',
      is_active: bonus?.is_active ?? true,
    },
  });
  const onSaved = (res: { message: string }) => {
    toast.success(res.message);
    onDone();
  };
  // the form validated with the contract; the API takes the amount as a number again
  const onSubmit = handleSubmit((out) => {
    const body = { ...out, amount: fromMicro(out.amount) };
    if (bonus) update.mutate({ id: bonus.id, body }, { onSuccess: onSaved });
    else add.mutate(body, { onSuccess: onSaved });
  });
  const busy = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Bonus`} className="mt-4 flex flex-col gap-4">
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
      <Input label={t`Title`} disabled={busy} error={errors.title?.message} {...register('title')} />
      <Input
        label={t`Type`}
        list="bonus-types"
        disabled={busy}
        error={errors.bonus_type?.message}
        hint={t`roi_income: video bonus for members without a plan · add_income: ad bonus · or your own`}
        {...register('bonus_type')}
      />
      <datalist id="bonus-types">
        {KNOWN_TYPES.map((type) => (
          <option key={type} value={type}>
            {i18n._(BONUS_TYPE_WORD[type])}
          </option>
        ))}
      </datalist>
      <div className="grid gap-4 sm:grid-cols-2">
        <Input
          label={t`Amount (USDT)`}
          inputMode="decimal"
          disabled={busy}
          error={errors.amount?.message}
          {...register('amount')}
        />
        <Input
          label={t`Period (hours)`}
          type="number"
          min={1}
          disabled={busy}
          error={errors.period_hours?.message}
          {...register('period_hours', { valueAsNumber: true })}
        />
      </div>
      <Input
        label={t`Ad link (optional)`}
        placeholder={EXAMPLE_URL}
        disabled={busy}
        error={errors.media_url?.message}
        hint={t`For the ad bonus: the YouTube or Vimeo ad members watch. Empty: the bundled video.`}
        {...register('media_url')}
      />
      <TextArea
        label={t`Description`}
        rows={3}
        disabled={busy}
        error={errors.description?.message}
        {...register('description')}
      />
      <Checkbox
        label={t`Active`}
        hint={t`Members see and claim only active bonuses.`}
        disabled={busy}
        {...register('is_active')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {bonus ? t`Save bonus` : t`Add bonus`}
        </Button>
      </div>
    </form>
  );
}
