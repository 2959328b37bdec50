import { z } from 'zod';
import { memberPassword } from './passwords.js';
// human messages for every rule that names none (side effect: z.config)
import './zod-messages.js';

/** Every error answer of the API. */
export const errorResponse = z.object({ message: z.string() });
export const messageResponse = z.object({ message: z.string() });

/**
 * PostgreSQL's `integer` ends here. Every integer input is bounded by the column it lands in, so a
 * bigger one is a 400 from the contract, never a 500 from the database. `z.number().int()` already
 * stops at 2^53 - 1, which a `bigint` column holds, so `bigint` fields need no extra bound.
 */
export const INT4_MAX = 2 ** 31 - 1;

/** A row id (path, query or body) of an `integer` identity column: plans, activation plans, videos, bonuses, reward plans, salary tiers, CTO pools. */
export const int4Id = z.coerce.number().int().positive().max(INT4_MAX);
/** A row id of a `bigint` identity column (users, deposits, withdrawals, tickets...): any safe whole number. */
export const int8Id = z.coerce.number().int().positive();

/** Path `:id`. Bounded like `integer` for every table: no `bigint` table is near 2^31 rows. */
export const idParam = z.object({ id: int4Id });

/** PostgreSQL text cannot hold a NUL character: the server refuses one in any input (http/validate.ts), contract strings too. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';
/** A plain string input that refuses NUL characters. */
export const str = () => z.string().refine((v) => !v.includes('\u0000'), NUL_MESSAGE);

/**
 * A `page` or `limit` as clients send it. Missing, empty or not a number at all means the default:
 * several existing clients send `page=undefined` or `limit=`. A number that is out of range or not
 * whole is still refused (400). The metadata keeps the OpenAPI document saying "integer", which the
 * preprocess step alone cannot express in JSON Schema.
 */
export function pagingInt(fallback: number, max: number, message?: string) {
  return z
    .preprocess(
      (v) =>
        v === null || (typeof v === 'string' && (v.trim() === '' || Number.isNaN(Number(v)))) ? undefined : v,
      z.coerce.number().int(message).min(1, message).max(max, message).default(fallback),
    )
    .meta({ type: 'integer', minimum: 1, maximum: max, default: fallback });
}

/** `page` from 1, `limit` default 10, max 100 (ARCHITECTURE.md, API). */
export const pageQuery = z.object({
  page: pagingInt(1, 1_000_000),
  limit: pagingInt(10, 100),
});

export const pageInfo = {
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
};

/** A bounded trimmed string; every free-text input of the API goes through one of these. */
export const text = (max: number, min = 1) => str().trim().min(min).max(max);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email')
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email' }));

/** A new member password (passwords.ts: length, not blank, not a common password). */
export const password = memberPassword;

/**
 * A phone number, stored as its digits (spec: numeric input). People write it as they read it
 * ("+44 7700-900123", "(020) 7946 0958"): spaces, dashes, dots, brackets and a leading + are
 * accepted and dropped; anything else is refused before the digits are counted.
 */
export const phone = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^\+?[\d\s().-]*$/, 'Phone may have digits, spaces, dashes and a leading + only'))
  .transform((v) => v.replace(/\D/g, ''))
  .pipe(z.string().regex(/^\d{6,15}$/, 'Phone must be 6 to 15 digits'));

export const isoDate = z.string();
