/**
 * An independent model of DOMAIN.md's compensation rules, written from the text and not from the
 * server's code: the economy simulation drives the real API and checks every balance and every
 * income against what this model says the rules owe. Money in micro-units (bigint), percents as
 * micro-percents so rounding is the rules' "round down to the micro-unit".
 */
export interface PlanRule {
  id: number;
  roiMicroPercent: bigint; // 0.5 % = 500_000n
  directMicroPercent: bigint;
  cap: bigint;
}

export interface ModelMember {
  id: number;
  sponsor: ModelMember | null;
  uplines: ModelMember[]; // level 1 (sponsor) first
  blocked: boolean;
  active: boolean; // is_active
  plan: PlanRule | null;
  fund: bigint;
  earnings: bigint;
  roi: bigint;
  principal: bigint;
  compound: bigint;
  compoundMicroPercent: bigint;
  total: bigint; // total earnings counted against the limit
  lastClaim: number | null; // ms
  incomes: { kind: string; amount: bigint; paid: bigint }[];
}

const PERCENT = 100_000_000n; // 100 % in micro-percent

export const share = (amount: bigint, microPercent: bigint) => (amount * microPercent) / PERCENT;

export class EconomyModel {
  readonly members = new Map<number, ModelMember>();

  constructor(
    readonly levelMicroPercents: bigint[],
    readonly cooldownMs: number,
  ) {}

  join(id: number, sponsorId: number | null): ModelMember {
    const sponsor = sponsorId === null ? null : this.members.get(sponsorId)!;
    const m: ModelMember = {
      id,
      sponsor,
      uplines: sponsor ? [sponsor, ...sponsor.uplines] : [],
      blocked: false,
      active: false,
      plan: null,
      fund: 0n,
      earnings: 0n,
      roi: 0n,
      principal: 0n,
      compound: 0n,
      compoundMicroPercent: 0n,
      total: 0n,
      lastClaim: null,
      incomes: [],
    };
    this.members.set(id, m);
    return m;
  }

  activePlan = (m: ModelMember) => m.principal + m.compound;
  limit = (m: ModelMember) => this.activePlan(m) * (m.plan?.cap ?? 7n);
  room = (m: ModelMember) => {
    const r = this.limit(m) - m.total;
    return r > 0n ? r : 0n;
  };

  /** Applies the limit to a capped income and books it; answers what was paid. */
  private pay(m: ModelMember, kind: string, amount: bigint): bigint {
    const paid = amount < this.room(m) ? amount : this.room(m);
    m.total += paid;
    if (kind === 'roi_income') m.roi += paid;
    else m.earnings += paid;
    m.incomes.push({ kind, amount, paid });
    return paid;
  }

  deposit(m: ModelMember, amount: bigint) {
    m.fund += amount;
  }

  /** A plan purchase by the member for themselves; direct income to an active, unblocked sponsor. */
  buy(m: ModelMember, plan: PlanRule, amount: bigint) {
    if (m.fund < amount) return false;
    m.fund -= amount;
    m.principal += amount;
    m.plan = plan;
    m.active = true;
    const s = m.sponsor;
    if (s?.active && !s.blocked) {
      const direct = share(amount, plan.directMicroPercent);
      if (direct > 0n) this.pay(s, 'direct_income', direct);
    }
    return true;
  }

  activeDirects(m: ModelMember) {
    let n = 0;
    for (const x of this.members.values()) if (x.sponsor === m && x.active) n += 1;
    return n;
  }

  /** Why a claim is refused, or null when it pays. */
  refusal(m: ModelMember, now: number): string | null {
    if (m.blocked) return 'blocked';
    if (this.activePlan(m) === 0n) return 'no plan';
    if (m.lastClaim !== null && now - m.lastClaim < this.cooldownMs) return 'cooldown';
    if (this.room(m) === 0n) return 'limit';
    return null;
  }

  /** A daily ROI claim: ROI to the member (part compounded), level income to qualified uplines. */
  claim(m: ModelMember, now: number) {
    const roi = share(this.activePlan(m), m.plan!.roiMicroPercent);
    const paid = this.pay(m, 'roi_income', roi);
    const compounded = share(paid, m.compoundMicroPercent);
    m.roi -= compounded;
    m.compound += compounded;
    m.lastClaim = now;
    // level income is a percent of the ROI amount the claim computed (before the claimant's cap)
    m.uplines.slice(0, this.levelMicroPercents.length).forEach((u, i) => {
      const level = i + 1;
      if (!u.active || u.blocked || this.activeDirects(u) < level) return;
      const amount = share(roi, this.levelMicroPercents[i]!);
      if (amount > 0n) this.pay(u, 'level_income', amount);
    });
    return paid;
  }
}
