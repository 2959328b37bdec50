/** Query-key roots of the money lists, so a money action refreshes every screen that shows its effect. */
export const moneyKeys = {
  topups: ['topups'] as const,
  withdrawals: ['withdrawals'] as const,
  deposits: ['deposits'] as const,
  transfers: ['transfers'] as const,
  codes: ['codes'] as const,
};

/** A money POST: its body and the Idempotency-Key of this submission (lib/idempotency.ts). */
export interface Keyed<B> {
  body: B;
  key: string;
}
