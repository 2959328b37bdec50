import { REPORT_GROUPS } from '@app/contracts/reports';
import { useLingui } from '@lingui/react/macro';
import { Input, Select } from '../../../components/ui/Input';
import { Segmented } from '../../../components/ui/Segmented';
import { useUrlFilters } from '../../../lib/use-url-filters';
import { GROUP_LABEL, GROUP_WORD, isDay, PRESET_LABEL, PRESETS, presetRange, rangeLabel } from './period';

/** The address parameter that holds the grouping (the income screen's API calls it `granularity`). */
type GroupParam = 'group' | 'granularity';

/** The period and grouping a period bar keeps in the address: a reload shows the same figures. */
export function usePeriod(groupParam: GroupParam = 'group') {
  const { params, oneOf } = useUrlFilters();
  const preset = oneOf('period', PRESETS) ?? '30d';
  const group = oneOf(groupParam, REPORT_GROUPS) ?? 'day';
  const range = presetRange(preset, { from: params.get('from'), to: params.get('to') });
  return { preset, group, range };
}

/**
 * The period bar of /admin/reports and /admin/income: a preset or a custom range of UTC days, the
 * grouping, and a sentence saying what is shown. `paged`: a change starts the list again from page 1.
 */
export function PeriodBar({
  what,
  groupParam = 'group',
  paged = false,
}: {
  /** What the figures are, for the sentence under the bar ("Incomes", "Deposits"). */
  what: string;
  groupParam?: GroupParam;
  paged?: boolean;
}) {
  const { t, i18n } = useLingui();
  const { update } = useUrlFilters();
  const { preset, group, range } = usePeriod(groupParam);
  const firstPage = paged ? { page: 1 } : {};
  const days = rangeLabel(range.from, range.to);
  const groupWord = i18n._(GROUP_WORD[group]);

  // A start after the end (or an end before the start) moves the other day along, so the range stays valid.
  const chooseRange = (change: { from?: string; to?: string }) => {
    const next = { ...range, ...change };
    if (!isDay(next.from) || !isDay(next.to)) return;
    if (next.from > next.to) {
      if (change.from) next.to = next.from;
      else next.from = next.to;
    }
    update({ period: 'custom', ...next, ...firstPage });
  };

  return (
    <>
      <div className="grid gap-4 lg:grid-cols-[1fr_auto] lg:items-end">
        <Segmented
          legend={t`Period`}
          options={PRESETS.map((p) => ({ value: p, label: i18n._(PRESET_LABEL[p]) }))}
          value={preset}
          onValue={(p) =>
            update(
              p === 'custom'
                ? { period: p, ...range, ...firstPage }
                : { period: p, from: '', to: '', ...firstPage },
            )
          }
        />
        <Select
          label={t`Group by`}
          value={group}
          onChange={(e) => update({ [groupParam]: e.target.value, ...firstPage })}
          className="lg:w-40"
        >
          {REPORT_GROUPS.map((g) => (
            <option key={g} value={g}>
              {i18n._(GROUP_LABEL[g])}
            </option>
          ))}
        </Select>
      </div>
      {preset === 'custom' && (
        <div className="grid grid-cols-2 gap-4 sm:w-md">
          <Input
            label={t`From`}
            type="date"
            value={range.from}
            max={range.to}
            onChange={(e) => chooseRange({ from: e.target.value })}
          />
          <Input
            label={t`To`}
            type="date"
            value={range.to}
            min={range.from}
            onChange={(e) => chooseRange({ to: e.target.value })}
          />
        </div>
      )}
      <p className="text-sm text-muted" aria-live="polite">
        {t`${what} from ${days}, by ${groupWord}.`}
      </p>
    </>
  );
}
