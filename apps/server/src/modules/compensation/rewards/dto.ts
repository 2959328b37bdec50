import { fromMicro } from '@app/contracts/money';
import type { RewardBusiness, RewardPayout, RewardPlan, RewardStage } from '@app/contracts/rewards';
import type { BusinessFigures } from './business.js';
import type { PayoutRow, RewardPlanRow, StageRow } from './repo.js';

export const planDto = (p: RewardPlanRow): RewardPlan => ({
  id: p.id,
  title: p.title,
  business: fromMicro(p.business),
  reward: fromMicro(p.reward),
  days: p.days,
  order: p.sort_order,
  is_active: p.is_active,
  created_at: p.created_at.toISOString(),
  updated_at: p.updated_at.toISOString(),
});

export const stageDto = (s: StageRow): RewardStage => ({
  id: Number(s.id),
  plan_id: s.plan_id,
  title: s.title,
  threshold: fromMicro(s.threshold),
  reward: fromMicro(s.reward),
  days: s.days,
  order: s.plan_order,
  starts_at: s.starts_at.toISOString(),
  ends_at: s.ends_at.toISOString(),
  status: s.status,
  closed_business: s.closed_business === null ? null : fromMicro(s.closed_business),
  achieved: s.achieved,
  closed_at: s.closed_at?.toISOString() ?? null,
  paid: s.paid === null ? null : fromMicro(s.paid),
});

export const payoutDto = (r: PayoutRow): RewardPayout => ({
  id: Number(r.id),
  user_id: Number(r.user_id),
  username: r.username,
  plan_id: r.plan_id,
  title: r.title,
  source: r.source,
  amount: fromMicro(r.amount),
  paid: fromMicro(r.paid),
  cut: fromMicro(r.cut),
  business: r.business === null ? null : fromMicro(r.business),
  note: r.note,
  created_at: r.created_at.toISOString(),
});

export function businessDto(
  userId: number,
  stage: StageRow,
  legCapPercent: number,
  f: BusinessFigures,
): RewardBusiness {
  return {
    user_id: userId,
    stage_id: Number(stage.id),
    threshold: fromMicro(stage.threshold),
    leg_cap_percent: legCapPercent,
    leg_cap: fromMicro(f.legCap),
    window_start: stage.starts_at.toISOString(),
    window_end: stage.ends_at.toISOString(),
    legs: f.legs.map((l) => ({
      user_id: l.userId,
      username: l.username,
      business: fromMicro(l.business),
      carried: fromMicro(l.carried),
      counted: fromMicro(l.counted),
      capped: l.capped,
    })),
    total: fromMicro(f.total),
    counted: fromMicro(f.counted),
    qualified: f.qualified,
  };
}
