import type { Overview } from '@app/contracts/reports';
import { Trans, useLingui } from '@lingui/react/macro';
import { MoneyBarChart } from '../../../components/charts/MoneyBarChart';
import { money } from '../../../lib/format';

const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Deposits approved and withdrawals paid per day (its own chunk: see MoneyFigures). */
export default function MoneyFlowChart({ data }: { data: Overview['per_day'] }) {
  const { t } = useLingui();
  const rows = data.map((d) => ({ ...d, label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)) }));
  const days = data.length;
  const deposits = money(data.reduce((sum, d) => sum + d.deposits, 0)).text;
  const withdrawals = money(data.reduce((sum, d) => sum + d.withdrawals, 0)).text;
  const bars = [
    { key: 'deposits', name: t`Deposits approved`, fill: 'var(--accent)' },
    { key: 'withdrawals', name: t`Withdrawals paid`, fill: '#94a3b8' },
  ];
  return (
    <figure>
      <MoneyBarChart
        rows={rows}
        bars={bars}
        label={t`Bar chart over ${days} days: ${deposits} deposits approved, ${withdrawals} withdrawals paid`}
      />
      <figcaption className="mt-2 text-xs text-muted">
        <Trans>
          Last {days} days (UTC): {deposits} in, {withdrawals} out (net of fees).
        </Trans>
      </figcaption>
    </figure>
  );
}
