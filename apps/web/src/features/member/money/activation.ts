import { DEFAULT_ACTIVATION_FEE } from '@app/contracts/topups';
import type { ActPlan } from '../../../api/plans';

/** The fee the server charges for an activation: its first active activation plan, else the default. */
export function activationFee(actPlans: ActPlan[] | undefined): number | undefined {
  if (!actPlans) return undefined;
  const first = [...actPlans].sort((a, b) => a.id - b.id).find((a) => a.is_active);
  return first?.fee ?? DEFAULT_ACTIVATION_FEE;
}
