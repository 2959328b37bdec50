import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';
import { moneyInput } from './money.js';

/** At most this many codes per request, generated or listed. */
export const CODES_PER_ISSUE = 500;
export const CODES_CHOOSE_ONE = 'Send count (codes to generate) or codes (the codes to create), not both';
/** How many codes to generate: a JSON number, whole (not "0x10", not true). */
export const codesCount = z.number().int().min(1).max(CODES_PER_ISSUE);
export const CODE_FORMAT_MESSAGE = 'A code is 8 to 40 letters or digits';

/**
 * A code an admin chooses (the spec's `codes` list). Upper case, as redemption compares them; at
 * least 8 characters, since a short code is guessed by trying (generated ones have 12).
 */
export const chosenCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{8,40}$/, CODE_FORMAT_MESSAGE);

/**
 * Two requests: today's `{count, value}` generates `count` random codes, and the spec's `{codes}`
 * creates the codes listed (section 7: "POST /codes: codes"). The spec's request has no value: its
 * codes are worth the activation fee unless `value` says otherwise (docs/decisions/money.md, codes).
 */
export const codesIssueBody = z
  .strictObject({
    count: codesCount.optional(),
    codes: z.array(chosenCode).min(1, 'List at least one code').max(CODES_PER_ISSUE).optional(),
    value: moneyInput.optional(),
  })
  .superRefine((body, ctx) => {
    if ((body.count === undefined) === (body.codes === undefined)) {
      ctx.addIssue({ code: 'custom', message: CODES_CHOOSE_ONE, path: [] });
      return;
    }
    if (body.count !== undefined && body.value === undefined)
      ctx.addIssue({ code: 'custom', message: 'Enter an amount', path: ['value'] });
    const seen = new Set<string>();
    for (const code of body.codes ?? []) {
      if (seen.has(code))
        ctx.addIssue({ code: 'custom', message: `${code} is listed twice`, path: ['codes'] });
      seen.add(code);
    }
  });

export const activationCode = z.object({
  id: z.number().int(),
  code: z.string(),
  value: z.number(),
  used_by: z.number().int().nullable(),
  used_by_username: z.string().nullable(),
  used_at: z.string().nullable(),
  created_at: z.string(),
});

export const codesListQuery = pageQuery.extend({ used: z.enum(['true', 'false']).optional() });
export const codesListResponse = z.object({ codes: z.array(activationCode), ...pageInfo });
export const codesIssueResponse = z.object({ message: z.string(), codes: z.array(activationCode) });
export const singleCodeResponse = z.object({ code: activationCode });
export const codeRedeemBody = z.strictObject({ code: z.string().trim().min(4).max(40) });
