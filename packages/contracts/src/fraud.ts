import { z } from 'zod';
import { pageInfo, pageQuery } from './common.js';

export const FLAG_KINDS = ['shared_claims', 'self_referral', 'shared_address', 'registration_burst'] as const;
export const FLAG_STATUS = ['open', 'held', 'dismissed'] as const;

/** What the admin reads for each kind of signal. */
export const FLAG_KIND_LABEL: Record<(typeof FLAG_KINDS)[number], string> = {
  shared_claims: 'Claims from one address or device',
  self_referral: 'Sponsor and recruit look like one person',
  shared_address: 'One payout address, several members',
  registration_burst: 'Burst of registrations under one sponsor',
};

export const fraudFlag = z.object({
  id: z.number().int(),
  kind: z.enum(FLAG_KINDS),
  status: z.enum(FLAG_STATUS),
  members: z.array(z.object({ id: z.number().int(), username: z.string(), held: z.boolean() })),
  evidence: z.record(z.string(), z.unknown()),
  decided_by: z.number().int().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FraudFlag = z.infer<typeof fraudFlag>;

export const fraudListQuery = pageQuery.extend({ status: z.enum(FLAG_STATUS).optional() });
export const fraudListResponse = z.object({ flags: z.array(fraudFlag), ...pageInfo });
export const fraudScanResponse = z.object({ message: z.string(), raised: z.number().int() });
export const fraudFlagResponse = z.object({ message: z.string(), flag: fraudFlag });
