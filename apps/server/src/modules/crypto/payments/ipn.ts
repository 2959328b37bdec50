/**
 * IPN signatures of the NOWPayments protocol: HMAC-SHA512, hex, in the `x-nowpayments-sig` header,
 * over the JSON body with the keys of every object sorted at every nesting level (arrays keep their
 * order), keyed with the IPN secret. The sandbox signs with `signIpn`; the callback route checks
 * with `verifyIpn`, in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-nowpayments-sig';

/** The value with the keys of every nested object in sorted order. */
export function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort())
      sorted[key] = sortDeep((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/** The exact text that is signed. */
export const canonicalJson = (body: unknown) => JSON.stringify(sortDeep(body));

export function signIpn(body: unknown, secret: string): string {
  return createHmac('sha512', secret).update(canonicalJson(body)).digest('hex');
}

/** True only for a well-formed signature equal to ours; compared in constant time. */
export function verifyIpn(body: unknown, signature: string | undefined, secret: string): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const expected = Buffer.from(signIpn(body, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
