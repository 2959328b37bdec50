import { z } from 'zod';
import { int4Id, pageInfo, pageQuery } from './common.js';
import { moneyInput } from './money.js';

/** A calendar month, "2026-11". */
export const period = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Period is a month written as YYYY-MM');

export const ctoPoolBody = z.strictObject({
  period,
  /** The pool shared equally by the qualified members (USDT). */
  amount: moneyInput.refine((v) => v > 0n, 'Amount must be greater than zero'),
  note: z.string().trim().max(300).default(''),
});

export const CTO_STATUS = ['open', 'paid', 'deleted'] as const;
export const ctoPool = z.object({
  id: z.number().int(),
  period: z.string(),
  amount: z.number(),
  note: z.string(),
  status: z.enum(CTO_STATUS),
  /** Set when paid: members who shared it, the equal share, what rounding down left unpaid. */
  members: z.number().int().nullable(),
  share: z.number().nullable(),
  remainder: z.number().nullable(),
  /** The qualification rules as they stood when it was paid. */
  min_active_plan: z.number().nullable(),
  min_directs_business: z.number().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
});
export type CtoPool = z.infer<typeof ctoPool>;

export const ctoListQuery = pageQuery.extend({ status: z.enum(CTO_STATUS).optional() });
export const ctoListResponse = z.object({ allcto: z.array(ctoPool), ...pageInfo });
export const ctoPoolResponse = z.object({ message: z.string(), cto: ctoPool });

export const ctoQualifiedMember = z.object({
  user_id: z.number().int(),
  username: z.string(),
  active_plan: z.number(),
  directs_business: z.number(),
});
export type CtoQualifiedMember = z.infer<typeof ctoQualifiedMember>;

export const ctoRules = z.object({ min_active_plan: z.number(), min_directs_business: z.number() });

/** GET /cto: the rules; a member gets their own standing, an admin the members who qualify now. */
export const ctoOverviewQuery = pageQuery;
export const ctoOverviewResponse = z.object({
  rules: ctoRules,
  me: z
    .object({
      user_id: z.number().int(),
      qualified: z.boolean(),
      active_plan: z.number(),
      directs_business: z.number(),
      total_received: z.number(),
    })
    .nullable(),
  qualified: z.object({ data: z.array(ctoQualifiedMember), ...pageInfo }).nullable(),
});
export type CtoOverview = z.infer<typeof ctoOverviewResponse>;

export const ctoPayment = z.object({
  id: z.number().int(),
  pool_id: z.number().int(),
  period: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  amount: z.number(),
  active_plan: z.number(),
  directs_business: z.number(),
  created_at: z.string(),
});
export type CtoPayment = z.infer<typeof ctoPayment>;

export const ctoDetailResponse = z.object({
  cto: ctoPool,
  /** Who was paid (a paid pool). */
  payments: z.array(ctoPayment),
  /** What paying now would do (an open pool). */
  preview: z
    .object({
      members: z.number().int(),
      share: z.number(),
      remainder: z.number(),
      qualified: z.array(ctoQualifiedMember),
    })
    .nullable(),
});
export type CtoDetail = z.infer<typeof ctoDetailResponse>;

export const ctoPayBody = z.strictObject({ id: int4Id });

export const ctoTransactionsQuery = pageQuery;
export const ctoTransactionsResponse = z.object({ transactions: z.array(ctoPayment), ...pageInfo });
