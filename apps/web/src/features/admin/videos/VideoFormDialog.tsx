import { type Video, type VideoInput, videoBody } from '@app/contracts/videos';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { TextArea } from '../../../components/tickets/TextArea';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';
import { useVideoStore } from './video-store';

/** An address, the same in every language. */
const EXAMPLE_URL = 'https://www.youtube.com/watch?v=…';

interface Props {
  /** null: closed; 'new': add; a video: edit it. */
  target: Video | 'new' | null;
  onClose: () => void;
}

/** Spec 2.5 and 5: Title, Video URL, Description; Cancel and Save Video (or Update Video). */
export function VideoFormDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? t`Add New Video` : t`Edit Video`}
      description={t`A YouTube or Vimeo link. Members watch the newest video on Watch and Earn.`}
      className="max-w-lg"
    >
      {target !== null && (
        <VideoForm
          key={target === 'new' ? 'new' : target.id}
          video={target === 'new' ? null : target}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function VideoForm({ video, onDone }: { video: Video | null; onDone: () => void }) {
  const saving = useVideoStore((s) => s.loading);
  const createVideo = useVideoStore((s) => s.createVideo);
  const updateVideo = useVideoStore((s) => s.updateVideo);
  const { t } = useLingui();
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm<VideoInput, unknown, z.output<typeof videoBody>>({
    resolver: zodResolver(videoBody),
    // errors show on save and clear as soon as the field is edited (spec 5)
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: {
      title: video?.title ?? '',
      url: video?.url ?? '',
      description: video?.description ?? '',
    },
  });
  const field = (name: keyof VideoInput) => register(name, { onChange: () => clearErrors(name) });
  const onSubmit = handleSubmit(async (body) => {
    const ok = video ? await updateVideo(video.id, body) : await createVideo(body);
    if (ok) onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`Video`} className="mt-4 flex flex-col gap-4">
      <Input
        label={t`Title`}
        placeholder={t`e.g. How the daily reward works`}
        disabled={saving}
        error={errors.title?.message}
        {...field('title')}
      />
      <Input
        label={t`Video URL`}
        placeholder={EXAMPLE_URL}
        inputMode="url"
        disabled={saving}
        error={errors.url?.message}
        hint={t`A YouTube or Vimeo link`}
        {...field('url')}
      />
      <TextArea
        label={t`Description`}
        rows={4}
        disabled={saving}
        error={errors.description?.message}
        hint={t`Optional`}
        {...field('description')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={saving}>
          {video ? t`Update Video` : t`Save Video`}
        </Button>
      </div>
    </form>
  );
}
