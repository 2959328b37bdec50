import type { MemberRewards, RewardStage } from '@app/contracts/rewards';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Money } from '../../../components/ui/Money';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';

const OUTCOME: Record<Exclude<RewardStage['status'], 'open'>, { tone: Tone; text: string }> = {
  claimed: { tone: 'green', text: 'Claimed' },
  awarded: { tone: 'green', text: 'Awarded by support' },
  carried: { tone: 'neutral', text: 'Carried forward' },
};

const COLUMNS: Array<Column<RewardStage>> = [
  {
    key: 'stage',
    header: 'Stage',
    cell: (s) => (
      <span className="font-medium whitespace-nowrap">
        {s.order}. {s.title}
      </span>
    ),
  },
  {
    key: 'outcome',
    header: 'Outcome',
    cell: (s) =>
      s.status === 'open' ? null : (
        <span className="flex flex-wrap gap-1">
          <Badge tone={OUTCOME[s.status].tone}>{OUTCOME[s.status].text}</Badge>
          {s.status === 'carried' && s.achieved && <Badge tone="amber">Reached</Badge>}
        </span>
      ),
  },
  {
    key: 'business',
    header: 'Business',
    className: 'text-right',
    cell: (s) => (
      <span className="whitespace-nowrap">
        <Money value={s.closed_business ?? 0} /> <span className="text-muted">/ </span>
        <Money value={s.threshold} className="text-muted" />
      </span>
    ),
  },
  {
    key: 'paid',
    header: 'Paid',
    className: 'text-right',
    cell: (s) => (s.paid === null ? <span className="text-muted">—</span> : <Money value={s.paid} />),
  },
  { key: 'closed', header: 'Closed', cell: (s) => <When iso={s.closed_at} stacked /> },
];

/** Stages already closed, newest first. */
export function StageHistory({ stages }: { stages: MemberRewards['stages'] }) {
  const closed = stages.filter((s) => s.status !== 'open');
  return (
    <section aria-labelledby="reward-history" className="flex flex-col gap-3">
      <h2 id="reward-history" className="text-lg font-semibold text-fg">
        History
      </h2>
      <Table
        caption="Closed reward stages"
        columns={COLUMNS}
        rows={closed}
        rowKey={(s) => s.id}
        empty="No stage closed yet. Claimed and carried-forward stages are listed here."
        minWidth="min-w-[560px]"
      />
    </section>
  );
}

/** The plans still ahead, in order. */
export function Upcoming({ upcoming }: { upcoming: MemberRewards['upcoming'] }) {
  if (upcoming.length === 0) return null;
  return (
    <section aria-labelledby="reward-upcoming" className="flex flex-col gap-3">
      <h2 id="reward-upcoming" className="text-lg font-semibold text-fg">
        Stages ahead
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {upcoming.map((p) => (
          <li key={p.id} className="rounded-xl border border-line bg-surface p-4 shadow-sm">
            <p className="text-sm text-muted">Stage {p.order}</p>
            <p className="mt-1 font-semibold text-fg">{p.title}</p>
            <p className="mt-2 text-sm text-muted">
              <Money value={p.business} className="text-fg" /> team business in {p.days} days pays{' '}
              <Money value={p.reward} className="font-semibold text-fg" />
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
