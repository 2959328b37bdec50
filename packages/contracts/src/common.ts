import { z } from 'zod';

/** Every error answer of the API. */
export const errorResponse = z.object({ message: z.string() });
export const messageResponse = z.object({ message: z.string() });

export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** `page` from 1, `limit` default 10, max 100 (ARCHITECTURE.md, API). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export const pageInfo = {
  total: z.number().int(),
  totalPages: z.number().int(),
  currentPage: z.number().int(),
};

/** A bounded trimmed string; every free-text input of the API goes through one of these. */
export const text = (max: number, min = 1) => z.string().trim().min(min).max(max);

export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Enter a valid email' }));

export const password = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

/** Phone numbers are digits only (spec: numeric input); a leading + is dropped. */
export const phone = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(/^\+/, ''))
  .pipe(z.string().regex(/^\d{6,15}$/, 'Phone must be 6 to 15 digits'));

export const isoDate = z.string();
