import { TZDate, tzOffset } from '@date-fns/tz';
import { millisecondsInDay, millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';
import { periodBounds, type Span, zonedDayStart } from './bounds';
import { firstMonthOf, previousPeriod } from './calendar';
import type { Period } from './period-id';

/** How far a period has run at an instant, and the span of the previous period to compare it with. */
export interface PeriodProgress extends Span {
  /** Whether the period has ended: `at` is at or after `end`. */
  complete: boolean;
  /**
   * The instant the period's figures run to (exclusive): `end` once it is complete, else `at` (`start`
   * before it has begun).
   */
  asOf: number;
  /**
   * The previous period of the same kind, cut to the same elapsed span: as many whole days from its
   * start as the period has had, and the day after them up to the same time of the clock, but never
   * past its own end.
   * The whole previous period once the period is complete.
   */
  previous: Span & { period: Period };
}

/**
 * How much of a period has passed at `at` in the time zone, for a report "so far" and its comparison.
 * Days are counted in the zone's calendar and the last one's time on its clock, so a daylight saving
 * change in either period moves nothing: Berlin's March 2026 at 15 March 11:00 has run 14 days and 11
 * hours, and so does its February at 15 February 11:00; at 25 October 2026, 12:00, a day of 25 hours,
 * October is compared up to 25 September, 12:00.
 * @throws ReportRequestError for an unknown time zone
 */
export function periodProgress(period: Period, timeZone: string, at: Date): PeriodProgress {
  const { start, end } = periodBounds(period, timeZone);
  const previous = previousPeriod(period);
  const previousBounds = periodBounds(previous, timeZone);
  const asOf = Math.min(Math.max(at.getTime(), start), end);
  if (asOf === end) {
    return { start, end, complete: true, asOf, previous: { period: previous, ...previousBounds } };
  }
  const { days, clock } = elapsedInZone(period, timeZone, asOf);
  const first = firstMonthOf(previous);
  const dayStart = zonedDayStart(first.year, first.month, 1 + days, timeZone);
  // The same time of the clock that day (a time the clock skipped there reads as an hour later).
  const sameElapsed = clock.every((part) => part === 0)
    ? dayStart
    : Math.max(dayStart, firstAtClock(first.year, first.month, 1 + days, clock, timeZone));
  return {
    start,
    end,
    complete: false,
    asOf,
    previous: {
      period: previous,
      start: previousBounds.start,
      end: Math.min(sameElapsed, previousBounds.end),
    },
  };
}

/** The longest the clocks have gone back at once: Antarctica/Casey's three hours in 2019. */
const LONGEST_SETBACK_MS = 3 * millisecondsInHour;

/**
 * The instant a zone's clock shows a time of a day (`month` 1-based). A time that came twice (the clocks
 * going back) is its first occurrence, as far into the day as the same time on another day: `TZDate`
 * reads it as the later one. A time the clock skipped reads as `TZDate` reads it.
 */
function firstAtClock(
  year: number,
  month: number,
  day: number,
  clock: [number, number, number, number],
  timeZone: string,
): number {
  const later = new TZDate(year, month - 1, day, ...clock, timeZone).getTime();
  // The same wall time at the offset the zone had a little earlier, if the clock showed it then too.
  const wall = Date.UTC(year, month - 1, day, ...clock);
  const offsetBefore = tzOffset(timeZone, new Date(later - LONGEST_SETBACK_MS)) * millisecondsInMinute;
  const earlier = wall - offsetBefore;
  const shownThen = tzOffset(timeZone, new Date(earlier)) * millisecondsInMinute === offsetBefore;
  return earlier < later && shownThen ? earlier : later;
}

/**
 * Whole days of the zone's calendar from the period's first day to the day of `instant`, and the time
 * of the clock then (hours, minutes, seconds, milliseconds).
 */
function elapsedInZone(
  period: Period,
  timeZone: string,
  instant: number,
): { days: number; clock: [number, number, number, number] } {
  const local = new TZDate(instant, timeZone);
  const year = local.getFullYear();
  const month = local.getMonth() + 1;
  const day = local.getDate();
  const first = firstMonthOf(period);
  // Calendar days counted on UTC dates, which have no daylight saving changes.
  const days =
    (Date.UTC(year, month - 1, day) - Date.UTC(first.year, first.month - 1, 1)) / millisecondsInDay;
  return {
    days,
    clock: [local.getHours(), local.getMinutes(), local.getSeconds(), local.getMilliseconds()],
  };
}
