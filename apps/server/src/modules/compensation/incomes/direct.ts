import { percentOf } from '@app/contracts/money';
import type { IncomeItem } from './income.js';

/**
 * Direct income (DOMAIN.md): the sponsor of the member whose plan was bought earns the plan's
 * direct percent of the amount, when the sponsor is active and not blocked. Paid once per purchase.
 */
export function directIncome(purchase: {
  topupId: bigint | number | string;
  memberId: number;
  sponsorId: number | null;
  sponsorEarns: boolean | null;
  amount: bigint;
  percent: string;
}): IncomeItem[] {
  if (purchase.sponsorId === null || !purchase.sponsorEarns) return [];
  const amount = percentOf(purchase.amount, purchase.percent);
  if (amount <= 0n) return [];
  return [
    {
      userId: purchase.sponsorId,
      kind: 'direct_income',
      amount,
      refType: 'topup',
      refId: String(purchase.topupId),
      sourceUserId: purchase.memberId,
      level: 1,
      baseAmount: purchase.amount,
      percent: purchase.percent,
    },
  ];
}
