import { z } from 'zod';
import { memberPassword } from './passwords.js';
// human messages for every rule that names none (side effect: z.config)
import './zod-messages.js';

/**
 * Every error answer of the API: the spec's English `message`, and beside it a stable
 * machine-readable `code` (issue 38) a client translates or branches on: `<table>.<key>` for a
 * message of a contracts message table (`msg.emailTaken`), `validation.<field path>`, `data.<what>`
 * for input the database refused, else one `http.<status name>` per status. A message that names
 * values (an amount, a wallet) has its own code and those values in `params`.
 */
export const errorResponse = z.object({
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.string()).optional(),
});
export const messageResponse = z.object({ message: z.string() });

/**
 * PostgreSQL's `integer` ends here. Every integer input is bounded by the column it lands in, so a
 * bigger one is a 400 from the contract, never a 500 from the database. `z.number().int()` already
 * stops at 2^53 - 1, which a `bigint` column holds, so `bigint` fields need no extra bound.
 */
export const INT4_MAX = 2 ** 31 - 1;

/** The one spelling of an integer in a path or a query: plain decimal digits (ASCII). */
const DIGITS = /^\d+$/;
export const DIGITS_MESSAGE = 'Enter a whole number in digits';

/**
 * An integer from a path or a query, where every value is text: plain decimal digits, read as a
 * number and checked by `schema`. Other spellings are a 400: z.coerce.number() read '0x10', '1e1',
 * ' 2', '+3', '2.0' and `true` as 16, 10, 2, 3, 2 and 1, so `/users/0x10` reached user 16. The
 * metadata keeps the OpenAPI document saying "integer", which the preprocess step cannot express.
 */
export function urlInt(schema: z.ZodNumber, message = DIGITS_MESSAGE) {
  return z
    .preprocess((value, ctx) => {
      if (typeof value === 'string' && DIGITS.test(value)) return Number(value);
      if (typeof value === 'number') return value;
      ctx.addIssue({ code: 'custom', message, input: value });
      return z.NEVER;
    }, schema)
    .meta({ type: 'integer', ...integerBounds(schema) });
}

/** JSON Schema bounds of an integer schema; an exclusive bound (`positive()`) becomes the next integer. */
function integerBounds(schema: z.ZodNumber) {
  const bound = (value: number | null, step: number) =>
    value === null || !Number.isFinite(value)
      ? undefined
      : schema.safeParse(value).success
        ? value
        : value + step;
  const minimum = bound(schema.minValue, 1);
  const maximum = bound(schema.maxValue, -1);
  return { ...(minimum !== undefined ? { minimum } : {}), ...(maximum !== undefined ? { maximum } : {}) };
}

/**
 * A row id in a JSON body, of an `integer` identity column (plans, activation plans, videos, bonuses,
 * reward plans, salary tiers, CTO pools): a JSON number, never text or a boolean.
 */
export const int4Id = z.number().int().positive().max(INT4_MAX);
/** A row id in a JSON body, of a `bigint` identity column (users, deposits, withdrawals, tickets...): any safe whole number. */
export const int8Id = z.number().int().positive();
/** The same ids in a path or a query: digits only (urlInt). */
export const int4Param = urlInt(int4Id);
export const int8Param = urlInt(int8Id);

/** Path `:id`. Bounded like `integer` for every table: no `bigint` table is near 2^31 rows. */
export const idParam = z.object({ id: int4Param });

/** PostgreSQL text cannot hold a NUL character: the server refuses one in any input (http/validate.ts), contract strings too. */
export const NUL_MESSAGE = 'Text must not contain NUL characters';
/** A plain string input that refuses NUL characters. */
export const str = () => z.string().refine((v) => !v.includes('\u0000'), NUL_MESSAGE);

/**
 * A `page` or `limit` as clients send it. Missing, empty or without any digit means the
 * default: several existing clients send `page=undefined`, `page=null` or `limit=`. Digits are the
 * number; anything else holding a digit ('0x10', '1e1', ' 2', '+3', '2.0', '-1') is another spelling
 * of a number and a 400, as is a number out of range. The metadata keeps the OpenAPI document
 * saying "integer", which the preprocess step alone cannot express in JSON Schema.
 */
export function pagingInt(fallback: number, max: number, message?: string) {
  return z
    .preprocess((value, ctx) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'number') return value;
      if (typeof value === 'string' && DIGITS.test(value)) return Number(value);
      // no digit of any script: a client's "no page" ('٢' is a number, spelled otherwise)
      if (typeof value === 'string' && !/\p{Nd}/u.test(value)) return undefined;
      ctx.addIssue({ code: 'custom', message: DIGITS_MESSAGE, input: value });
      return z.NEVER;
    }, z.number().int(message).min(1, message).max(max, message).default(fallback))
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

export const isoDate = z.string();
