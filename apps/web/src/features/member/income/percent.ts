import { i18n } from '@lingui/core';
import { formatPercent as formatDecimalPercent } from '../../../i18n/format';
import { formatShare } from '../../../lib/money';

export { formatPercentNumber } from '../withdrawal/percent';

/**
 * A computed share or change (a number such as 96.06) at one precision, in the active language:
 * English keeps the house's "96.1 %" (lib/money.ts), other languages their own ("96,1 %", "96.1%").
 */
export function formatShareNumber(value: number, decimals = 1): string {
  if (!i18n.locale || i18n.locale === 'en') return formatShare(value, decimals);
  return formatDecimalPercent(value.toFixed(decimals), { decimals });
}
