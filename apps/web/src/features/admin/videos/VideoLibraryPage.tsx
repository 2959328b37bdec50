import { parseVideoUrl, type Video } from '@app/contracts/videos';
import { Trans, useLingui } from '@lingui/react/macro';
import { CalendarDays, Film, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Banner } from '../../../components/ui/Banner';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { PageHeader } from '../../../components/ui/PageHeader';
import { PageSpinner } from '../../../components/ui/Spinner';
import { formatDateTime } from '../../../lib/format';
import { VideoFormDialog } from './VideoFormDialog';
import { useVideoStore } from './video-store';

/** The providers' names, the same in every language. */
const PROVIDER_NAME = { vimeo: 'Vimeo', youtube: 'YouTube' } as const;

/** Admin Video Library (spec 2.5): a card grid of the videos members watch on Watch and Earn. */
export default function VideoLibraryPage() {
  const { videos, loaded, loading, success, message, fetchVideos, deleteVideo } = useVideoStore();
  const [editing, setEditing] = useState<Video | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const { t } = useLingui();
  const deletingTitle = deleting?.title ?? '';

  useEffect(() => {
    void fetchVideos();
  }, [fetchVideos]);

  const add = () => setEditing('new');
  return (
    <div className="flex flex-col gap-6">
      <title>{t`Video Library · EarnHub admin`}</title>
      <PageHeader
        title={t`Video Library`}
        description={t`Members watch the newest video on Watch and Earn to claim their daily reward.`}
        actions={
          <Button onClick={add}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>Add New Video</Trans>
          </Button>
        }
      />
      {message && <Banner tone={success ? 'success' : 'error'}>{message}</Banner>}
      {!loaded ? (
        <PageSpinner label={t`Loading videos`} />
      ) : videos.length === 0 ? (
        <section className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center">
          <Film className="size-10 text-muted" aria-hidden="true" />
          <h2 className="text-base font-semibold text-fg">
            <Trans>No videos uploaded yet</Trans>
          </h2>
          <p className="max-w-sm text-sm text-muted">
            <Trans>Add a YouTube or Vimeo link; until then members watch the bundled default video.</Trans>
          </p>
          <Button onClick={add}>
            <Plus className="size-4" aria-hidden="true" /> <Trans>Add Your First Video</Trans>
          </Button>
        </section>
      ) : (
        <ul aria-label={t`Videos`} className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {videos.map((video, index) => (
            <VideoCard
              key={video.id}
              video={video}
              latest={index === 0}
              onEdit={() => setEditing(video)}
              onDelete={() => setDeleting(video)}
            />
          ))}
        </ul>
      )}
      <VideoFormDialog target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t`Delete video`}
        description={t`Are you sure you want to delete ${deletingTitle}? This action cannot be undone.`}
        confirmLabel={t`Delete`}
        danger
        busy={loading && deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting && (await deleteVideo(deleting.id))) setDeleting(null);
        }}
      />
    </div>
  );
}

function VideoCard({
  video,
  latest,
  onEdit,
  onDelete,
}: {
  video: Video;
  latest: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const provider = parseVideoUrl(video.url)?.provider;
  const { t } = useLingui();
  const title = video.title;
  const uploaded = formatDateTime(video.created_at);
  return (
    <li className="flex min-w-0 flex-col rounded-xl border border-line bg-surface shadow-sm">
      <div className="relative flex aspect-video items-center justify-center rounded-t-xl bg-gradient-to-br from-slate-800 to-indigo-900 text-white">
        <Film className="size-10 opacity-80" aria-hidden="true" />
        <span className="absolute top-2 left-2 rounded-md bg-black/50 px-2 py-0.5 text-xs font-medium">
          {PROVIDER_NAME[provider === 'vimeo' ? 'vimeo' : 'youtube']}
        </span>
        {latest && (
          <span className="absolute top-2 right-2 rounded-md bg-emerald-700 px-2 py-0.5 text-xs font-medium">
            <Trans>Today's video</Trans>
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-base font-semibold break-words text-fg">{video.title}</h2>
        <a
          href={video.url}
          target="_blank"
          rel="noopener noreferrer"
          className="truncate text-sm text-accent hover:underline"
        >
          {video.url}
        </a>
        {video.description && <p className="line-clamp-3 text-sm text-muted">{video.description}</p>}
        <p className="mt-auto flex items-center gap-1.5 pt-2 text-xs text-muted">
          <CalendarDays className="size-3.5" aria-hidden="true" />
          <Trans>
            Uploaded <time dateTime={video.created_at}>{uploaded}</time>
          </Trans>
        </p>
        <div className="flex gap-2 border-t border-line pt-3">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t`Edit ${title}`}>
            <Pencil className="size-3.5" aria-hidden="true" /> <Trans>Edit</Trans>
          </Button>
          <Button variant="ghost" size="sm" onClick={onDelete} aria-label={t`Delete ${title}`}>
            <Trash2 className="size-3.5 text-red-600" aria-hidden="true" /> <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
    </li>
  );
}
