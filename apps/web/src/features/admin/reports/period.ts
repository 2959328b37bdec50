import type { ReportGroup } from '@app/contracts/reports';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

/** The period presets of the reports screen. Reports count whole UTC days, so "today" is the UTC date. */
export const PRESETS = ['7d', '30d', 'month', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

export const PRESET_LABEL: Record<Preset, MessageDescriptor> = {
  '7d': msg`7 days`,
  '30d': msg`30 days`,
  month: msg`This month`,
  custom: msg`Custom range`,
};

/** The grouping as a choice ("Day") and inside a sentence ("by day", "Deposits per day"). */
export const GROUP_LABEL: Record<ReportGroup, MessageDescriptor> = {
  day: msg`Day`,
  week: msg`Week`,
  month: msg`Month`,
};
export const GROUP_WORD: Record<ReportGroup, MessageDescriptor> = {
  day: msg({ message: 'day', context: 'grouping' }),
  week: msg({ message: 'week', context: 'grouping' }),
  month: msg({ message: 'month', context: 'grouping' }),
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (value: string | null): value is string =>
  value !== null && DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

function daysBefore(day: string, n: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

/** The days a preset stands for (custom: the chosen days, else the last 30). */
export function presetRange(
  preset: Preset,
  custom: { from: string | null; to: string | null },
  now = new Date(),
): { from: string; to: string } {
  const today = utcToday(now);
  if (preset === '7d') return { from: daysBefore(today, 6), to: today };
  if (preset === 'month') return { from: `${today.slice(0, 7)}-01`, to: today };
  if (preset === 'custom' && isDay(custom.from) && isDay(custom.to))
    return { from: custom.from, to: custom.to };
  return { from: daysBefore(today, 29), to: today };
}

const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });

/** How a period of the series is named on the chart (the active catalogs', as it is drawn). */
export function periodLabel(start: string, group: ReportGroup): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (group === 'month') return monthFormat.format(date);
  const day = dayFormat.format(date);
  return group === 'week' ? i18n._(msg`Wk ${day}`) : day;
}

/** "1 Nov 2026 – 30 Nov 2026" */
export const rangeLabel = (from: string, to: string) =>
  `${fullDay.format(new Date(`${from}T00:00:00Z`))} – ${fullDay.format(new Date(`${to}T00:00:00Z`))}`;
