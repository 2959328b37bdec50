import type { Settings } from '@app/contracts/settings';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { formatPercent } from '../../../lib/money';

/** The fees in force, from the settings, and where the member stands on the principal tiers. */
export function FeesCard({ settings, days }: { settings: Settings; days: number }) {
  const tiers = [...settings.fee_principal_tiers].sort((a, b) => a.within_days - b.within_days);
  const rows: Array<[string, string]> = [
    ['Profit', formatPercent(settings.fee_profit_percent)],
    ['ROI', formatPercent(settings.fee_roi_percent)],
    ['Compound', formatPercent(settings.fee_compound_percent)],
    ...tiers.map((t, i): [string, string] => [
      i === 0
        ? `Principal, within ${t.within_days} days of activation`
        : `Principal, day ${tiers[i - 1]!.within_days} to ${t.within_days}`,
      formatPercent(t.percent),
    ]),
    [tiers.length ? `Principal, after day ${tiers.at(-1)!.within_days}` : 'Principal', formatPercent(0)],
  ];
  return (
    <Card title="Fees">
      <dl className="divide-y divide-line text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">
        Minimum withdrawal <Money value={settings.withdrawal_min} />.{' '}
        {Number.isFinite(days)
          ? `Your plan was activated ${days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`}.`
          : 'You have not activated a plan yet.'}{' '}
        The fee is taken from the amount; you receive the rest.
      </p>
    </Card>
  );
}
