import { TZDate } from '@date-fns/tz';
import { firstMonthOf, nextPeriod } from './calendar';
import { type Period, pad } from './period-id';
import { parseTimeZone } from './time-zone';

/** A stretch of time `[start, end)` in epoch milliseconds: `end` is the first instant after it. */
export interface Span {
  start: number;
  end: number;
}

/**
 * How far a clock went back to midnight: three hours (Antarctica/Casey in 2019), two (Asia/Chita and
 * Asia/Magadan in 2014, Antarctica/Vostok in 2023), an hour, or half of one. Longest first, so that the
 * first midnight is found before a later one.
 */
const BACK_OVER_MIDNIGHT_MS = [3, 2, 1, 0.5].map((hours) => hours * 60 * 60 * 1000);

/**
 * `YYYY-MM-DD` of an instant in a time zone.
 * @throws ReportRequestError for an unknown time zone
 */
export function zonedDayKey(epochMs: number, timeZone: string): string {
  // The date's own getters rather than date-fns's `format`: a day's start asks for up to four of these,
  // for every day of a year's report.
  const date = new TZDate(epochMs, parseTimeZone(timeZone));
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/**
 * Epoch milliseconds of the first instant of a calendar day in a time zone (`month` 1-based; a day or
 * month past the end rolls over). A day whose midnight a daylight saving change skips starts at its
 * first existing instant. A day whose midnight came twice, where the clock went back to 00:00 (Asia/Amman
 * in October until 2022), starts at the first: `TZDate` reads a wall time that occurs twice as its later
 * occurrence, which would count the day's first hour on the day before. The zone must have been checked.
 */
export function zonedDayStart(year: number, month: number, day: number, timeZone: string): number {
  const later = new TZDate(year, month - 1, day, timeZone).getTime();
  const today = zonedDayKey(later, timeZone);
  // Only where the instant just before is already the same day: the clock went back to midnight, not
  // (as in St. John's in 2009, back at 00:01 to 23:01) to the evening before.
  if (zonedDayKey(later - 1, timeZone) !== today) return later;
  for (const back of BACK_OVER_MIDNIGHT_MS) {
    const earlier = later - back;
    if (zonedDayKey(earlier, timeZone) === today && zonedDayKey(earlier - 1, timeZone) !== today) {
      return earlier;
    }
  }
  return later;
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
