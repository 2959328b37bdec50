import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/**
 * The forms' check messages in the member's language (issue 38). The rules live in
 * packages/contracts (zod), shared with the server, whose 400 answers keep the spec's English; the
 * web app shows their English text through this table: each entry is the English text (or its
 * pattern, for the messages zod-messages.ts writes with a number) and its catalog entry. Loaded after
 * the first paint with the `checks` area (offered.ts); a text not listed, or met before the area
 * arrived, shows as it is. test/unit/check-texts.test.ts keeps the table in step with the contracts.
 */
export const CHECK_TEXTS: Array<[string | RegExp, MessageDescriptor]> = [
  // zod-messages.ts: a rule that names no message of its own
  ['This field is required', msg`This field is required`],
  [
    /^Enter at least (?<count>\d+) characters?$/,
    msg`{count, plural, one {Enter at least # character} other {Enter at least # characters}}`,
  ],
  [
    /^Enter at most (?<count>\d+) characters?$/,
    msg`{count, plural, one {Enter at most # character} other {Enter at most # characters}}`,
  ],
  [/^Enter a number of at least (?<value>.+)$/, msg`Enter a number of at least {value}`],
  [/^Enter a number greater than (?<value>.+)$/, msg`Enter a number greater than {value}`],
  [/^Enter a number of at most (?<value>.+)$/, msg`Enter a number of at most {value}`],
  [/^Enter a number less than (?<value>.+)$/, msg`Enter a number less than {value}`],
  [
    /^Choose at least (?<count>\d+) items?$/,
    msg`{count, plural, one {Choose at least # item} other {Choose at least # items}}`,
  ],
  [
    /^Choose at most (?<count>\d+) items?$/,
    msg`{count, plural, one {Choose at most # item} other {Choose at most # items}}`,
  ],
  ['Enter a number', msg`Enter a number`],
  ['Enter text', msg`Enter text`],
  ['Choose yes or no', msg`Choose yes or no`],
  ['Enter a valid email', msg`Enter a valid email`],
  ['Enter a valid link (https://...)', msg`Enter a valid link (https://...)`],
  ['Enter a date such as 2026-11-01', msg`Enter a date such as 2026-11-01`],
  [/^Choose one of: (?<values>.+)$/, msg`Choose one of: {values}`],
  [/^Enter a multiple of (?<value>.+)$/, msg`Enter a multiple of {value}`],
  // sign-in, registration, profile (auth.ts, common.ts, users.ts, referral.ts)
  ['Enter your full name', msg`Enter your full name`],
  ['Your full name must be at least 2 characters', msg`Your full name must be at least 2 characters`],
  ['Your full name must be at most 100 characters', msg`Your full name must be at most 100 characters`],
  ['Enter your email', msg`Enter your email`],
  ['Enter your email or username', msg`Enter your email or username`],
  ['Enter your password', msg`Enter your password`],
  ['Enter your current password', msg`Enter your current password`],
  ['Enter your password to confirm', msg`Enter your password to confirm`],
  ['The code is 6 digits', msg`The code is 6 digits`],
  ['Username is 3 to 32 letters, digits, _ or .', msg`Username is 3 to 32 letters, digits, _ or .`],
  ['Referral code is required', msg`Referral code is required`],
  ['Referral code is too long', msg`Referral code is too long`],
  ['Referral code has letters and digits only', msg`Referral code has letters and digits only`],
  ['Type at least 2 characters', msg`Type at least 2 characters`],
  ['Search is at most 64 characters', msg`Search is at most 64 characters`],
  // password-rules.ts (a member's)
  ['Password must be at least 10 characters', msg`Password must be at least 10 characters`],
  ['Password must be at most 128 characters', msg`Password must be at most 128 characters`],
  ['Password cannot be only spaces', msg`Password cannot be only spaces`],
  ['Password cannot contain control characters', msg`Password cannot contain control characters`],
  [
    'This password is on the lists of common passwords that attackers try first. Choose another.',
    msg`This password is on the lists of common passwords that attackers try first. Choose another.`,
  ],
  ['At least 10 characters, not a common password', msg`At least 10 characters, not a common password`],
  // phone.ts
  [
    'Phone may have digits, spaces, dashes, brackets and a leading + or 00 only',
    msg`Phone may have digits, spaces, dashes, brackets and a leading + or 00 only`,
  ],
  [
    'Enter a phone number that exists, with its country code, e.g. +44 7700 900123',
    msg`Enter a phone number that exists, with its country code, e.g. +44 7700 900123`,
  ],
  // money.ts: typed amounts
  ['Enter an amount', msg`Enter an amount`],
  ['Enter a number, such as 12.50', msg`Enter a number, such as 12.50`],
  ['Enter an amount of 0 or more', msg`Enter an amount of 0 or more`],
  ['Use at most 6 decimals', msg`Use at most 6 decimals`],
  [/^Too large \(at most (?<amount>.+)\)$/, msg`Too large (at most {amount})`],
  [
    'Write the amount without thousands separators, with a point or a comma for decimals: 1000.50',
    msg`Write the amount without thousands separators, with a point or a comma for decimals: 1000.50`,
  ],
  ['Enter an amount greater than zero', msg`Enter an amount greater than zero`],
  // payout-addresses.ts
  [
    'BEP20 address must be 0x followed by 40 hex characters',
    msg`BEP20 address must be 0x followed by 40 hex characters`,
  ],
  [
    'This BEP20 address has a wrong checksum (its upper and lower case letters do not match): copy it again from your wallet',
    msg`This BEP20 address has a wrong checksum (its upper and lower case letters do not match): copy it again from your wallet`,
  ],
  [
    'TRC20 address must start with T and be 34 characters',
    msg`TRC20 address must start with T and be 34 characters`,
  ],
  [
    'This TRC20 address has a wrong checksum (a character is mistyped): copy it again from your wallet',
    msg`This TRC20 address has a wrong checksum (a character is mistyped): copy it again from your wallet`,
  ],
  // web3.ts: a deposit from the member's own wallet
  [
    'Enter a wallet address: 0x followed by 40 hexadecimal characters',
    msg`Enter a wallet address: 0x followed by 40 hexadecimal characters`,
  ],
  [
    'Enter a transaction hash: 0x followed by 64 hexadecimal characters',
    msg`Enter a transaction hash: 0x followed by 64 hexadecimal characters`,
  ],
  // tickets.ts
  ['Subject is required', msg`Subject is required`],
  ['Subject must be at most 150 characters', msg`Subject must be at most 150 characters`],
  ['Message is required', msg`Message is required`],
  ['Message must be at most 5000 characters', msg`Message must be at most 5000 characters`],
  ['Choose a category', msg`Choose a category`],
  ['Choose a priority', msg`Choose a priority`],
];

/** `text` in the active language when the table and the loaded catalogs have it, else as it is. */
export function checkText(text: string): string {
  for (const [pattern, descriptor] of CHECK_TEXTS) {
    const found = typeof pattern === 'string' ? (pattern === text ? {} : null) : pattern.exec(text)?.groups;
    if (!found) continue;
    if (!(descriptor.id in i18n.messages)) return text;
    const values = Object.fromEntries(
      Object.entries(found).map(([name, value]) => [name, name === 'count' ? Number(value) : value]),
    );
    return i18n._(descriptor.id, { ...descriptor.values, ...values });
  }
  return text;
}
