/**
 * The projection's engine: the next days of the platform in memory, from a snapshot, deciding every
 * income with the live engine's own rules (roi/rules.ts, roi/level.ts, incomes/direct.ts,
 * incomes/limit.ts, rewards/business.ts, salary/rules.ts, cto/rules.ts, the withdrawal fee). It
 * reads and writes nothing but its own arrays, so it runs in a worker thread, away from the locks
 * and pool slots of live traffic.
 *
 * A day, in the order the equality test drives the live engine: joins (deposit, plan purchase,
 * the sponsor's direct income), ROI claims in member id order (with level income and the compound
 * share), reward stages reached, the salary run, CTO pools whose month has begun, withdrawals.
 */
import { directIncome } from '../incomes/direct.js';
import type { IncomeItem } from '../incomes/income.js';
import { DEFAULT_CAP_MULTIPLE } from '../incomes/repo.js';
import { levelIncomes } from '../roi/level.js';
import type { UplineFacts } from '../roi/repo.js';
import { claimRefusal, compoundShareOf, roiAmount } from '../roi/rules.js';
import { cto, rewards, salaryRun, withdraw } from './payouts.js';
import { type DayFigures, PlatformState } from './state.js';

export type { Assumptions, DayFigures, Proposal } from './state.js';

const DAY_MS = 86_400_000;

/**
 * Whether a member claims on a day under the claim rate: a fixed spread over members and days, the
 * same in both scenarios, so the columns differ only by the settings.
 */
export function claimsToday(userId: number, day: number, rate: number): boolean {
  if (rate >= 100) return true;
  return ((Math.imul(userId, 2_654_435_761) + Math.imul(day, 40_503)) >>> 0) % 100 < rate;
}

/** The sponsor of the `j`-th member joining on `day`, among `sponsors` (a fixed spread, the same in both scenarios). */
export const joinSponsor = <T>(day: number, j: number, sponsors: readonly T[]): T =>
  sponsors[(Math.imul(day * 1_000 + j, 2_654_435_761) >>> 0) % sponsors.length]!;

/** One scenario: its platform, run day by day. */
export class Scenario extends PlatformState {
  /** Runs day `day` (1-based), ending at `from + day` days; answers that day's figures. */
  runDay(day: number): DayFigures {
    const at = this.snap.from + day * DAY_MS;
    this.today = {
      incomes: { roi_income: 0n, level_income: 0n, direct_income: 0n, reward: 0n, salary: 0n, cto: 0n },
      claims: 0,
      joins: 0,
      deposits: 0n,
      withdrawals: 0n,
      withdrawalFees: 0n,
      membersAtCap: 0,
      liabilities: 0n,
      reserves: 0n,
    };
    this.joins(day, at);
    this.claims(day, at);
    rewards(this, at);
    salaryRun(this, at);
    cto(this, at);
    withdraw(this);
    this.today.liabilities = this.liabilities;
    this.today.reserves = this.reserves;
    return this.today;
  }

  private joins(day: number, at: number) {
    const join = this.assume.join;
    if (!join || this.assume.joinsPerDay === 0) return;
    const plan = this.plans.get(join.planId)!;
    const sponsors = this.claimants();
    for (let j = 0; j < this.assume.joinsPerDay && sponsors.length > 0; j++) {
      const s = joinSponsor(day, j, sponsors);
      const id = this.nextId++;
      this.add(id, s);
      const i = this.ids.length - 1;
      // the deposit comes from outside; the purchase moves it from fund to principal
      this.liabilities += join.amount;
      this.reserves += join.amount;
      this.today.deposits += join.amount;
      const sponsorEarns = !this.blocked[s] && this.active[s]!;
      this.active[i] = true;
      this.planOf[i] = plan;
      this.activePlan[i] = join.amount;
      this.directs[s] = this.directs[s]! + 1;
      this.invest(i, join.amount, at);
      this.credit(
        directIncome({
          topupId: `what-if:${id}`,
          memberId: id,
          sponsorId: this.ids[s]!,
          sponsorEarns,
          amount: join.amount,
          percent: plan.direct_percent,
        }),
      );
      this.today.joins++;
    }
  }

  /** A purchase counts in every upline's team business, their directs' business and reward legs. */
  private invest(buyer: number, amount: bigint, at: number) {
    let below = buyer;
    for (let up = this.sponsor[buyer]!; up >= 0; below = up, up = this.sponsor[up]!) {
      this.team[up] = this.team[up]! + amount;
      if (below === buyer) this.directsBusiness[up] = this.directsBusiness[up]! + amount;
      const stage = this.stages.get(up);
      if (stage && stage.countAfter < at && at < stage.endsAt) {
        const leg = this.ids[below]!;
        stage.window.set(leg, (stage.window.get(leg) ?? 0n) + amount);
        stage.dirty = true;
      }
    }
  }

  private claims(day: number, at: number) {
    if (!this.snap.settings.roi_claims_open) return;
    const cooldown = this.snap.settings.roi_cooldown_hours;
    const now = new Date(at);
    for (const i of this.claimants()) {
      const id = this.ids[i]!;
      if (!claimsToday(id, day, this.assume.claimRate)) continue;
      const plan = this.planOf[i];
      const lastClaim = this.lastClaim[i];
      const refusal = claimRefusal(
        {
          blocked: this.blocked[i]!,
          roiOpen: this.roiOpen[i]!,
          activePlan: this.activePlan[i]!,
          roiPercent: plan?.roi_percent ?? null,
          capMultiple: plan?.cap_multiple ?? DEFAULT_CAP_MULTIPLE,
          earned: this.earned[i]!,
          lastClaimAt: lastClaim === null || lastClaim === undefined ? null : new Date(lastClaim),
        },
        now,
        cooldown,
      );
      if (refusal === 'atLimit') this.today.membersAtCap++;
      if (refusal) continue;
      const amount = roiAmount(this.activePlan[i]!, plan!.roi_percent);
      if (amount <= 0n) continue;
      const claimId = `what-if:${id}:${day}`;
      const items: IncomeItem[] = [
        { userId: id, kind: 'roi_income', amount, refType: 'roi_claim', refId: claimId },
        ...levelIncomes({ claimId, memberId: id, roiAmount: amount, uplines: this.uplines(i) }),
      ];
      const records = this.credit(items);
      this.lastClaim[i] = at;
      this.today.claims++;
      const paid = records[0]!.paid;
      const share = compoundShareOf(paid, this.compound[i]!);
      if (share > 0n) this.activePlan[i] = this.activePlan[i]! + share;
      this.roiNotWithdrawn[i] = this.roiNotWithdrawn[i]! + paid - share;
    }
  }

  /** The uplines of member `i` as the claim's statement reads them (roi/repo.ts `claimFacts`). */
  private uplines(i: number): UplineFacts[] {
    const out: UplineFacts[] = [];
    const unlock = this.snap.levels.unlockByDirects;
    let level = 1;
    for (
      let up = this.sponsor[i]!;
      up >= 0 && level <= this.levelPercents.length;
      up = this.sponsor[up]!, level++
    ) {
      out.push({
        id: BigInt(this.ids[up]!),
        level,
        role: 'user',
        status: this.blocked[up] ? 'block' : 'unblock',
        is_active: this.active[up] ? 'active' : 'inactive',
        level_status: this.levelOpen[up] ? 'open' : 'close',
        percent: this.levelPercents[level - 1]!,
        unlock_by_directs: unlock,
        directs: unlock ? Math.min(this.directs[up]!, level) : null,
      });
    }
    return out;
  }
}
