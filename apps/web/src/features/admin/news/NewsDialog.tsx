import { NEWS_CONTENT_MAX, type NewsItem, newsAddBody } from '@app/contracts/news';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { z } from 'zod';
import { errorMessage } from '../../../api/client';
import { useAddNews, useUpdateNews } from '../../../api/news';
import { TextArea } from '../../../components/tickets/TextArea';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Input';
import { Modal } from '../../../components/ui/Modal';

type NewsInput = z.input<typeof newsAddBody>;

interface Props {
  /** null: closed; 'new': add; an item: edit it. */
  target: NewsItem | 'new' | null;
  onClose: () => void;
}

export function NewsDialog({ target, onClose }: Props) {
  const { t } = useLingui();
  return (
    <Modal
      open={target !== null}
      onClose={onClose}
      title={target === 'new' ? t`Add news` : t`Edit news`}
      description={t`Shown on the home page to every visitor and on the members' dashboard.`}
      className="max-w-lg"
    >
      {target !== null && (
        <NewsForm
          key={target === 'new' ? 'new' : target.id}
          item={target === 'new' ? null : target}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function NewsForm({ item, onDone }: { item: NewsItem | null; onDone: () => void }) {
  const add = useAddNews();
  const update = useUpdateNews();
  const mutation = item ? update : add;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<NewsInput, unknown, z.output<typeof newsAddBody>>({
    resolver: zodResolver(newsAddBody),
    defaultValues: { title: item?.title ?? '', content: item?.content ?? '' },
  });
  const length = (watch('content')?.length ?? 0).toLocaleString();
  const max = NEWS_CONTENT_MAX.toLocaleString();
  const { t } = useLingui();
  const onSaved = (res: { message: string }) => {
    toast.success(res.message);
    onDone();
  };
  const onSubmit = handleSubmit((body) =>
    item
      ? update.mutate({ id: item.id, body }, { onSuccess: onSaved })
      : add.mutate(body, { onSuccess: onSaved }),
  );
  const busy = mutation.isPending;

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t`News`} className="mt-4 flex flex-col gap-4">
      {mutation.isError && <Banner tone="error">{errorMessage(mutation.error)}</Banner>}
      <Input
        label={t`Title`}
        placeholder={t`e.g. Withdrawals are processed on Sundays too`}
        disabled={busy}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextArea
        label={t`Content`}
        rows={7}
        disabled={busy}
        error={errors.content?.message}
        hint={t`${length} / ${max} characters, plain text`}
        {...register('content')}
      />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" busy={busy}>
          {item ? t`Save news` : t`Publish news`}
        </Button>
      </div>
    </form>
  );
}
