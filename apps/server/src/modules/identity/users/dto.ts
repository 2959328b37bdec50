import { fromMicro } from '@app/contracts/money';
import type { User } from '@app/contracts/users';
import type { UserViewRow } from './repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The one place a stored user becomes an API user: no hash, money as numbers from micro-units. With
 * `now`, a control hold that ended by then is shown as none; without it, as stored (the member view
 * cache keeps that and `endedHold` drops it at each read, by the service's clock).
 */
export function toUserDto(r: UserViewRow, now?: Date): User {
  const held = r.controls_hold_until !== null && (now === undefined || r.controls_hold_until > now);
  return {
    id: Number(r.id),
    username: r.username,
    email: r.email,
    role: r.role,
    status: r.status,
    is_active: r.is_active,
    roi_status: r.roi_status,
    level_status: r.level_status,
    address: r.address,
    fullname: r.fullname,
    phone: r.phone,
    business: fromMicro(r.business),
    business_balance: fromMicro(r.business_balance),
    reffer_by: r.reffer_by,
    refferal_code: r.refferal_code,
    total_team: Number(r.total_team),
    level_month: fromMicro(r.level_month),
    roi_day: fromMicro(r.roi_day),
    paid_member: r.paid_member,
    activation_date: iso(r.activation_date),
    last_login: iso(r.last_login),
    created_at: r.created_at.toISOString(),
    verify_at: iso(r.verify_at),
    updated_at: r.updated_at.toISOString(),
    bep20: r.bep20,
    trc20: r.trc20,
    active_plan: fromMicro(r.active_plan),
    plan_id: r.plan_id,
    roi_income: fromMicro(r.roi_income),
    reward: fromMicro(r.reward),
    direct_income: fromMicro(r.direct_income),
    salary: fromMicro(r.salary),
    non_working: fromMicro(r.roi_income),
    working: fromMicro(r.working),
    controls_hold_until: held ? iso(r.controls_hold_until) : null,
    controls_hold_what: held ? r.controls_hold_what : [],
    locale: r.locale,
  };
}

/** The user without a control hold that ended by `now`; the same object while it runs. */
export function endedHold(u: Readonly<User>, now: Date): Readonly<User> {
  if (u.controls_hold_until === null || new Date(u.controls_hold_until) > now) return u;
  return { ...u, controls_hold_until: null, controls_hold_what: [] };
}
