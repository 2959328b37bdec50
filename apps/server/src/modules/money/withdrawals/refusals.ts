import { withValues } from '../../../errors.js';

/**
 * A member's withdrawal refusals that name values: the spec-style English message, and beside it a
 * code and the values (issue 38), so the web app says the same sentence in the member's language.
 */
export const refusal = {
  addressMissing: (network: string) =>
    withValues(
      400,
      `Add your ${network} address in your profile before withdrawing`,
      'withdrawal.addressMissing',
      {
        network,
      },
    ),
  addressInvalid: (network: string, problem: string) =>
    withValues(
      400,
      `Correct the ${network} address in your profile: ${problem}`,
      'withdrawal.addressInvalid',
      {
        network,
      },
    ),
  belowMinimum: (amount: string) =>
    withValues(400, `The minimum withdrawal is ${amount}`, 'withdrawal.minimum', { amount }),
  notCancellable: (status: string) =>
    withValues(
      409,
      `This request is already ${status} and cannot be cancelled`,
      'withdrawal.notCancellable',
      {
        status,
      },
    ),
};
