import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';

/**
 * News (`/news/*`, spec section 7; the fields are not shown there): short announcements the
 * back-office posts. They are public once posted: the home page shows the latest ones to every
 * visitor and the member dashboard shows them too. Plain text, never HTML.
 */
export const NEWS_MSG = {
  created: 'News added successfully!',
  updated: 'News updated successfully!',
  deleted: 'News deleted successfully!',
  notFound: 'News not found',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
} as const;

export const NEWS_TITLE_MAX = 200;
export const NEWS_CONTENT_MAX = 5000;

const fields = z.strictObject({
  title: z
    .string({ error: NEWS_MSG.titleRequired })
    .trim()
    .min(1, NEWS_MSG.titleRequired)
    .max(NEWS_TITLE_MAX, `Title must be at most ${NEWS_TITLE_MAX} characters`),
  content: z
    .string({ error: NEWS_MSG.contentRequired })
    .trim()
    .min(1, NEWS_MSG.contentRequired)
    .max(NEWS_CONTENT_MAX, `Content must be at most ${NEWS_CONTENT_MAX} characters`),
});

/** POST /news/add. */
export const newsAddBody = fields;
export type NewsAddInput = z.input<typeof newsAddBody>;
/** PUT /news/{id}: changes only what it names. */
export const newsUpdateBody = fields.partial();

export const newsItem = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type NewsItem = z.infer<typeof newsItem>;

/** GET /news/list: newest first, a page at a time. */
export const newsListQuery = pageQuery;
export const allNewsResponse = z.object({ allnews: z.array(newsItem), ...pageInfo });
export const singleNewsResponse = z.object({ singlenews: newsItem });
export const newsSavedResponse = z.object({ message: z.string(), news: newsItem });
