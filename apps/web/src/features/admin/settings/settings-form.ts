import { ADMIN_ROLE_LABELS, ADMIN_ROLES, type AdminRole } from '@app/contracts/admins';
import { formatUsdt } from '@app/contracts/money';
import {
  percent,
  type Settings,
  type Switch,
  settings as settingsSchema,
  tierDays,
  usdt,
} from '@app/contracts/settings';
import { z } from 'zod';
import { numberText } from '../../../lib/forms';
import { formatPercent } from '../../../lib/money';

/** The settings as the form edits them: numbers in text boxes, checked by the contract's own schemas. */
export const settingsForm = z.object({
  registration_open: z.boolean(),
  signin_open: z.boolean(),
  deposits_open: z.boolean(),
  withdrawals_open: z.boolean(),
  transfers_open: z.boolean(),
  roi_claims_open: z.boolean(),
  support_open: z.boolean(),
  admin_totp_required: z.boolean(),
  admin_totp_required_roles: z.array(z.enum(ADMIN_ROLES)),
  withdrawal_min: numberText(usdt, 'Enter the minimum'),
  fee_profit_percent: numberText(percent, 'Enter a percentage'),
  fee_roi_percent: numberText(percent, 'Enter a percentage'),
  fee_compound_percent: numberText(percent, 'Enter a percentage'),
  roi_cooldown_hours: numberText(settingsSchema.shape.roi_cooldown_hours, 'Enter the hours'),
  roi_watch_seconds: numberText(settingsSchema.shape.roi_watch_seconds, 'Enter the seconds'),
  reward_leg_cap_percent: numberText(percent, 'Enter a percentage'),
  cto_min_active_plan: numberText(usdt, 'Enter an amount'),
  cto_min_directs_business: numberText(usdt, 'Enter an amount'),
  income_notify_min: numberText(usdt, 'Enter an amount'),
  four_eyes_admin_daily: numberText(usdt, 'Enter an amount'),
  four_eyes_member_daily: numberText(usdt, 'Enter an amount'),
  account_change_hold_hours: numberText(settingsSchema.shape.account_change_hold_hours, 'Enter the hours'),
  fraud_shared_members: numberText(settingsSchema.shape.fraud_shared_members, 'Enter a number of members'),
  fraud_burst_registrations: numberText(settingsSchema.shape.fraud_burst_registrations, 'Enter a number'),
  fraud_burst_minutes: numberText(settingsSchema.shape.fraud_burst_minutes, 'Enter the minutes'),
  fee_principal_tiers: z
    .array(
      z.object({
        within_days: numberText(tierDays, 'Enter the days'),
        percent: numberText(percent, 'Enter a percentage'),
      }),
    )
    .max(10, 'At most 10 tiers')
    .refine(
      (tiers) => new Set(tiers.map((t) => t.within_days)).size === tiers.length,
      'Each tier needs a different number of days',
    ),
  site_name: settingsSchema.shape.site_name,
  contact_email: settingsSchema.shape.contact_email,
  contact_phone: settingsSchema.shape.contact_phone,
  contact_telegram: settingsSchema.shape.contact_telegram,
});
export type SettingsFormInput = z.input<typeof settingsForm>;
export type SettingsFormOutput = z.output<typeof settingsForm>;

const byDays = (tiers: Settings['fee_principal_tiers']) =>
  [...tiers].sort((a, b) => a.within_days - b.within_days);

export function toForm(s: Settings): SettingsFormInput {
  return {
    ...s,
    withdrawal_min: String(s.withdrawal_min),
    fee_profit_percent: String(s.fee_profit_percent),
    fee_roi_percent: String(s.fee_roi_percent),
    fee_compound_percent: String(s.fee_compound_percent),
    roi_cooldown_hours: String(s.roi_cooldown_hours),
    roi_watch_seconds: String(s.roi_watch_seconds),
    reward_leg_cap_percent: String(s.reward_leg_cap_percent),
    cto_min_active_plan: String(s.cto_min_active_plan),
    cto_min_directs_business: String(s.cto_min_directs_business),
    income_notify_min: String(s.income_notify_min),
    four_eyes_admin_daily: String(s.four_eyes_admin_daily),
    four_eyes_member_daily: String(s.four_eyes_member_daily),
    account_change_hold_hours: String(s.account_change_hold_hours),
    fraud_shared_members: String(s.fraud_shared_members),
    fraud_burst_registrations: String(s.fraud_burst_registrations),
    fraud_burst_minutes: String(s.fraud_burst_minutes),
    fee_principal_tiers: byDays(s.fee_principal_tiers).map((t) => ({
      within_days: String(t.within_days),
      percent: String(t.percent),
    })),
  };
}

export function fromForm(v: SettingsFormOutput): Settings {
  return { ...v, fee_principal_tiers: byDays(v.fee_principal_tiers) };
}

export const LABELS: Record<keyof Settings, string> = {
  registration_open: 'Registration',
  signin_open: 'Member sign-in',
  deposits_open: 'Deposits',
  withdrawals_open: 'Withdrawals',
  transfers_open: 'Transfers',
  roi_claims_open: 'ROI claims',
  support_open: 'Support queries',
  admin_totp_required: 'Two-factor authentication for admins',
  admin_totp_required_roles: 'Two-factor authentication by role',
  withdrawal_min: 'Withdrawal minimum',
  fee_profit_percent: 'Profit withdrawal fee',
  fee_roi_percent: 'ROI withdrawal fee',
  fee_compound_percent: 'Compound withdrawal fee',
  fee_principal_tiers: 'Principal withdrawal fee',
  roi_cooldown_hours: 'ROI claim cooldown',
  roi_watch_seconds: 'Required watch time',
  reward_leg_cap_percent: 'Reward leg cap',
  cto_min_active_plan: 'CTO minimum own plan',
  cto_min_directs_business: "CTO minimum directs' business",
  income_notify_min: 'Income notification minimum',
  four_eyes_admin_daily: 'One admin alone, per day',
  four_eyes_member_daily: 'One member by solo approvals, per day',
  account_change_hold_hours: 'Hold after an account change',
  fraud_shared_members: 'Members sharing an address or device',
  fraud_burst_registrations: 'Registrations in a burst',
  fraud_burst_minutes: 'Burst window',
  site_name: 'Site name',
  contact_email: 'Contact email',
  contact_phone: 'Contact phone',
  contact_telegram: 'Telegram',
};

/** What each switch governs, in the words of its card. */
export const SWITCH_TEXT: Record<Switch, string> = {
  registration_open: 'New members can create an account.',
  signin_open: 'Members can sign in. Admins always can, and members already signed in stay signed in.',
  deposits_open:
    'Members can add money to their fund wallet (codes, crypto deposits). Deposits you record here are not affected.',
  withdrawals_open:
    'Members can request withdrawals. Requests already pending can still be approved or rejected.',
  transfers_open: 'Members can move earnings to their fund wallet and send fund money to other members.',
  roi_claims_open: 'Members can claim their daily ROI.',
  support_open: 'Members can open support queries and reply to them.',
};

export const SWITCH_GROUPS: Array<{ title: string; keys: Switch[] }> = [
  { title: 'Access', keys: ['registration_open', 'signin_open'] },
  { title: 'Money', keys: ['deposits_open', 'withdrawals_open', 'transfers_open'] },
  { title: 'Support & earnings', keys: ['roi_claims_open', 'support_open'] },
];

export function formatSetting<K extends keyof Settings>(key: K, value: Settings[K]): string {
  if (key === 'admin_totp_required') return value ? 'Required' : 'Optional';
  if (key === 'admin_totp_required_roles') {
    const roles = value as AdminRole[];
    return roles.length ? roles.map((r) => ADMIN_ROLE_LABELS[r].label).join(', ') : 'No role';
  }
  if (typeof value === 'boolean') return value ? 'Open' : 'Closed';
  if (
    key === 'withdrawal_min' ||
    key === 'cto_min_active_plan' ||
    key === 'cto_min_directs_business' ||
    key === 'income_notify_min' ||
    key === 'four_eyes_admin_daily' ||
    key === 'four_eyes_member_daily'
  )
    return formatUsdt(value as number, 2);
  if (key === 'fraud_shared_members') return `${value} members`;
  if (key === 'fraud_burst_registrations') return `${value} registrations`;
  if (key === 'fraud_burst_minutes') return `${value} min`;
  if (key === 'roi_cooldown_hours') return `${value} h`;
  if (key === 'account_change_hold_hours') return value === 0 ? 'No hold' : `${value} h`;
  if (key === 'roi_watch_seconds') return `${value} s`;
  if (key === 'fee_principal_tiers') {
    const tiers = value as Settings['fee_principal_tiers'];
    return tiers.length
      ? `${tiers.map((t) => `${formatPercent(t.percent)} within ${t.within_days} d`).join(', ')}, then 0 %`
      : 'No fee';
  }
  if (typeof value === 'number') return formatPercent(value);
  return value === '' ? '(empty)' : String(value);
}

export interface SettingChange {
  key: keyof Settings;
  label: string;
  from: string;
  to: string;
}

/** The keys whose value differs, in the order of the screen. */
export function changesBetween(stored: Settings, next: Settings): SettingChange[] {
  const current = fromForm(stored);
  return (Object.keys(LABELS) as Array<keyof Settings>)
    .filter((key) => JSON.stringify(current[key]) !== JSON.stringify(next[key]))
    .map((key) => ({
      key,
      label: LABELS[key],
      from: formatSetting(key, current[key]),
      to: formatSetting(key, next[key]),
    }));
}

/** A server refusal names its field first (`fee_roi_percent: A percentage cannot exceed 100`). */
export function fieldOfError(message: string): { path: string; message: string } | null {
  const match = /^([a-z_]+(?:\.\d+\.[a-z_]+)?): (.+)$/.exec(message);
  return match ? { path: match[1]!, message: match[2]! } : null;
}
