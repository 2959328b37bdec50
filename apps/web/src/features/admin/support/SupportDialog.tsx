import { SUPPORT_KIND, type SupportEntry, type SupportKind, supportAddBody } from '@app/contracts/support';
import { zodResolver } from '@hookform/resolvers/zod';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useAddSupport, useUpdateSupport } from '../../../api/support';
import { ticketError } from '../../../api/tickets';
import { TextArea } from '../../../components/tickets/TextArea';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { Segmented } from '../../../components/ui/Segmented';

export const SUPPORT_KIND_LABEL: Record<SupportKind, MessageDescriptor> = {
  faq: msg({ message: 'Question', context: 'help entry kind' }),
  contact: msg({ message: 'Contact', context: 'help entry kind' }),
};

type EntryInput = z.input<typeof supportAddBody>;

interface Props {
  /** null: closed; 'new': create; an entry: edit it. */
  target: SupportEntry | 'new' | null;
  onClose: () => void;
}

export function SupportDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? t`New help entry` : t`Edit help entry`}
      description={t`A question with its answer, or a way to reach support (e-mail, chat, hours).`}
      className="max-w-lg"
    >
      {target !== null && (
        <EntryForm
          key={target === 'new' ? 'new' : target.id}
          entry={target === 'new' ? null : target}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function EntryForm({ entry, onDone }: { entry: SupportEntry | null; onDone: () => void }) {
  const add = useAddSupport();
  const update = useUpdateSupport();
  const mutation = entry ? update : add;
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<EntryInput, unknown, z.output<typeof supportAddBody>>({
    resolver: zodResolver(supportAddBody),
    defaultValues: {
      kind: entry?.kind ?? 'faq',
      title: entry?.title ?? '',
      content: entry?.content ?? '',
      sort_order: entry?.sort_order ?? 100,
      published: entry?.published ?? true,
    },
  });
  const kind = watch('kind');
  const onSaved = (res: { message: string }) => {
    toast.success(res.message);
    onDone();
  };
  const onSubmit = handleSubmit((body) =>
    entry
      ? update.mutate({ id: entry.id, body }, { onSuccess: onSaved })
      : add.mutate(body, { onSuccess: onSaved }),
  );
  const busy = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Help entry`} className="mt-4 flex flex-col gap-4">
      {mutation.isError && <Banner tone="error">{ticketError(mutation.error)}</Banner>}
      <Segmented
        legend={t`Kind`}
        columns="grid-cols-2"
        disabled={busy}
        options={SUPPORT_KIND.map((k) => ({ value: k, label: i18n._(SUPPORT_KIND_LABEL[k]) }))}
        {...register('kind')}
      />
      <Input
        label={kind === 'contact' ? t`Channel` : t`Question`}
        placeholder={kind === 'contact' ? t`e.g. E-mail` : t`e.g. How long do withdrawals take?`}
        disabled={busy}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextArea
        label={kind === 'contact' ? t`Detail` : t`Answer`}
        rows={5}
        disabled={busy}
        error={errors.content?.message}
        {...register('content')}
      />
      <div className="grid grid-cols-2 items-end gap-4">
        <Input
          label={t`Order`}
          type="number"
          min={0}
          hint={t`Lower comes first`}
          disabled={busy}
          error={errors.sort_order?.message}
          {...register('sort_order')}
        />
        <Checkbox label={t`Show to members`} disabled={busy} className="pb-2" {...register('published')} />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {entry ? t`Save entry` : t`Add entry`}
        </Button>
      </div>
    </form>
  );
}
