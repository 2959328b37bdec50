import { z } from 'zod';
import { pageInfo, pageQuery, text } from './common.js';

/**
 * Four eyes on the back-office paths that move a member's money (issue 36). The admin who asks
 * records a request; a second admin, with the same role, at least a day on the team, approves it,
 * and only then does the action run. The kinds:
 * - `adjustment`: a manual credit or debit of a member wallet (/withdrawalrequest/debit, /tr/create);
 * - `topup`: a plan purchase or activation an admin makes on a member's behalf (/topup/...);
 * - `deposit`: approving a deposit recorded by hand, above what one admin may approve alone;
 * - `reward`: a reward sent by hand (/users/send/reward);
 * - `codes`: activation codes issued (/codes), which any member can redeem;
 * - `payment`: a crypto payment settled by hand, past what one admin may credit alone;
 * - `member_account`: staff changing who controls a member's account or where money flows from it:
 *   the e-mail address (where reset links go), the sponsor (who earns on the member), the business.
 */
export const APPROVAL_KINDS = [
  'adjustment',
  'topup',
  'deposit',
  'reward',
  'codes',
  'payment',
  'member_account',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const APPROVAL_KIND_LABELS: Record<ApprovalKind, string> = {
  adjustment: 'Wallet adjustment',
  topup: 'Plan purchase for a member',
  deposit: 'Deposit approval',
  reward: 'Reward sent by hand',
  codes: 'Activation codes',
  payment: 'Crypto payment settled by hand',
  member_account: 'Member account change',
};

export const APPROVAL_STATUS = ['pending', 'approved', 'rejected', 'cancelled'] as const;

const adminRef = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const approval = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  /** The member whose money or account it touches (null: codes, the platform's). */
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  /** USDT (null: not an amount, e.g. an e-mail change). */
  amount: z.number().nullable(),
  /** What will happen, in words: "Credit 3,300.00 USDT to omar's earnings wallet: bonus". */
  summary: z.string(),
  status: z.enum(APPROVAL_STATUS),
  requested_by: adminRef,
  requested_at: z.string(),
  decided_by: adminRef.nullable(),
  decided_at: z.string().nullable(),
  /** Why it was rejected or cancelled. */
  reason: z.string().nullable(),
  /** What the action answered when it ran. */
  result: z.string().nullable(),
});
export type Approval = z.infer<typeof approval>;

/** 202: the action waits for a second admin. */
export const approvalPendingResponse = z.object({ message: z.string(), approval });

export const approvalListQuery = pageQuery.extend({
  status: z.enum([...APPROVAL_STATUS, 'all']).default('pending'),
});
export const approvalListResponse = z.object({ approvals: z.array(approval), ...pageInfo });

export const approvalRejectBody = z.strictObject({ reason: text(300, 3) });
export const approvalDecisionResponse = z.object({ message: z.string(), approval });

/** Hours an admin must have been on the team before they may be the second pair of eyes. */
export const SECOND_EYES_MIN_HOURS = 24;
