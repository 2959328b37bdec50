import { z } from 'zod';
import { email, idParam, pageInfo, pageQuery, password, text } from './common.js';
import { LOCALES } from './locales.js';
import { moneyInput } from './money.js';
import { payoutAddressField } from './payout-addresses.js';
import { phone } from './phone.js';

export const USER_STATUS = ['unblock', 'block'] as const;
export const ACTIVE_STATE = ['active', 'inactive'] as const;
export const SWITCH_STATE = ['open', 'close'] as const;
export const ROLES = ['user', 'admin'] as const;

const nullableDate = z.string().nullable();

/** The controls of an account whose change holds withdrawals and transfers out (issue 36). */
export const CONTROL_KINDS = ['password', 'email', 'payout_address'] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];

/** A user as every response shows it (spec section 3). Never carries a password or hash. */
export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUS),
  is_active: z.enum(ACTIVE_STATE),
  roi_status: z.enum(SWITCH_STATE),
  level_status: z.enum(SWITCH_STATE),
  address: z.string(),
  fullname: z.string(),
  phone: z.string(),
  business: z.number(),
  business_balance: z.number(),
  reffer_by: z.string().nullable(),
  refferal_code: z.string(),
  total_team: z.number().int(),
  level_month: z.number(),
  roi_day: z.number(),
  paid_member: z.boolean(),
  activation_date: nullableDate,
  last_login: nullableDate,
  created_at: z.string(),
  verify_at: nullableDate,
  updated_at: z.string(),
  bep20: z.string(),
  trc20: z.string(),
  active_plan: z.number(),
  plan_id: z.number().int().nullable(),
  roi_income: z.number(),
  reward: z.number(),
  direct_income: z.number(),
  salary: z.number(),
  non_working: z.number(),
  working: z.number(),
  /**
   * While a change of password, e-mail or payout address holds withdrawals and transfers to other
   * members: when the hold ends (ISO, UTC); null when none runs. `controls_hold_what` names what changed.
   */
  controls_hold_until: nullableDate,
  controls_hold_what: z.array(z.enum(CONTROL_KINDS)),
  /** The member's language for mail and notifications (issue 38); null = never chosen (English). */
  locale: z.enum(LOCALES).nullable(),
});
export type User = z.infer<typeof user>;

export const userListQuery = pageQuery.extend({
  /** Matches email, username, full name or referral code, case-insensitively. */
  search: z.string().trim().max(100).optional(),
  status: z.enum(USER_STATUS).optional(),
});
export const userListResponse = z.object({ allusers: z.array(user), ...pageInfo });
export const nonUserListResponse = z.object({ allnonusers: z.array(user), ...pageInfo });
export const singleUserResponse = z.object({ singleuser: user });
export const emailQuery = z.object({ email });
export const emailUserResponse = z.object({ emailuser: user });
export const userIdParam = idParam;

// checksums checked, not only the pattern (payout-addresses.ts, issue 37.6)
const bep20Address = payoutAddressField('BEP20');
const trc20Address = payoutAddressField('TRC20');

/** What a member may change on their own profile. */
export const selfUpdateBody = z.strictObject({
  fullname: text(100, 2).optional(),
  phone: phone.optional(),
  address: z.string().trim().max(300).optional(),
  bep20: bep20Address.optional(),
  trc20: trc20Address.optional(),
  password: password.optional(),
  current_password: z.string().max(128).optional(),
  /** The member's own language (issue 38); staff cannot set it. */
  locale: z.enum(LOCALES).optional(),
});
export type SelfUpdateBody = z.infer<typeof selfUpdateBody>;

/**
 * What an admin may change (spec 2.2, Editable Details). `role` may be sent back unchanged by the
 * form but is never applied: a different value is refused. `business_balance` is a ledger balance:
 * it is accepted only when unchanged. `updated_at` is set by the server, whatever is sent.
 */
export const adminUpdateBody = z.strictObject({
  username: z
    .string()
    .trim()
    .regex(/^[a-zA-Z0-9_.]{3,32}$/, 'Username is 3 to 32 letters, digits, _ or .')
    .optional(),
  email: email.optional(),
  password: z.union([z.literal(''), password]).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUS).optional(),
  is_active: z.enum(ACTIVE_STATE).optional(),
  roi_status: z.enum(SWITCH_STATE).optional(),
  level_status: z.enum(SWITCH_STATE).optional(),
  address: z.string().trim().max(300).optional(),
  business: moneyInput.optional(),
  business_balance: moneyInput.optional(),
  fullname: text(100, 2).optional(),
  phone: phone.optional(),
  reffer_by: z.string().trim().max(32).optional(),
  updated_at: z.string().max(64).optional(),
});
export type AdminUpdateBody = z.infer<typeof adminUpdateBody>;

/** Admin back-office figures about members (GET /users/stats). */
export const userStatsResponse = z.object({
  total: z.number().int(),
  active: z.number().int(),
  blocked: z.number().int(),
  verified: z.number().int(),
  newToday: z.number().int(),
  newPerDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
});
export type UserStats = z.infer<typeof userStatsResponse>;

const walletAmounts = z.object({
  fund: z.number(),
  earnings: z.number(),
  roi: z.number(),
  principal: z.number(),
  compound: z.number(),
});
/** A member's wallets: what they can use now, and what pending withdrawals hold. */
export const walletsResponse = z.object({ wallets: walletAmounts, held: walletAmounts });
export type Wallets = z.infer<typeof walletsResponse>;
