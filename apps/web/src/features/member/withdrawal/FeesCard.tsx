import type { Settings } from '@app/contracts/settings';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card } from '../../../components/ui/Card';
import { Money } from '../../../components/ui/Money';
import { formatPercentNumber as formatPercent } from './percent';

/** The fees in force, from the settings, and where the member stands on the principal tiers. */
export function FeesCard({ settings, days }: { settings: Settings; days: number }) {
  const { t } = useLingui();
  const tiers = [...settings.fee_principal_tiers].sort((a, b) => a.within_days - b.within_days);
  const principalRow = (i: number): string => {
    const to = tiers[i]?.within_days ?? 0;
    const from = tiers[i - 1]?.within_days ?? 0;
    return i === 0
      ? plural(to, {
          one: 'Principal, within # day of activation',
          other: 'Principal, within # days of activation',
        })
      : t`Principal, day ${from} to ${to}`;
  };
  const last = tiers.at(-1)?.within_days ?? 0;
  const rows: Array<[string, string]> = [
    [t`Profit`, formatPercent(settings.fee_profit_percent)],
    [t`ROI`, formatPercent(settings.fee_roi_percent)],
    [t`Compound`, formatPercent(settings.fee_compound_percent)],
    ...tiers.map((tier, i): [string, string] => [principalRow(i), formatPercent(tier.percent)]),
    [tiers.length ? t`Principal, after day ${last}` : t`Principal`, formatPercent(0)],
  ];
  const activated = Number.isFinite(days)
    ? days === 0
      ? t`Your plan was activated today.`
      : plural(days, {
          one: 'Your plan was activated # day ago.',
          other: 'Your plan was activated # days ago.',
        })
    : t`You have not activated a plan yet.`;
  return (
    <Card title={t`Fees`}>
      <dl className="divide-y divide-line text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-muted">{label}</dt>
            <dd className="font-medium tabular-nums text-fg">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted">
        <Trans>
          Minimum withdrawal <Money value={settings.withdrawal_min} />.
        </Trans>{' '}
        {activated} <Trans>The fee is taken from the amount; you receive the rest.</Trans>
      </p>
    </Card>
  );
}
