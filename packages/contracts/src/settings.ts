import { z } from 'zod';
import { ADMIN_ROLES, type AdminRole } from './admins.js';
import { plainDecimal } from './money.js';
import { type PublicSettings, SWITCHES, type Switch } from './switches.js';

export { CLOSED_MESSAGES, type PublicSettings, SWITCHES, type Switch } from './switches.js';

/**
 * Whether a number is written with at most `places` decimals, read on its decimal text (plainDecimal)
 * as money is: zod's multipleOf divides in floating point and let 0.1 + 0.2 (0.30000000000000004)
 * through, which toMicro then refused wherever the setting was used (a 500 on every withdrawal).
 */
const decimalPlaces = (places: number) => (n: number) =>
  new RegExp(`^\\d+(?:\\.\\d{1,${places}})?$`).test(plainDecimal(n) ?? '');

/** A percentage with at most 4 decimals, 0 to 100. */
export const percent = z
  .number()
  .min(0, 'A percentage cannot be negative')
  .max(100, 'A percentage cannot exceed 100')
  .refine(decimalPlaces(4), 'A percentage has at most 4 decimals');

/** A USDT amount kept in settings: a number with at most 6 decimals. */
export const usdt = z
  .number()
  .min(0, 'An amount cannot be negative')
  .max(999_999_999, 'Amount is too large')
  .refine(decimalPlaces(6), 'An amount has at most 6 decimals');

/** Days of a principal fee tier. */
export const tierDays = z
  .number()
  .int('Days are a whole number')
  .min(1, 'Days must be at least 1')
  .max(3650, 'Days must be at most 3650');

/**
 * Every knob of DOMAIN.md that is not stored on a plan, the platform switches, and how the site
 * names itself. Read at the moment of an operation and recorded on the ledger entry it produced.
 */
export const settings = z.strictObject({
  withdrawal_min: usdt,
  fee_profit_percent: percent,
  fee_roi_percent: percent,
  fee_compound_percent: percent,
  /** Principal withdrawal fee by days since activation; after the last tier the fee is 0. */
  fee_principal_tiers: z
    .array(z.strictObject({ within_days: tierDays, percent }))
    .max(10, 'At most 10 tiers')
    .refine(
      (tiers) => new Set(tiers.map((t) => t.within_days)).size === tiers.length,
      'Each tier needs a different number of days',
    ),
  // Compensation (DOMAIN.md, Incomes); plan-level knobs (ROI, direct percent, cap) live on the plan,
  // level percents and the level-unlock rule under /plans/addinvestlevel.
  /** Hours between two ROI claims (rolling, from the last claim). */
  roi_cooldown_hours: z
    .number()
    .int('Hours are a whole number')
    .min(1, 'The cooldown is at least 1 hour')
    .max(168, 'The cooldown is at most 168 hours'),
  /** Seconds of the day's video a member must watch before claiming. */
  roi_watch_seconds: z
    .number()
    .int('Seconds are a whole number')
    .min(1, 'The watch time is at least 1 second')
    .max(600, 'The watch time is at most 600 seconds'),
  /** No single leg counts for more than this share of a reward's business threshold. */
  reward_leg_cap_percent: percent,
  /** CTO qualification: own active plan at least this, and directs' business at least that. */
  cto_min_active_plan: usdt,
  cto_min_directs_business: usdt,
  /** A member is notified of an income paid to them of at least this much (0: of every income). */
  income_notify_min: usdt,
  /**
   * Hours a new password, e-mail or payout address holds the member's withdrawals and transfers to
   * other members (issue 36); 0: no hold (the notice to the old e-mail still goes).
   */
  account_change_hold_hours: z
    .number()
    .int('Hours are a whole number')
    .min(0, 'The hold is at least 0 hours (0: no hold)')
    .max(168, 'The hold is at most 168 hours'),
  /**
   * Four eyes on totals: what one admin may approve alone (deposits and withdrawals by hand) over
   * 24 h, and what may reach one member through solo approvals over 24 h; past either, a second
   * admin must sign off, whatever the single amount.
   */
  four_eyes_admin_daily: usdt,
  four_eyes_member_daily: usdt,
  /** Fraud signals: this many members claiming from one address or device within 7 days raise a flag. */
  fraud_shared_members: z
    .number()
    .int('A whole number of members')
    .min(2, 'At least 2 members')
    .max(1000, 'At most 1000 members'),
  /** Fraud signals: this many registrations under one sponsor within `fraud_burst_minutes` raise a flag. */
  fraud_burst_registrations: z
    .number()
    .int('A whole number of registrations')
    .min(2, 'At least 2 registrations')
    .max(10_000, 'At most 10000 registrations'),
  fraud_burst_minutes: z
    .number()
    .int('Minutes are a whole number')
    .min(1, 'At least 1 minute')
    .max(10_080, 'At most 10080 minutes (a week)'),
  // Platform switches (SWITCHES): off refuses the action with CLOSED_MESSAGES[switch].
  registration_open: z.boolean(),
  signin_open: z.boolean(),
  withdrawals_open: z.boolean(),
  deposits_open: z.boolean(),
  transfers_open: z.boolean(),
  roi_claims_open: z.boolean(),
  support_open: z.boolean(),
  /** Every admin must use two-factor authentication; one without it must set it up before anything else. */
  admin_totp_required: z.boolean(),
  /** The same, for the admins holding any of these roles (with `admin_totp_required` on: all roles). */
  admin_totp_required_roles: z
    .array(z.enum(ADMIN_ROLES))
    .max(ADMIN_ROLES.length)
    .refine((roles) => new Set(roles).size === roles.length, 'Name each role once'),
  site_name: z
    .string()
    .trim()
    .min(1, 'Enter the site name')
    .max(60, 'The site name is at most 60 characters'),
  contact_email: z
    .string()
    .trim()
    .max(254, 'The email is at most 254 characters')
    .regex(/^$|^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid email, or leave it empty'),
  contact_phone: z
    .string()
    .trim()
    .regex(/^$|^\+?\d[\d ()-]{4,22}\d$/, 'Enter a phone number such as +44 7700 900123, or leave it empty'),
  contact_telegram: z
    .string()
    .trim()
    .regex(
      /^$|^@?[A-Za-z][A-Za-z0-9_]{4,31}$/,
      'Enter a Telegram username such as @earnhub_support, or leave it empty',
    ),
});
export type Settings = z.infer<typeof settings>;

export const DEFAULT_SETTINGS: Settings = {
  withdrawal_min: 10,
  fee_profit_percent: 10,
  fee_roi_percent: 5,
  fee_compound_percent: 5,
  fee_principal_tiers: [
    { within_days: 10, percent: 20 },
    { within_days: 20, percent: 10 },
  ],
  roi_cooldown_hours: 24,
  roi_watch_seconds: 10,
  reward_leg_cap_percent: 50,
  cto_min_active_plan: 100,
  cto_min_directs_business: 1000,
  income_notify_min: 10,
  account_change_hold_hours: 24,
  four_eyes_admin_daily: 5000,
  four_eyes_member_daily: 2000,
  fraud_shared_members: 3,
  fraud_burst_registrations: 10,
  fraud_burst_minutes: 10,
  registration_open: true,
  signin_open: true,
  withdrawals_open: true,
  deposits_open: true,
  transfers_open: true,
  roi_claims_open: true,
  support_open: true,
  admin_totp_required: false,
  admin_totp_required_roles: [],
  site_name: 'EarnHub',
  contact_email: '',
  contact_phone: '',
  contact_telegram: '',
};

export const settingsResponse = z.object({ settings });
export const SETTINGS_CHOOSE_ONE = 'Send the settings inside settings or as fields of the body, not both';
/**
 * Two bodies, as `POST /codes` takes two: today's unwrapped fields (`{"withdrawal_min": 20}`), and
 * the spec's own `{"settings": {...}}` (section 7: "PUT /settings: settings"). Either changes only
 * the keys it names; the route unwraps the second (`settingsPatch`).
 */
export const settingsUpdateBody = settings
  .partial()
  .extend({ settings: settings.partial().optional() })
  .superRefine((body, ctx) => {
    if (body.settings !== undefined && Object.keys(body).length > 1)
      ctx.addIssue({ code: 'custom', message: SETTINGS_CHOOSE_ONE, path: ['settings'] });
  });
/** The keys to change, from either body of `settingsUpdateBody`. */
export function settingsPatch(body: z.infer<typeof settingsUpdateBody>): Partial<Settings> {
  const { settings: wrapped, ...fields } = body;
  return wrapped ?? fields;
}
export const settingsUpdateResponse = z.object({
  message: z.string(),
  settings,
  /** The keys whose value this request changed (empty: nothing changed, nothing audited). */
  changed: z.array(z.string()),
});

export const publicSettings = settings.pick({
  site_name: true,
  contact_email: true,
  contact_phone: true,
  contact_telegram: true,
  registration_open: true,
  signin_open: true,
});
export const publicSettingsResponse = z.object({ settings: publicSettings });

// The zod-free PublicSettings interface and the schema describe the same object.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _publicShape: Same<z.infer<typeof publicSettings>, PublicSettings> = true;
void _publicShape;

/** Whether the platform requires two-factor authentication of an admin holding `roles`. */
export function totpRequiredFor(
  s: Pick<Settings, 'admin_totp_required' | 'admin_totp_required_roles'>,
  roles: readonly AdminRole[],
): boolean {
  return s.admin_totp_required || roles.some((role) => s.admin_totp_required_roles.includes(role));
}

/** Whether a settings key is one of the platform switches. */
export const isSwitch = (key: string): key is Switch => (SWITCHES as readonly string[]).includes(key);
