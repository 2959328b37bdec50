import {
  ACHIEVER_MSG,
  ACHIEVER_PHOTO_MAX_BYTES,
  ACHIEVER_PHOTO_TYPES,
  type Achiever,
  achieverAddFields,
} from '@app/contracts/achievers';
import { zodResolver } from '@hookform/resolvers/zod';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { useAddAchiever, useUpdateAchiever } from '../../../api/achievers';
import { errorMessage } from '../../../api/client';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';

type FieldsInput = z.input<typeof achieverAddFields>;
const ACCEPT = ACHIEVER_PHOTO_TYPES.join(',');
const PHOTO_REQUIRED = msg`Choose a photo to upload`;

interface Props {
  /** null: closed; 'new': add; an achiever: edit them. */
  target: Achiever | 'new' | null;
  onClose: () => void;
}

export function AchieverDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? t`Add achiever` : t`Edit achiever`}
      description={t`Shown with their photo on the home page, to every visitor.`}
      className="max-w-lg"
    >
      {target !== null && (
        <AchieverForm
          key={target === 'new' ? 'new' : target.id}
          achiever={target === 'new' ? null : target}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

/** Checks a picked photo before it is sent; the server decides by the file's bytes all the same. */
function photoProblem(file: File): string | null {
  if (!(ACHIEVER_PHOTO_TYPES as readonly string[]).includes(file.type)) return ACHIEVER_MSG.photoType;
  if (file.size > ACHIEVER_PHOTO_MAX_BYTES) return ACHIEVER_MSG.photoTooLarge;
  return null;
}

function AchieverForm({ achiever, onDone }: { achiever: Achiever | null; onDone: () => void }) {
  const add = useAddAchiever();
  const update = useUpdateAchiever();
  const mutation = achiever ? update : add;
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const { t, i18n } = useLingui();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FieldsInput, unknown, z.output<typeof achieverAddFields>>({
    resolver: zodResolver(achieverAddFields),
    defaultValues: { name: achiever?.name ?? '', achievement: achiever?.achievement ?? '' },
  });

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const choose = (file: File | undefined) => {
    mutation.reset();
    const problem = file ? photoProblem(file) : null;
    setPhotoError(problem);
    setPhoto(file && !problem ? file : null);
  };

  const onSaved = (res: { message: string }) => {
    toast.success(res.message);
    onDone();
  };
  // The photo is checked beside the text fields, so every problem shows at once.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const missing = !achiever && !photo;
    if (missing && !photoError) setPhotoError(i18n._(PHOTO_REQUIRED));
    return handleSubmit((fields) => {
      if (missing || photoError) return;
      if (achiever) update.mutate({ id: achiever.id, form: { fields, photo } }, { onSuccess: onSaved });
      else add.mutate({ fields, photo }, { onSuccess: onSaved });
    })(event);
  };
  const busy = mutation.isPending;
  const shown = preview ?? achiever?.photo ?? null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Achiever`} className="mt-4 flex flex-col gap-4">
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
      <Input
        label={t`Name`}
        placeholder={t`e.g. Riya Sharma`}
        autoComplete="off"
        disabled={busy}
        error={errors.name?.message}
        {...register('name')}
      />
      <Input
        label={t`Achievement`}
        placeholder={t`e.g. Reached the Gold rank`}
        disabled={busy}
        error={errors.achievement?.message}
        {...register('achievement')}
      />
      <div className="flex items-start gap-4">
        <div className="grid size-20 shrink-0 place-items-center overflow-hidden rounded-full border border-line bg-subtle">
          {shown ? (
            <img
              src={shown}
              alt={preview ? t`Preview of the chosen photo` : t`Current photo`}
              className="size-full object-cover"
            />
          ) : (
            <UserRound className="size-8 text-muted" aria-hidden="true" />
          )}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor="achiever-photo" className="text-sm font-medium text-fg">
            <Trans>Photo</Trans>
          </label>
          <input
            id="achiever-photo"
            type="file"
            name="image"
            accept={ACCEPT}
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0])}
            aria-invalid={photoError ? true : undefined}
            aria-describedby={photoError ? 'achiever-photo-error' : 'achiever-photo-hint'}
            className="block w-full text-sm text-muted file:mr-3 file:rounded-lg file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-fg hover:file:bg-subtle"
          />
          {photoError ? (
            <p id="achiever-photo-error" className="text-sm text-red-700 dark:text-red-400">
              {photoError}
            </p>
          ) : (
            <p id="achiever-photo-hint" className="text-xs text-muted">
              {achiever ? (
                <Trans>
                  PNG, JPEG, WebP or GIF, up to 2 MB; a square picture looks best. Leave empty to keep the
                  current photo.
                </Trans>
              ) : (
                <Trans>PNG, JPEG, WebP or GIF, up to 2 MB; a square picture looks best.</Trans>
              )}
            </p>
          )}
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {achiever ? t`Save achiever` : t`Add achiever`}
        </Button>
      </div>
    </form>
  );
}
