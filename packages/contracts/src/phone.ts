import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';

/** Shown when a number is refused; the form and the 400 say the same thing. */
export const PHONE_MSG = {
  chars: 'Phone may have digits, spaces, dashes, brackets and a leading + or 00 only',
  impossible: 'Enter a phone number that exists, with its country code, e.g. +44 7700 900123',
} as const;

/**
 * A phone number as people type it, in E.164 ("+447700900456") or null when it cannot be a number.
 * "+44 7700 900456", "0044 7700-900456", "(+44) 7700900456" and "447700900456" are one number:
 * separators go, a leading 00 is the international prefix, and bare digits carry their country code
 * first (the spec's field is numeric, so a client may send it without the +; numbers were stored so
 * before issue 37.15). A number written nationally ("07700 900456") has no country to read it in and
 * is refused rather than guessed. "Possible" (length per country), not "valid" (allocated ranges):
 * ranges change faster than the metadata, and a person's real number must never be refused.
 */
export function toE164(raw: string): string | null {
  const compact = raw.replace(/[\s().\-/]/g, '');
  if (!/^(\+|00)?\d+$/.test(compact)) return null;
  const international = compact.startsWith('+')
    ? compact
    : `+${compact.startsWith('00') ? compact.slice(2) : compact}`;
  const parsed = parsePhoneNumberFromString(international);
  return parsed?.isPossible() ? parsed.number : null;
}

/** The phone field of registration and the profile: accepts any common typing, answers E.164. */
export const phone = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[\d\s().+/-]*$/, PHONE_MSG.chars))
  .transform((v, ctx) => {
    const e164 = toE164(v);
    if (e164 === null) {
      ctx.addIssue({ code: 'custom', message: PHONE_MSG.impossible });
      return z.NEVER;
    }
    return e164;
  });
