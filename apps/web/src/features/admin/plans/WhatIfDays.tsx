import type { ProjectedDay } from '@app/contracts/what-if';
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Money } from '../../../components/ui/Money';
import type { Column } from '../../../components/ui/Table';
import { formatCount } from '../../../lib/format';
import { formatShare } from '../../../lib/money';

/* The what-if projection's day-by-day table (WhatIfResults.tsx): its columns, the phone card's fields. */

// every coverage figure of the screen at one precision (issue 29.13)
export const ratio = (r: number | null) => (r === null ? '—' : formatShare(r * 100));

/** A projected day ("2026-03-12") in the admin's locale; the day is a calendar day, so read as UTC. */
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
export const formatDay = (date: string) => {
  const at = new Date(date.length === 10 ? `${date}T00:00:00Z` : date);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
};

/** Every income of a day together. */
export const paid = (d: ProjectedDay) =>
  d.incomes.roi_income +
  d.incomes.level_income +
  d.incomes.direct_income +
  d.incomes.reward +
  d.incomes.salary +
  d.incomes.cto;

export type Row = { current: ProjectedDay; proposed: ProjectedDay };

/** A figure under the proposal, with today's settings' figure beneath it (as the cards show them). */
function Pair({ now, proposed }: { now: ReactNode; proposed: ReactNode }) {
  return (
    <span className="inline-flex flex-col items-end whitespace-nowrap tabular-nums">
      <span className="font-medium text-fg">{proposed}</span>
      <span className="text-xs text-muted">
        <Trans>now {now}</Trans>
      </span>
    </span>
  );
}

/** What the table and the phone cards show of a day, in that order. */
const FIELDS: Array<{ key: string; header: ReactNode; cell: (r: Row) => ReactNode }> = [
  {
    key: 'paid',
    header: <Trans>Incomes paid</Trans>,
    cell: (r) => (
      <Pair now={<Money value={paid(r.current)} />} proposed={<Money value={paid(r.proposed)} />} />
    ),
  },
  {
    key: 'withdrawals',
    header: <Trans>Withdrawn</Trans>,
    cell: (r) => (
      <Pair
        now={<Money value={r.current.withdrawals} />}
        proposed={<Money value={r.proposed.withdrawals} />}
      />
    ),
  },
  {
    key: 'joins',
    header: <Trans>Joined</Trans>,
    cell: (r) => <Pair now={formatCount(r.current.joins)} proposed={formatCount(r.proposed.joins)} />,
  },
  {
    key: 'cap',
    header: <Trans>At their limit</Trans>,
    cell: (r) => (
      <Pair now={formatCount(r.current.members_at_cap)} proposed={formatCount(r.proposed.members_at_cap)} />
    ),
  },
  {
    key: 'liabilities',
    header: <Trans>Liabilities</Trans>,
    cell: (r) => (
      <Pair
        now={<Money value={r.current.liabilities} />}
        proposed={<Money value={r.proposed.liabilities} />}
      />
    ),
  },
  {
    key: 'coverage',
    header: <Trans>Coverage</Trans>,
    cell: (r) => <Pair now={ratio(r.current.coverage)} proposed={ratio(r.proposed.coverage)} />,
  },
];

/** On a phone card, coverage and money first. */
export const CARD_FIELDS = ['coverage', 'paid', 'liabilities', 'withdrawals', 'cap', 'joins'].map(
  (key) => FIELDS.find((f) => f.key === key)!,
);

export const COLUMNS: Array<Column<Row>> = [
  {
    key: 'date',
    header: <Trans>Day</Trans>,
    cell: (r) => <DayOf r={r} />,
  },
  ...FIELDS.map((f) => ({ ...f, className: 'text-right' })),
];

/** A row's day: its date, and its number in the projection (in the table's Day column). */
function DayOf({ r }: { r: Row }) {
  return (
    <span className="flex flex-col whitespace-nowrap">
      <span>{formatDay(r.current.date)}</span>
      <span className="text-xs text-muted">
        <DayNumber day={r.current.day} />
      </span>
    </span>
  );
}

/** "Day 12": a day's number in the projection. */
export function DayNumber({ day }: { day: number }) {
  return <Trans>Day {day}</Trans>;
}
