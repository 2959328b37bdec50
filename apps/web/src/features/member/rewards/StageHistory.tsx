import type { MemberRewards, RewardStage } from '@app/contracts/rewards';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, type Tone } from '../../../components/ui/Badge';
import { Money } from '../../../components/ui/Money';
import { type Column, Table } from '../../../components/ui/Table';
import { When } from '../../../components/ui/When';

function useColumns(): Array<Column<RewardStage>> {
  const { t } = useLingui();
  const OUTCOME: Record<Exclude<RewardStage['status'], 'open'>, { tone: Tone; text: string }> = {
    claimed: { tone: 'green', text: t`Claimed` },
    awarded: { tone: 'green', text: t`Awarded by support` },
    carried: { tone: 'neutral', text: t`Carried forward` },
  };
  return [
    {
      key: 'stage',
      header: t`Stage`,
      cell: (s) => (
        <span className="font-medium whitespace-nowrap">
          {s.order}. {s.title}
        </span>
      ),
    },
    {
      key: 'outcome',
      header: t`Outcome`,
      cell: (s) =>
        s.status === 'open' ? null : (
          <span className="flex flex-wrap gap-1">
            <Badge tone={OUTCOME[s.status].tone}>{OUTCOME[s.status].text}</Badge>
            {s.status === 'carried' && s.achieved && <Badge tone="amber">{t`Reached`}</Badge>}
          </span>
        ),
    },
    {
      key: 'business',
      header: t`Business`,
      className: 'text-end',
      cell: (s) => (
        <span className="whitespace-nowrap">
          <Money value={s.closed_business ?? 0} /> <span className="text-muted">/ </span>
          <Money value={s.threshold} className="text-muted" />
        </span>
      ),
    },
    {
      key: 'paid',
      header: t({ message: 'Paid', context: 'income' }),
      className: 'text-end',
      cell: (s) => (s.paid === null ? <span className="text-muted">—</span> : <Money value={s.paid} />),
    },
    { key: 'closed', header: t`Closed`, cell: (s) => <When iso={s.closed_at} stacked /> },
  ];
}

/** Stages already closed, newest first. */
export function StageHistory({ stages }: { stages: MemberRewards['stages'] }) {
  const { t } = useLingui();
  const columns = useColumns();
  const closed = stages.filter((s) => s.status !== 'open');
  return (
    <section aria-labelledby="reward-history" className="flex flex-col gap-3">
      <h2 id="reward-history" className="text-lg font-semibold text-fg">
        <Trans>History</Trans>
      </h2>
      <Table
        caption={t`Closed reward stages`}
        columns={columns}
        rows={closed}
        rowKey={(s) => s.id}
        empty={t`No stage closed yet. Claimed and carried-forward stages are listed here.`}
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
        <Trans>Stages ahead</Trans>
      </h2>
      <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {upcoming.map((p) => (
          <UpcomingStage key={p.id} stage={p} />
        ))}
      </ol>
    </section>
  );
}

function UpcomingStage({ stage: p }: { stage: MemberRewards['upcoming'][number] }) {
  const order = p.order;
  const period = plural(p.days, { one: '# day', other: '# days' });
  return (
    <li className="rounded-xl border border-line bg-surface p-4 shadow-sm">
      <p className="text-sm text-muted">
        <Trans>Stage {order}</Trans>
      </p>
      <p className="mt-1 font-semibold text-fg">{p.title}</p>
      <p className="mt-2 text-sm text-muted">
        <Trans>
          <Money value={p.business} className="text-fg" /> team business in {period} pays{' '}
          <Money value={p.reward} className="font-semibold text-fg" />
        </Trans>
      </p>
    </li>
  );
}
