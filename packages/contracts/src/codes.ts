import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';
import { moneyInput } from './money.js';

export const codesIssueBody = z.strictObject({
  count: z.coerce.number().int().min(1).max(500),
  value: moneyInput,
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
