import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';

/**
 * Achievers (`/achivers/*`, spelled so by spec section 7; the fields are not shown there): members
 * the back-office celebrates on the home page, each with a name, what they achieved and a photo.
 * POST /achivers/add and PUT /achivers/{id} take form data (multipart/form-data): the text fields
 * `name` and `achievement`, and the photo as the file field `image` (required on add, optional on
 * edit). Response keys follow the route's spelling (`allachivers`, `singleachiver`, `achiver`).
 */
export const ACHIEVER_MSG = {
  created: 'Achiever added successfully!',
  updated: 'Achiever updated successfully!',
  deleted: 'Achiever deleted successfully!',
  notFound: 'Achiever not found',
  nameRequired: 'Name is required',
  achievementRequired: 'Achievement is required',
  photoMissing: 'Choose a photo to upload (form field "image")',
  photoType: 'The photo must be a PNG, JPEG, WebP or GIF image',
  photoTooLarge: 'The photo must be at most 2 MB',
  notMultipart: 'Send the achiever as form data (multipart/form-data)',
} as const;

export const ACHIEVER_NAME_MAX = 100;
export const ACHIEVEMENT_MAX = 200;
/** Largest photo accepted, in bytes. */
export const ACHIEVER_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
/** The form field that carries the photo. */
export const ACHIEVER_PHOTO_FIELD = 'image';
export const ACHIEVER_PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

const fields = z.strictObject({
  name: z
    .string({ error: ACHIEVER_MSG.nameRequired })
    .trim()
    .min(1, ACHIEVER_MSG.nameRequired)
    .max(ACHIEVER_NAME_MAX, `Name must be at most ${ACHIEVER_NAME_MAX} characters`),
  achievement: z
    .string({ error: ACHIEVER_MSG.achievementRequired })
    .trim()
    .min(1, ACHIEVER_MSG.achievementRequired)
    .max(ACHIEVEMENT_MAX, `Achievement must be at most ${ACHIEVEMENT_MAX} characters`),
});

/** The text fields of POST /achivers/add (the photo travels beside them as a file). */
export const achieverAddFields = fields;
export type AchieverFields = z.input<typeof achieverAddFields>;
/** The text fields of PUT /achivers/{id}: changes only what it names. */
export const achieverUpdateFields = fields.partial();

export const achiever = z.object({
  id: z.number().int(),
  name: z.string(),
  achievement: z.string(),
  /** Where the photo is served (same origin, public, safe headers). */
  photo: z.string(),
  photo_type: z.enum(ACHIEVER_PHOTO_TYPES),
  photo_size: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Achiever = z.infer<typeof achiever>;

/** GET /achivers/list: newest first, a page at a time. */
export const achieverListQuery = pageQuery;
export const allAchieversResponse = z.object({ allachivers: z.array(achiever), ...pageInfo });
export const singleAchieverResponse = z.object({ singleachiver: achiever });
export const achieverSavedResponse = z.object({ message: z.string(), achiver: achiever });

export const achieverPhotoParam = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/, 'Not a photo file name'),
});
