import { type QrLink, qrAddBody } from '@app/contracts/qr-links';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useAddQrLink, useUpdateQrLink } from '../../../api/qr-links';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Checkbox, Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';

type LinkInput = z.input<typeof qrAddBody>;

interface Props {
  /** null: closed; 'new': add; a link: edit it. */
  target: QrLink | 'new' | null;
  onClose: () => void;
}

export function QrLinkDialog({ target, onClose }: Props) {
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? 'Add QR link' : 'Edit QR link'}
      description="Members see active links on their dashboard as QR codes they can scan with a phone."
      className="max-w-lg"
    >
      {target !== null && (
        <LinkForm
          key={target === 'new' ? 'new' : target.id}
          link={target === 'new' ? null : target}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function LinkForm({ link, onDone }: { link: QrLink | null; onDone: () => void }) {
  const add = useAddQrLink();
  const update = useUpdateQrLink();
  const mutation = link ? update : add;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LinkInput, unknown, z.output<typeof qrAddBody>>({
    resolver: zodResolver(qrAddBody),
    defaultValues: { title: link?.title ?? '', url: link?.url ?? '', active: link?.active ?? true },
  });
  const onSaved = (res: { message: string }) => {
    toast.success(res.message);
    onDone();
  };
  const onSubmit = handleSubmit((body) =>
    link
      ? update.mutate({ id: link.id, body }, { onSuccess: onSaved })
      : add.mutate(body, { onSuccess: onSaved }),
  );
  const busy = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="QR link" className="mt-4 flex flex-col gap-4">
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
      <Input
        label="Title"
        placeholder="e.g. Community chat"
        disabled={busy}
        error={errors.title?.message}
        {...register('title')}
      />
      <Input
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://"
        hint="The address the QR code opens, starting with https://"
        disabled={busy}
        error={errors.url?.message}
        {...register('url')}
      />
      <Checkbox
        label="Show to members"
        hint="Hidden links stay here and can be shown again later."
        disabled={busy}
        {...register('active')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" busy={busy}>
          {link ? 'Save link' : 'Add link'}
        </Button>
      </div>
    </form>
  );
}
