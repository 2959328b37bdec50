import { MAX_REPORT_PERIODS, type ReportGroup } from '@app/contracts/reports';
import { badRequest } from '../../../errors.js';

/** Calendar arithmetic on whole UTC days (`YYYY-MM-DD`), the unit of every report. */

const DAY_MS = 86_400_000;
/** The default period: this many days up to and including today. */
export const DEFAULT_DAYS = 30;

export const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
export const startOf = (day: string) => new Date(`${day}T00:00:00Z`);
export const addDays = (day: string, n: number) => dayOf(new Date(startOf(day).getTime() + n * DAY_MS));

/** The first day of the period holding `day`: itself, its week's Monday (as PostgreSQL's ISO weeks), or the 1st. */
export function periodStart(day: string, group: ReportGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (startOf(day).getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return addDays(day, -weekday);
}

function nextPeriod(start: string, group: ReportGroup): string {
  if (group === 'day') return addDays(start, 1);
  if (group === 'week') return addDays(start, 7);
  const d = startOf(start);
  return dayOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

export interface Period {
  from: string;
  to: string;
  /** Instants bounding the rows: [from 00:00 UTC, the day after `to` 00:00 UTC). */
  since: Date;
  until: Date;
  /** First day of every period of the series, oldest first. */
  starts: string[];
}

/** The report's period: the asked days, or the last 30 up to today; refused when it makes too many points. */
export function resolvePeriod(
  q: { from?: string | undefined; to?: string | undefined; group: ReportGroup },
  now: Date,
): Period {
  const to = q.to ?? (q.from && q.from > dayOf(now) ? q.from : dayOf(now));
  const from = q.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw badRequest('The start date must be on or before the end date');
  const starts: string[] = [];
  for (let start = periodStart(from, q.group); start <= to; start = nextPeriod(start, q.group)) {
    starts.push(start);
    if (starts.length > MAX_REPORT_PERIODS) {
      const wider = { day: ' or group by week or month', week: ' or group by month', month: '' }[q.group];
      throw badRequest(
        `This period makes more than ${MAX_REPORT_PERIODS} ${q.group}s: choose a shorter period${wider}`,
      );
    }
  }
  return { from, to, since: startOf(from), until: startOf(addDays(to, 1)), starts };
}
