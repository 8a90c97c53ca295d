import { TZDate } from '@date-fns/tz';
import { periodBounds } from './bounds';
import { previousPeriod } from './calendar';
import {
  type MonthPeriod,
  monthPeriod,
  type Period,
  type PeriodKind,
  type PeriodOfKind,
  quarterPeriod,
  yearPeriod,
} from './period-id';
import { parseTimeZone } from './time-zone';

/**
 * The period of a kind that an instant falls in, in a time zone.
 * @example periodAt('quarter', 'Pacific/Auckland', new Date('2026-06-30T12:00:00Z')) // 2026-Q3 (1 July, 00:00 there)
 * @throws ReportRequestError for an unknown time zone
 */
export function periodAt<K extends PeriodKind>(kind: K, timeZone: string, at: Date): PeriodOfKind<K> {
  const local = new TZDate(at.getTime(), parseTimeZone(timeZone));
  const year = local.getFullYear();
  const month = local.getMonth() + 1;
  const periods = {
    month: () => monthPeriod(year, month),
    quarter: () => quarterPeriod(year, Math.ceil(month / 3)),
    year: () => yearPeriod(year),
  };
  return periods[kind]() as PeriodOfKind<K>;
}

/**
 * The period a report defaults to: the month before the one `at` falls in, in the time zone.
 * @throws ReportRequestError for an unknown time zone
 */
export function defaultPeriod(timeZone: string, at: Date): MonthPeriod {
  return previousPeriod(periodAt('month', timeZone, at));
}

/**
 * Whether a period has begun at `at` in the time zone. The current period has: a report for it covers
 * its days so far.
 * @throws ReportRequestError for an unknown time zone
 */
export function hasBegun(period: Period, timeZone: string, at: Date): boolean {
  return at.getTime() >= periodBounds(period, timeZone).start;
}
