import { z } from 'zod';

/** A percentage with at most 4 decimals, 0 to 100. */
export const percent = z
  .number()
  .min(0, 'A percentage cannot be negative')
  .max(100, 'A percentage cannot exceed 100')
  .multipleOf(0.0001, 'A percentage has at most 4 decimals');

/** A USDT amount kept in settings: a number with at most 6 decimals. */
export const usdt = z
  .number()
  .min(0, 'An amount cannot be negative')
  .max(999_999_999, 'Amount is too large')
  .multipleOf(0.000001, 'An amount has at most 6 decimals');

/**
 * Every knob of DOMAIN.md that is not stored on a plan. Read at the moment of an operation and
 * recorded on the ledger entry it produced.
 */
export const settings = z.strictObject({
  withdrawal_min: usdt,
  fee_profit_percent: percent,
  fee_roi_percent: percent,
  fee_compound_percent: percent,
  /** Principal withdrawal fee by days since activation; after the last tier the fee is 0. */
  fee_principal_tiers: z
    .array(z.strictObject({ within_days: z.number().int().min(1).max(3650), percent }))
    .max(10),
  withdrawals_open: z.boolean(),
  deposits_open: z.boolean(),
  transfers_open: z.boolean(),
});
export type Settings = z.infer<typeof settings>;

export const DEFAULT_SETTINGS: Settings = {
  withdrawal_min: 10,
  fee_profit_percent: 10,
  fee_roi_percent: 5,
  fee_compound_percent: 5,
  fee_principal_tiers: [
    { within_days: 10, percent: 20 },
    { within_days: 20, percent: 10 },
  ],
  withdrawals_open: true,
  deposits_open: true,
  transfers_open: true,
};

export const settingsResponse = z.object({ settings });
export const settingsUpdateBody = settings.partial();
