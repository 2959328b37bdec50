import type { Overview } from '@app/contracts/reports';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { money } from '../../../lib/format';

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

const BARS = [
  { key: 'deposits', name: 'Deposits approved', fill: 'var(--accent)' },
  { key: 'withdrawals', name: 'Withdrawals paid', fill: '#94a3b8' },
];

/** Deposits approved and withdrawals paid per day (its own chunk: see MoneyFigures). */
export default function MoneyFlowChart({ data }: { data: Overview['per_day'] }) {
  const rows = data.map((d) => ({ ...d, label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)) }));
  const deposits = data.reduce((sum, d) => sum + d.deposits, 0);
  const withdrawals = data.reduce((sum, d) => sum + d.withdrawals, 0);
  return (
    <figure>
      <MoneyBarChart
        rows={rows}
        bars={BARS}
        label={`Bar chart over ${data.length} days: ${money(deposits).text} deposits approved, ${money(withdrawals).text} withdrawals paid`}
      />
      <figcaption className="mt-2 text-xs text-muted">
        Last {data.length} days (UTC): {money(deposits).text} in, {money(withdrawals).text} out (net of fees).
      </figcaption>
    </figure>
  );
}
