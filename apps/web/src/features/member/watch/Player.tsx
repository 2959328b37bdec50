import { DEFAULT_VIDEO_URL } from '@app/contracts/roi';
import { parseVideoUrl } from '@app/contracts/videos';
import { type RefObject, useEffect } from 'react';

export interface Media {
  title: string;
  /** A YouTube or Vimeo link (embedded frame), or null for the bundled default video. */
  url: string | null;
}

/**
 * Spec 2.6: an embedded frame for links of the supported services, otherwise a video element (the
 * bundled default when no video exists). `playing` starts it; `round` restarts it (Watch Again).
 */
export function Player({
  media,
  playing,
  round,
  videoRef,
  onError,
}: {
  media: Media;
  playing: boolean;
  round: number;
  videoRef: RefObject<HTMLVideoElement | null>;
  onError: () => void;
}) {
  const embed = media.url ? parseVideoUrl(media.url) : null;
  const src = media.url && !embed ? media.url : DEFAULT_VIDEO_URL;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || embed) return;
    if (playing) {
      if (round > 0) video.currentTime = 0;
      video.play().catch(() => {
        // autoplay refused: the controls stay available
      });
    }
  }, [playing, round, embed, videoRef]);

  if (embed) {
    const query = playing ? '?autoplay=1&rel=0' : '?rel=0';
    return (
      <iframe
        key={`${embed.embed}-${round}-${playing}`}
        title={media.title}
        src={`${embed.embed}${query}`}
        className="aspect-video w-full rounded-lg border-0 bg-black"
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: the bundled clip has no speech to caption
    <video
      ref={videoRef}
      src={src}
      className="aspect-video w-full rounded-lg bg-black"
      controls
      playsInline
      loop
      preload="auto"
      aria-label={media.title}
      onError={onError}
    />
  );
}
