import { randomInt } from 'node:crypto';

// No 0/O or 1/I/L: codes are read aloud and typed from screenshots.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/**
 * A readable username from the first name plus four digits, e.g. "alice4821". A common first name
 * runs out of four digits at a few thousand members: each retry after a collision (`attempt`) draws
 * from a space a hundred times larger every second time (6 digits, then 8).
 */
export function newUsername(fullname: string, attempt = 0): string {
  const base =
    fullname
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')[0]
      ?.slice(0, 12) || 'member';
  const digits = 4 + 2 * Math.floor(Math.min(attempt, 5) / 2);
  return `${base}${randomInt(10 ** (digits - 1), 10 ** digits)}`;
}
