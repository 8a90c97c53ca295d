import { TZDate } from '@date-fns/tz';
import { millisecondsInDay } from 'date-fns/constants';
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
   * start as the period has had, and as far again into the day after them, but never past its own end.
   * The whole previous period once the period is complete.
   */
  previous: Span & { period: Period };
}

/**
 * How much of a period has passed at `at` in the time zone, for a report "so far" and its comparison.
 * Days are counted in the zone's calendar, so a daylight saving change in either period moves nothing:
 * Berlin's March 2026 at 15 March 11:00 has run 14 days and 11 hours, and so does its February at
 * 15 February 11:00.
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
  const { days, intoDay } = elapsedInZone(period, timeZone, asOf);
  const first = firstMonthOf(previous);
  const sameElapsed = zonedDayStart(first.year, first.month, 1 + days, timeZone) + intoDay;
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

/** Whole days of the zone's calendar from the period's first day to the day of `instant`, and the time into that day. */
function elapsedInZone(period: Period, timeZone: string, instant: number): { days: number; intoDay: number } {
  const local = new TZDate(instant, timeZone);
  const year = local.getFullYear();
  const month = local.getMonth() + 1;
  const day = local.getDate();
  const first = firstMonthOf(period);
  // Calendar days counted on UTC dates, which have no daylight saving changes.
  const days =
    (Date.UTC(year, month - 1, day) - Date.UTC(first.year, first.month - 1, 1)) / millisecondsInDay;
  return { days, intoDay: instant - zonedDayStart(year, month, day, timeZone) };
}
