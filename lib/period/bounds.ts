import { TZDate } from '@date-fns/tz';
import { firstMonthOf, nextPeriod } from './calendar';
import type { Period } from './period-id';
import { parseTimeZone } from './time-zone';

/** A stretch of time `[start, end)` in epoch milliseconds: `end` is the first instant after it. */
export interface Span {
  start: number;
  end: number;
}

/**
 * Epoch milliseconds of the first instant of a calendar day in a time zone (`month` 1-based; a day or
 * month past the end rolls over). A day whose midnight a daylight saving change skips starts at its
 * first existing instant. The zone must have been checked.
 */
export function zonedDayStart(year: number, month: number, day: number, timeZone: string): number {
  return new TZDate(year, month - 1, day, timeZone).getTime();
}

/** First instant of a period in a (checked) time zone. */
function periodStart(period: Period, timeZone: string): number {
  const first = firstMonthOf(period);
  return zonedDayStart(first.year, first.month, 1, timeZone);
}

/**
 * A period's exact instants in a time zone: `[its first day 00:00, the next period's first day 00:00)`.
 * @example periodBounds(parsePeriod('2026-Q1'), 'Europe/Berlin')
 * // { start: Date.parse('2025-12-31T23:00:00Z'), end: Date.parse('2026-03-31T22:00:00Z') }
 * @throws ReportRequestError for an unknown time zone
 */
export function periodBounds(period: Period, timeZone: string): Span {
  const zone = parseTimeZone(timeZone);
  return { start: periodStart(period, zone), end: periodStart(nextPeriod(period), zone) };
}
