/**
 * Payout addresses checked beyond their pattern (issue 37.6): a TRC20 address is base58check (its
 * last 4 bytes are a double-SHA-256 checksum of a 21-byte payload starting 0x41), a mixed-case
 * BEP20 address carries an EIP-55 checksum. One check for the member's form and the server, with
 * audited libraries (@scure/base, viem) rather than crypto written here.
 */
import { createBase58check } from '@scure/base';
import { isAddress, sha256 } from 'viem';
import { z } from 'zod';

const tronBase58check = createBase58check((data) => sha256(data, 'bytes'));

/** TRON's address prefix byte (mainnet). */
const TRON_PREFIX = 0x41;

export function isTrc20Address(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  try {
    const payload = tronBase58check.decode(value);
    return payload.length === 21 && payload[0] === TRON_PREFIX;
  } catch {
    // a checksum that does not match (a typo, or an address made up to look right)
    return false;
  }
}

/** All-lowercase (or all-uppercase) hex carries no checksum and is valid; mixed case must match EIP-55. */
export function isBep20Address(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const hex = value.slice(2);
  // EIP-55 leaves single-case addresses unchecked (viem's strict check would refuse all-uppercase)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return isAddress(value, { strict: true });
}

/** Why `value` is not a payout address of `network`, or null when it is one. */
export function payoutAddressProblem(network: 'BEP20' | 'TRC20', value: string): string | null {
  if (network === 'BEP20') {
    if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return 'BEP20 address must be 0x followed by 40 hex characters';
    return isBep20Address(value)
      ? null
      : 'This BEP20 address has a wrong checksum (its upper and lower case letters do not match): copy it again from your wallet';
  }
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value))
    return 'TRC20 address must start with T and be 34 characters';
  return isTrc20Address(value)
    ? null
    : 'This TRC20 address has a wrong checksum (a character is mistyped): copy it again from your wallet';
}

/** A payout address field of a form: empty clears it, anything else must be a valid address. */
export function payoutAddressField(network: 'BEP20' | 'TRC20') {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : payoutAddressProblem(network, value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}
