import { ADMIN_ROLES, type AdminRole } from '@app/contracts/admins';
import { formatUsdt } from '@app/contracts/money';
import {
  percent,
  type Settings,
  type Switch,
  settings as settingsSchema,
  tierDays,
  usdt,
} from '@app/contracts/settings';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { adminRoleLabel } from '../../../app/admin-role-words';
import { i18n } from '../../../i18n';
import { numberText } from '../../../lib/forms';
import { formatPercent } from '../../../lib/money';

/**
 * The settings as the form edits them: numbers in text boxes, checked by the contract's own schemas.
 * Built with the active language (the form's check messages come from the `admin` catalog).
 */
export const settingsForm = (i18n: I18n) => {
  const percentText = () => numberText(percent, i18n._(msg`Enter a percentage`));
  const amount = () => numberText(usdt, i18n._(msg`Enter an amount`));
  return z.object({
    registration_open: z.boolean(),
    signin_open: z.boolean(),
    deposits_open: z.boolean(),
    withdrawals_open: z.boolean(),
    transfers_open: z.boolean(),
    roi_claims_open: z.boolean(),
    support_open: z.boolean(),
    admin_totp_required: z.boolean(),
    admin_totp_required_roles: z.array(z.enum(ADMIN_ROLES)),
    withdrawal_min: numberText(usdt, i18n._(msg`Enter the minimum`)),
    fee_profit_percent: percentText(),
    fee_roi_percent: percentText(),
    fee_compound_percent: percentText(),
    roi_cooldown_hours: numberText(settingsSchema.shape.roi_cooldown_hours, i18n._(msg`Enter the hours`)),
    roi_watch_seconds: numberText(settingsSchema.shape.roi_watch_seconds, i18n._(msg`Enter the seconds`)),
    reward_leg_cap_percent: percentText(),
    cto_min_active_plan: amount(),
    cto_min_directs_business: amount(),
    income_notify_min: amount(),
    four_eyes_admin_daily: amount(),
    four_eyes_member_daily: amount(),
    account_change_hold_hours: numberText(
      settingsSchema.shape.account_change_hold_hours,
      i18n._(msg`Enter the hours`),
    ),
    fraud_shared_members: numberText(
      settingsSchema.shape.fraud_shared_members,
      i18n._(msg`Enter a number of members`),
    ),
    fraud_burst_registrations: numberText(
      settingsSchema.shape.fraud_burst_registrations,
      i18n._(msg`Enter a number`),
    ),
    fraud_burst_minutes: numberText(settingsSchema.shape.fraud_burst_minutes, i18n._(msg`Enter the minutes`)),
    fee_principal_tiers: z
      .array(
        z.object({
          within_days: numberText(tierDays, i18n._(msg`Enter the days`)),
          percent: percentText(),
        }),
      )
      .max(10, i18n._(msg`At most 10 tiers`))
      .refine(
        (tiers) => new Set(tiers.map((t) => t.within_days)).size === tiers.length,
        i18n._(msg`Each tier needs a different number of days`),
      ),
    site_name: settingsSchema.shape.site_name,
    contact_email: settingsSchema.shape.contact_email,
    contact_phone: settingsSchema.shape.contact_phone,
    contact_telegram: settingsSchema.shape.contact_telegram,
  });
};
type SettingsFormSchema = ReturnType<typeof settingsForm>;
export type SettingsFormInput = z.input<SettingsFormSchema>;
export type SettingsFormOutput = z.output<SettingsFormSchema>;

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

export const LABELS: Record<keyof Settings, MessageDescriptor> = {
  registration_open: msg`Registration`,
  signin_open: msg`Member sign-in`,
  deposits_open: msg`Deposits`,
  withdrawals_open: msg`Withdrawals`,
  transfers_open: msg`Transfers`,
  roi_claims_open: msg`ROI claims`,
  support_open: msg`Support queries`,
  admin_totp_required: msg`Two-factor authentication for admins`,
  admin_totp_required_roles: msg`Two-factor authentication by role`,
  withdrawal_min: msg`Withdrawal minimum`,
  fee_profit_percent: msg`Profit withdrawal fee`,
  fee_roi_percent: msg`ROI withdrawal fee`,
  fee_compound_percent: msg`Compound withdrawal fee`,
  fee_principal_tiers: msg`Principal withdrawal fee`,
  roi_cooldown_hours: msg`ROI claim cooldown`,
  roi_watch_seconds: msg`Required watch time`,
  reward_leg_cap_percent: msg`Reward leg cap`,
  cto_min_active_plan: msg`CTO minimum own plan`,
  cto_min_directs_business: msg`CTO minimum directs' business`,
  income_notify_min: msg`Income notification minimum`,
  four_eyes_admin_daily: msg`One admin alone, per day`,
  four_eyes_member_daily: msg`One member by solo approvals, per day`,
  account_change_hold_hours: msg`Hold after an account change`,
  fraud_shared_members: msg`Members sharing an address or device`,
  fraud_burst_registrations: msg`Registrations in a burst`,
  fraud_burst_minutes: msg`Burst window`,
  site_name: msg`Site name`,
  contact_email: msg`Contact email`,
  contact_phone: msg`Contact phone`,
  contact_telegram: msg`Telegram`,
};

/** What each switch governs, in the words of its card. */
export const SWITCH_TEXT: Record<Switch, MessageDescriptor> = {
  registration_open: msg`New members can create an account.`,
  signin_open: msg`Members can sign in. Admins always can, and members already signed in stay signed in.`,
  deposits_open: msg`Members can add money to their fund wallet (codes, crypto deposits). Deposits you record here are not affected.`,
  withdrawals_open: msg`Members can request withdrawals. Requests already pending can still be approved or rejected.`,
  transfers_open: msg`Members can move earnings to their fund wallet and send fund money to other members.`,
  roi_claims_open: msg`Members can claim their daily ROI.`,
  support_open: msg`Members can open support queries and reply to them.`,
};

export const SWITCH_GROUPS: Array<{ title: MessageDescriptor; keys: Switch[] }> = [
  { title: msg`Access`, keys: ['registration_open', 'signin_open'] },
  { title: msg`Money`, keys: ['deposits_open', 'withdrawals_open', 'transfers_open'] },
  { title: msg`Support & earnings`, keys: ['roi_claims_open', 'support_open'] },
];

/** A setting's value as the screen says it (the review dialog and the saved banner). */
export function formatSetting<K extends keyof Settings>(key: K, value: Settings[K]): string {
  if (key === 'admin_totp_required') return value ? i18n._(msg`Required`) : i18n._(msg`Optional`);
  if (key === 'admin_totp_required_roles') {
    const roles = value as AdminRole[];
    return roles.length ? roles.map(adminRoleLabel).join(', ') : i18n._(msg`No role`);
  }
  if (typeof value === 'boolean') return value ? i18n._(msg`Open`) : i18n._(msg`Closed`);
  if (
    key === 'withdrawal_min' ||
    key === 'cto_min_active_plan' ||
    key === 'cto_min_directs_business' ||
    key === 'income_notify_min' ||
    key === 'four_eyes_admin_daily' ||
    key === 'four_eyes_member_daily'
  )
    return formatUsdt(value as number, 2);
  const count = value as number;
  if (key === 'fraud_shared_members') return i18n._(msg`${count} members`);
  if (key === 'fraud_burst_registrations') return i18n._(msg`${count} registrations`);
  if (key === 'fraud_burst_minutes') return i18n._(msg`${count} min`);
  if (key === 'roi_cooldown_hours') return i18n._(msg`${count} h`);
  if (key === 'account_change_hold_hours')
    return value === 0 ? i18n._(msg`No hold`) : i18n._(msg`${count} h`);
  if (key === 'roi_watch_seconds') return i18n._(msg`${count} s`);
  if (key === 'fee_principal_tiers') {
    const tiers = value as Settings['fee_principal_tiers'];
    if (!tiers.length) return i18n._(msg`No fee`);
    const list = tiers
      .map(({ percent: rate, within_days: days }) => {
        const fee = formatPercent(rate);
        return i18n._(msg`${fee} within ${days} d`);
      })
      .join(', ');
    return i18n._(msg`${list}, then 0 %`);
  }
  if (typeof value === 'number') return formatPercent(value);
  return value === '' ? i18n._(msg`(empty)`) : String(value);
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
      label: i18n._(LABELS[key]),
      from: formatSetting(key, current[key]),
      to: formatSetting(key, next[key]),
    }));
}

/** A server refusal names its field first (`fee_roi_percent: A percentage cannot exceed 100`). */
export function fieldOfError(message: string): { path: string; message: string } | null {
  const match = /^([a-z_]+(?:\.\d+\.[a-z_]+)?): (.+)$/.exec(message);
  return match ? { path: match[1]!, message: match[2]! } : null;
}
