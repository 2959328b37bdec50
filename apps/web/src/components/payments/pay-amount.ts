import { formatAmount } from '../../i18n/format';

/**
 * A crypto amount of a provider payment (what to send, what arrived) in the member's number
 * conventions (issue 38: "16,5" in Spanish), with every decimal it has: the provider's figure is
 * shown exactly, never rounded to the two decimals of USDT balances. The value stays a decimal
 * string on its way to Intl (src/i18n/format.ts), so no float rounding creeps in; the QR code and
 * the copied address keep the raw figure.
 */
export function payAmount(value: number | string): string {
  const text = typeof value === 'number' ? plain(value) : value;
  return formatAmount(text, { decimals: text.split('.')[1]?.length ?? 0 });
}

/** A JS number as a plain decimal string (no exponent), as contracts/payments.ts writes it. */
function plain(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(18).replace(/0+$/, '').replace(/\.$/, '') : text;
}
