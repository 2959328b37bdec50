import { z } from 'zod';

/**
 * Support entries (`/support/*`, spec section 7; fields not shown there): the help content admins
 * keep next to the tickets. An entry is a frequently asked question with its answer, or a contact
 * channel (e-mail, chat, hours) with its detail. Members see the published ones on their support page.
 */
export const SUPPORT_KIND = ['faq', 'contact'] as const;
export type SupportKind = (typeof SUPPORT_KIND)[number];

export const SUPPORT_MSG = {
  created: 'Support entry created successfully!',
  updated: 'Support entry updated successfully!',
  deleted: 'Support entry deleted successfully!',
  notFound: 'Support entry not found',
  titleRequired: 'Title is required',
  contentRequired: 'Content is required',
} as const;

const fields = z.strictObject({
  kind: z.enum(SUPPORT_KIND, { error: 'Kind must be faq or contact' }),
  title: z
    .string({ error: SUPPORT_MSG.titleRequired })
    .trim()
    .min(1, SUPPORT_MSG.titleRequired)
    .max(200, 'Title must be at most 200 characters'),
  content: z
    .string({ error: SUPPORT_MSG.contentRequired })
    .trim()
    .min(1, SUPPORT_MSG.contentRequired)
    .max(4000, 'Content must be at most 4000 characters'),
  /** Lower first. */
  sort_order: z.number().int().min(0).max(10_000),
  published: z.boolean(),
});

export const supportAddBody = fields.extend({
  kind: fields.shape.kind.default('faq'),
  sort_order: fields.shape.sort_order.default(100),
  published: z.boolean().default(true),
});
export type SupportAddInput = z.input<typeof supportAddBody>;
/** An edit changes only what it names. */
export const supportUpdateBody = fields.partial();

export const supportEntry = z.object({
  id: z.number().int(),
  kind: z.enum(SUPPORT_KIND),
  title: z.string(),
  content: z.string(),
  sort_order: z.number().int(),
  published: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupportEntry = z.infer<typeof supportEntry>;

export const supportListQuery = z.object({ kind: z.enum(SUPPORT_KIND).optional() });
/** Members get published entries only; admins get all of them. */
export const allSupportResponse = z.object({ allsupport: z.array(supportEntry) });
export const singleSupportResponse = z.object({ singlesupport: supportEntry });
export const supportSavedResponse = z.object({ message: z.string(), support: supportEntry });
