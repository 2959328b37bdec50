import { z } from 'zod';

/**
 * The video library (spec 2.5, 3 Video, 4 Video store, 5 Video form, 7 Videos): admins keep a list
 * of YouTube or Vimeo links; members watch the latest one on the Watch and Earn screen. Answers are
 * wrapped in `data` with an optional `message`.
 */
export const VIDEO_MSG = {
  created: 'Video created successfully',
  updated: 'Video updated successfully',
  deleted: 'Video deleted successfully',
  notFound: 'Video not found',
  none: 'No video available. Try later.',
  titleRequired: 'Title is required',
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid video URL (YouTube or Vimeo)',
} as const;

/** Store fallbacks of spec 8 (the server's message is preferred). */
export const VIDEO_FAIL = {
  list: 'Failed to fetch videos',
  latest: 'Failed to fetch latest video',
  one: 'Failed to fetch video',
  create: 'Failed to create video',
  update: 'Failed to update video',
  remove: 'Failed to delete video',
} as const;

export const VIDEO_TITLE_MAX = 200;
export const VIDEO_URL_MAX = 500;
export const VIDEO_DESCRIPTION_MAX = 2000;

export type VideoProvider = 'youtube' | 'vimeo';

const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_HOSTS = new Set(['vimeo.com', 'www.vimeo.com', 'player.vimeo.com']);

/**
 * Which service a link belongs to and its embeddable player address; null when it is not a
 * YouTube or Vimeo video link. Only https/http links of the services' own hosts count.
 */
export function parseVideoUrl(raw: string): { provider: VideoProvider; id: string; embed: string } | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let youtube: string | undefined;
  if (host === 'youtu.be') youtube = parts[0];
  else if (YOUTUBE_HOSTS.has(host)) {
    if (parts[0] === 'watch') youtube = url.searchParams.get('v') ?? undefined;
    else if (['embed', 'shorts', 'live', 'v'].includes(parts[0] ?? '')) youtube = parts[1];
  }
  if (youtube !== undefined) {
    if (!YOUTUBE_ID.test(youtube)) return null;
    return { provider: 'youtube', id: youtube, embed: `https://www.youtube-nocookie.com/embed/${youtube}` };
  }
  if (VIMEO_HOSTS.has(host)) {
    // vimeo.com/123, vimeo.com/channels/x/123, vimeo.com/groups/x/videos/123, player.vimeo.com/video/123
    const id = [...parts].reverse().find((p) => /^\d{6,12}$/.test(p));
    if (!id) return null;
    return { provider: 'vimeo', id, embed: `https://player.vimeo.com/video/${id}` };
  }
  return null;
}

export const isVideoUrl = (raw: string) => parseVideoUrl(raw) !== null;

/** POST /api/v1/videos and PUT /api/v1/videos/{id} (same fields). */
export const videoBody = z.strictObject({
  title: z
    .string({ error: VIDEO_MSG.titleRequired })
    .trim()
    .min(1, VIDEO_MSG.titleRequired)
    .max(VIDEO_TITLE_MAX, `Title must be at most ${VIDEO_TITLE_MAX} characters`),
  url: z
    .string({ error: VIDEO_MSG.urlRequired })
    .trim()
    .min(1, VIDEO_MSG.urlRequired)
    .max(VIDEO_URL_MAX, `URL must be at most ${VIDEO_URL_MAX} characters`)
    .refine(isVideoUrl, VIDEO_MSG.urlInvalid),
  description: z
    .string()
    .trim()
    .max(VIDEO_DESCRIPTION_MAX, `Description must be at most ${VIDEO_DESCRIPTION_MAX} characters`)
    .default(''),
});
export type VideoInput = z.input<typeof videoBody>;

export const video = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Video = z.infer<typeof video>;

export const videoListResponse = z.object({ data: z.array(video), message: z.string().optional() });
export const videoResponse = z.object({ data: video, message: z.string().optional() });
/** The latest video, or null with the "no video" message when the library is empty. */
export const latestVideoResponse = z.object({ data: video.nullable(), message: z.string().optional() });
export const videoDeletedResponse = z.object({
  data: z.object({ id: z.number().int() }),
  message: z.string(),
});
