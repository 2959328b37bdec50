import { moneyInput } from '@app/contracts/money';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { z } from 'zod';
import { fromText } from '../../../lib/forms';

/**
 * lib/forms.ts's amountText with its words in the member's language: an amount typed into a text
 * box, checked by the contract's money schema and parsed to micro-units.
 */
export function amountField(i18n: I18n, schema: z.ZodType<bigint, string | number> = moneyInput) {
  return z
    .string()
    .trim()
    .min(1, i18n._(msg`Enter an amount`))
    .pipe(fromText(schema))
    .refine((value) => value > 0n, i18n._(msg`Enter an amount greater than zero`));
}
