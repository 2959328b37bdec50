import { moneyInput } from '@app/contracts/money';
import { z } from 'zod';

/**
 * A contract schema fed from a text box. Zod's pipe() wants a target whose input is exactly a string;
 * the coercing and money schemas of the contracts take a string among other inputs, so this is safe.
 */
export function fromText<O>(schema: z.ZodType<O, unknown>): z.ZodType<O, string> {
  return schema as unknown as z.ZodType<O, string>;
}

/**
 * An amount typed into a text box, checked by the contract's money schema (`moneyInput`: at most 6
 * decimals, bounded) and parsed to micro-units; empty and zero get plain words first.
 */
export function amountText(schema: z.ZodType<bigint, string | number> = moneyInput) {
  return z
    .string()
    .trim()
    .min(1, 'Enter an amount')
    .pipe(fromText(schema))
    .refine((value) => value > 0n, 'Enter an amount greater than zero');
}

/** A number typed into a text box, then checked by a contract number schema (percent, multiple). */
export function numberText(schema: z.ZodType<number, number>, empty = 'Enter a number') {
  return z
    .string()
    .trim()
    .min(1, empty)
    .transform(Number)
    .pipe(z.number({ error: 'Enter a number' }).pipe(schema));
}
