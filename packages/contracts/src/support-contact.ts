import { MSG } from './messages.js';
import type { PublicSettings } from './switches.js';

/**
 * How to reach the platform's team without signing in: the contact details of Settings (Site and
 * contact). A blocked member cannot sign in, and support tickets need a session, so "Contact
 * support" alone left them nowhere to go. Zod-free, for the sign-in page's budget.
 */
export type SupportContacts = Pick<PublicSettings, 'contact_email' | 'contact_phone' | 'contact_telegram'>;

/** The contact details set, in words: "a@b.c, +44 7700 900123 or @team on Telegram" ('' when none). */
export function contactWays(s: SupportContacts): string {
  const telegram = s.contact_telegram.replace(/^@/, '');
  const ways = [s.contact_email, s.contact_phone, telegram ? `@${telegram} on Telegram` : ''].filter(Boolean);
  return ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : (ways[0] ?? '');
}

/** The refusal of a blocked member (sign-in and any session of theirs), with the contact when set. */
export function blockedMessage(s: SupportContacts): string {
  const ways = contactWays(s);
  return ways ? `${MSG.blocked.replace(/\.$/, '')} at ${ways}.` : MSG.blocked;
}
