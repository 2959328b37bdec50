import { z } from 'zod';
import { int4Param, pageInfo, pageQuery } from './common.js';

/** A day (`2026-11-01`, a whole UTC day) or an instant with its offset (`2026-11-01T00:00:00+02:00`). */
const when = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date such as 2026-11-01 or a date-time with its offset',
});

/**
 * GET /audit (admin): every filter optional. `from` is inclusive; `to` is inclusive of a whole day
 * when it is a date, exclusive when it is an instant (the web app sends the next local midnight).
 */
export const auditListQuery = pageQuery
  .extend({
    action: z.string().trim().max(100).optional(),
    target_type: z.string().trim().max(50).optional(),
    target_id: z.string().trim().max(100).optional(),
    admin_id: int4Param.optional(),
    from: when.optional(),
    to: when.optional(),
  })
  .refine((q) => !q.from || !q.to || auditBound(q.from) < auditBound(q.to, true), {
    message: 'The end of the range must be after its start',
    path: ['to'],
  });
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** The instant a `from` / `to` filter stands for (`to` of a date: the next midnight, UTC). */
export function auditBound(value: string, end = false): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return end ? new Date(day.getTime() + 86_400_000) : day;
  }
  return new Date(value);
}

export const auditEntry = z.object({
  id: z.number().int(),
  admin_id: z.number().int().nullable(),
  admin_username: z.string().nullable(),
  admin_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The record before and after the change, as written at the time (money as strings of micro-units or numbers). */
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListResponse = z.object({ entries: z.array(auditEntry), ...pageInfo });

/** What the filters can choose from: the actions, target types and admins present in the log. */
export const auditFacetsResponse = z.object({
  actions: z.array(z.string()),
  target_types: z.array(z.string()),
  admins: z.array(z.object({ id: z.number().int(), username: z.string(), email: z.string() })),
});
export type AuditFacets = z.infer<typeof auditFacetsResponse>;
