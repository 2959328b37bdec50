import { i18n } from '@lingui/core';
import { formatPercent as formatDecimalPercent } from '../../../i18n/format';
import { formatPercent } from '../../../lib/money';

/**
 * A fee percentage (a number such as 12.5) in the active language: English keeps the house's
 * "12.5 %" (lib/money.ts), other languages write it their own way ("12,5 %", "12.5%").
 */
export function formatPercentNumber(value: number): string {
  if (!i18n.locale || i18n.locale === 'en') return formatPercent(value);
  // at most 4 places, as lib/money.ts shows them; toFixed keeps a number like 1e-7 out of the string
  const text = value.toFixed(4).replace(/\.?0+$/, '');
  return formatDecimalPercent(text, { decimals: 4 });
}
