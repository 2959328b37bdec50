import type { Locale } from '@app/contracts/locales';
import type { ControlKind } from '@app/contracts/users';
import { membersChanged, type Queryable } from '../../../db/pool.js';
import { forbidden } from '../../../errors.js';
import { listIn, localeOrDefault, t, utcIn } from '../../../i18n/index.js';
import { enqueueMail } from '../../../mail/outbox.js';
import type { Mail } from '../../../mail/templates.js';
import { readSettings } from '../../operations/settings/service.js';

/**
 * Changing who controls an account is slow and loud (issue 36). Whoever takes over a member (a reset
 * link read by someone else, a phished password) changes a control first: the password, the e-mail
 * where reset links go, or the payout address. Each such change tells the OLD e-mail address and
 * holds withdrawals and transfers to other members for `account_change_hold_hours`, so the real
 * member has time to reach support before any money leaves.
 */

export interface ControlChange {
  userId: number;
  /** What changed, in one request (a profile save may change the password and an address). */
  what: readonly ControlKind[];
  /** The address the notice goes to: the one before the change. */
  oldEmail: string;
  /** Where the change came from (null when unknown); the member recognises their own network. */
  ip: string | null;
  now: Date;
  /** A change made in the back-office (the notice says so), not by the member. */
  byStaff: boolean;
  /**
   * False: the notice only (a first payout address, where none was: nothing is redirected). A hold
   * that runs already is kept as it is.
   */
  hold?: boolean;
}

/** Staff cannot set what would let them take over a member (PUT /users/{id} from the back-office). */
export const STAFF_SETS_NO_PASSWORD =
  "Staff cannot set a member's password: the member sets a new one with the reset link from the sign-in page (Forgot password).";
export const STAFF_SETS_NO_PAYOUT =
  'Staff cannot set a payout address (bep20, trc20): the member sets it in their own profile, which pauses their withdrawals for the hold time.';

const WHAT_TEXT: Record<ControlKind, string> = {
  password: 'password',
  email: 'e-mail address',
  payout_address: 'payout address',
};

/** "password", "password and payout address", "password, e-mail address and payout address". */
export function controlsText(what: readonly ControlKind[]): string {
  const words = what.map((w) => WHAT_TEXT[w]);
  if (words.length <= 1) return words[0] ?? 'account details';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/** A time as the notice and the refusal show it: UTC to the minute, unambiguous in any inbox. */
export const utcText = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * Records a change of the member's controls, in the caller's transaction (the one that made the
 * change, so a change never commits without its hold and notice): starts or extends the hold (a
 * hold that still runs keeps its later end and adds what changed now) and queues the notice to the
 * old address. With the setting at 0 the notice still goes and nothing is held. Answers when the
 * hold ends, or null. Called by the member's own profile and reset link, and by the staff approval
 * of a member's e-mail change once a second admin approved it.
 */
export async function startControlHold(q: Queryable, change: ControlChange): Promise<Date | null> {
  if (change.what.length === 0) return null;
  const settings = await readSettings(q);
  const hours = settings.account_change_hold_hours;
  const until =
    change.hold !== false && hours > 0 ? new Date(change.now.getTime() + hours * 3_600_000) : null;
  const { rows } = await q.query<{ fullname: string; locale: string | null; until: Date | null }>(
    // every SET reads the row as it was: a hold still running at `now` keeps what it held for
    `UPDATE users
        SET controls_hold_what = CASE
              WHEN $2::timestamptz IS NULL THEN controls_hold_what
              WHEN controls_hold_until > $3 THEN
                ARRAY(SELECT DISTINCT w FROM unnest(controls_hold_what || $4::text[]) AS w ORDER BY w)
              ELSE $4::text[] END,
            controls_hold_until = CASE
              WHEN $2::timestamptz IS NULL THEN controls_hold_until
              ELSE greatest(controls_hold_until, $2::timestamptz) END
      WHERE id = $1
      RETURNING fullname, locale, CASE WHEN controls_hold_until > $3 THEN controls_hold_until END AS until`,
    [change.userId, until, change.now, [...change.what]],
  );
  if (!rows[0]) return null;
  membersChanged(q, [change.userId]);
  const heldUntil = rows[0].until;
  await enqueueMail(
    q,
    controlChangedMail(
      change,
      rows[0].fullname,
      heldUntil,
      { site: settings.site_name, contact: settings.contact_email },
      localeOrDefault(rows[0].locale),
    ),
  );
  return heldUntil;
}

/**
 * THE check of a hold: a withdrawal request and a transfer to another member call it inside their
 * money transaction, with their clock. 403 naming when the hold ends (UTC) and why.
 */
export async function assertNoControlHold(q: Queryable, userId: number, now: Date): Promise<void> {
  const { rows } = await q.query<{ until: Date | null; what: ControlKind[] }>(
    'SELECT controls_hold_until AS until, controls_hold_what AS what FROM users WHERE id = $1',
    [userId],
  );
  const hold = rows[0];
  if (hold?.until && hold.until > now) throw forbidden(controlHoldMessage(hold.until, hold.what));
}

export function controlHoldMessage(until: Date, what: readonly ControlKind[]): string {
  return (
    `Withdrawals and transfers to other members are paused until ${utcText(until)} because ` +
    `this account's ${controlsText(what)} changed. If this was not you, contact support.`
  );
}

function controlChangedMail(
  change: ControlChange,
  name: string,
  until: Date | null,
  site: { site: string; contact: string },
  lang: Locale,
): Mail {
  // English as it always read; another language names the controls as a list (Intl.ListFormat)
  const what =
    lang === 'en'
      ? controlsText(change.what)
      : listIn(
          lang,
          change.what.length
            ? change.what.map((w) => t(lang, { id: `word.control.${w}` }))
            : [t(lang, { id: 'word.control.none' })],
        );
  const when = lang === 'en' ? utcText(change.now) : utcIn(lang, change.now);
  const hold = until
    ? t(lang, {
        id: 'mail.accountChange.hold',
        values: { until: lang === 'en' ? utcText(until) : utcIn(lang, until) },
      })
    : '';
  return {
    to: change.oldEmail,
    template: 'account_change',
    subject: t(lang, { id: 'mail.accountChange.subject', values: { what } }),
    text:
      t(lang, {
        id: 'mail.accountChange.text',
        values: {
          name,
          what,
          site: site.site,
          who: change.byStaff ? 'staff' : 'member',
          when,
          ip: change.ip || 'none',
        },
      }) +
      hold +
      t(lang, { id: 'mail.accountChange.end', values: { contact: site.contact || 'none' } }),
  };
}
