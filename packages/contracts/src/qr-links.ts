import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';

/**
 * QR links (`/qr`, spec section 7; the fields are not shown there): links the back-office keeps
 * (a community group, an app download, a guide) that the member dashboard shows as scannable QR
 * codes. Only active links reach members; admins see them all.
 */
export const QR_MSG = {
  created: 'QR link added successfully!',
  updated: 'QR link updated successfully!',
  deleted: 'QR link deleted successfully!',
  notFound: 'QR link not found',
  titleRequired: 'Title is required',
  /** Spec 8 form message. */
  urlRequired: 'URL is required',
  urlInvalid: 'Enter a full web address starting with https:// or http://',
} as const;

export const QR_TITLE_MAX = 100;
export const QR_URL_MAX = 1000;

/** A web address a phone can open: http or https with a host; nothing else (no javascript:, data:, ...). */
function isWebUrl(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

const fields = z.strictObject({
  title: z
    .string({ error: QR_MSG.titleRequired })
    .trim()
    .min(1, QR_MSG.titleRequired)
    .max(QR_TITLE_MAX, `Title must be at most ${QR_TITLE_MAX} characters`),
  url: z
    .string({ error: QR_MSG.urlRequired })
    .trim()
    .min(1, QR_MSG.urlRequired)
    .max(QR_URL_MAX, `URL must be at most ${QR_URL_MAX} characters`)
    .refine(isWebUrl, QR_MSG.urlInvalid),
  active: z.boolean({ error: 'Active must be true or false' }),
});

/** POST /qr/add; a new link is active unless told otherwise. */
export const qrAddBody = fields.extend({ active: fields.shape.active.default(true) });
export type QrAddInput = z.input<typeof qrAddBody>;
/** PUT /qr/{id}: changes only what it names. */
export const qrUpdateBody = fields.partial();

export const qrLink = z.object({
  id: z.number().int(),
  title: z.string(),
  url: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type QrLink = z.infer<typeof qrLink>;

/** GET /qr: newest first, a page at a time; members get active links only. */
export const qrListQuery = pageQuery;
export const qrListResponse = z.object({
  qrlinks: z.array(qrLink),
  /**
   * The latest link (active only, for a member), null when there is none: the key the spec
   * family's back end answers (the spec names the call, not its keys; that family's pages read `qr`).
   */
  qr: qrLink.nullable(),
  ...pageInfo,
});
export const qrSavedResponse = z.object({ message: z.string(), qrlink: qrLink });
