import { randomInt } from 'node:crypto';

// No 0/O or 1/I/L: codes are read aloud and typed from screenshots.
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A readable username from the first name plus four digits, e.g. "alice4821". */
export function newUsername(fullname: string): string {
  const base =
    fullname
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
      .split(' ')[0]
      ?.slice(0, 12) || 'member';
  return `${base}${randomInt(1000, 10000)}`;
}
