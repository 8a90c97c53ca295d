import type { ZoneDays } from '../period';
import type { InstantRange } from './instant-range';

/** Whether the day `endDate` names is part of the range. */
export type EndDateReading = 'inclusive' | 'exclusive';

/**
 * How the sandbox reads `startDate`/`endDate`, which the spec leaves open: whole days of one time
 * zone, and an `endDate` that is included or not. All three endpoints read them the same way.
 */
export interface DateReading {
  days: ZoneDays;
  endDate: EndDateReading;
}

/**
 * The instants that `startDate`/`endDate` (`Y-m-d`) name: from the first instant of `startDate` in the
 * zone to the first instant of the day after `endDate` (inclusive) or of `endDate` itself (exclusive).
 * @example rangeOfDates({ startDate: '2026-10-01', endDate: '2026-10-31' }, { days: new ZoneDays('+03:00'), endDate: 'inclusive' })
 *   // from 2026-09-30 21:00:00 UTC to 2026-10-31 21:00:00 UTC
 */
export function rangeOfDates(
  dates: { startDate?: string; endDate?: string },
  reading: DateReading,
): InstantRange {
  const later = reading.endDate === 'inclusive' ? 1 : 0;
  return {
    from: dates.startDate === undefined ? undefined : reading.days.startOf(dates.startDate),
    to: dates.endDate === undefined ? undefined : reading.days.startOf(dates.endDate, later),
  };
}
