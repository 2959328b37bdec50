/**
 * What an edited sentence must not add (issue 38): the Languages page lets the content role reword
 * every screen, money screens included, so a dishonest editor could write "send your USDT to
 * 0x…" on the deposit page, or a support "phone number" on the withdrawal form. A translation may
 * say anything the English says in other words, but it may not carry an address, a link, an
 * e-mail, a messaging handle or a long number the English text does not have: such details belong
 * in Settings, where they are checked and audited as what they are.
 */
const DETAILS: RegExp[] = [
  /\b0x[0-9a-fA-F]{40}\b/g, // an EVM (BEP20) address
  /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/g, // a TRON (TRC20) address
  /\b[13][1-9A-HJ-NP-Za-km-z]{25,34}\b|\bbc1[0-9a-z]{20,60}\b/g, // a bitcoin address
  /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, // a link with a scheme
  /\bwww\.\S+/gi,
  /\b(?:t\.me|wa\.me|telegram\.me|bit\.ly)\/\S*/gi, // messaging and short links
  /\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|me|co|app|xyz|top|info|site|online|link|ru|in|id|br|ae|sa|eg)\b/gi,
  /[^\s@]+@[^\s@]+\.[^\s@]+/g, // an e-mail address
  /(?:^|\s)@[A-Za-z0-9_]{4,}/g, // a handle
  /\+?\d[\d\s().-]{6,}\d/g, // a phone or account number (7 digits or more)
];

const details = (text: string) =>
  DETAILS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[0].trim()));

/** The details `translation` carries that `english` does not, or an empty list. */
export function plantedDetails(translation: string, english: string): string[] {
  const own = new Set(details(english));
  return [...new Set(details(translation).filter((found) => !own.has(found)))];
}
