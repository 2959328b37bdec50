import { type QrLink, qrAddBody } from '@app/contracts/qr-links';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
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
/** The URL box's placeholder: the scheme a link starts with, the same in every language. */
const URL_START = 'https://';

interface Props {
  /** null: closed; 'new': add; a link: edit it. */
  target: QrLink | 'new' | null;
  onClose: () => void;
}

export function QrLinkDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? t`Add QR link` : t`Edit QR link`}
      description={t`Members see active links on their dashboard as QR codes they can scan with a phone.`}
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
  const { t } = useLingui();

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`QR link`} className="mt-4 flex flex-col gap-4">
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
      <Input
        label={t`Title`}
        placeholder={t`e.g. Community chat`}
        disabled={busy}
        error={errors.title?.message}
        {...register('title')}
      />
      <Input
        label={t`URL`}
        type="url"
        inputMode="url"
        placeholder={URL_START}
        hint={t`The address the QR code opens, starting with https://`}
        disabled={busy}
        error={errors.url?.message}
        {...register('url')}
      />
      <Checkbox
        label={t`Show to members`}
        hint={t`Hidden links stay here and can be shown again later.`}
        disabled={busy}
        {...register('active')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {link ? t`Save link` : t`Add link`}
        </Button>
      </div>
    </form>
  );
}
