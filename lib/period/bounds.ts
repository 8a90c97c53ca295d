import { TZDate, tzOffset } from '@date-fns/tz';
import { getDaysInMonth } from 'date-fns';
import { millisecondsInDay, millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';
import {
  firstMonthOf,
  monthPeriod,
  monthsOfPeriod,
  nextPeriod,
  type Period,
  type PeriodKind,
  type PeriodOfKind,
  pad,
  periodOfMonth,
  previousPeriod,
} from './period-id';
import { parseTimeZone } from './time-zone';

// Every function taking a `timeZone` throws a ReportRequestError for an unknown one.

/** A stretch of time `[start, end)` in epoch milliseconds. */
export type Span = { start: number; end: number };

/** How far clocks went back to midnight, longest first: Antarctica/Casey's 3 h in 2019 is the most ever. */
const BACK_OVER_MIDNIGHT_MS = [3, 2, 1, 0.5].map((hours) => hours * millisecondsInHour);

/** `YYYY-MM-DD` of an instant in a time zone (getters, not `format`: called for every day of a year). */
export function zonedDayKey(epochMs: number, timeZone: string): string {
  const date = new TZDate(epochMs, parseTimeZone(timeZone));
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/**
 * The first instant of a day in a (checked) time zone (`month` 1-based; past the end rolls over). A day
 * whose midnight is skipped starts at its first instant; one whose midnight came twice (Asia/Amman in
 * October until 2022) at the first: `TZDate` reads a doubled wall time as its later occurrence.
 */
export function zonedDayStart(year: number, month: number, day: number, timeZone: string): number {
  const later = new TZDate(year, month - 1, day, timeZone).getTime();
  const today = zonedDayKey(later, timeZone);
  // Only where the instant before is already today: back to midnight, not (St. John's in 2009, back at
  // 00:01 to 23:01) to the evening before.
  if (zonedDayKey(later - 1, timeZone) !== today) return later;
  for (const back of BACK_OVER_MIDNIGHT_MS) {
    const earlier = later - back;
    if (zonedDayKey(earlier, timeZone) === today && zonedDayKey(earlier - 1, timeZone) !== today) {
      return earlier;
    }
  }
  return later;
}

const periodStart = (period: Period, timeZone: string): number =>
  zonedDayStart(firstMonthOf(period).year, firstMonthOf(period).month, 1, timeZone);

/** A period's instants in a time zone: `[its first day 00:00, the next period's first day 00:00)`. */
export function periodBounds(period: Period, timeZone: string): Span {
  const zone = parseTimeZone(timeZone);
  return { start: periodStart(period, zone), end: periodStart(nextPeriod(period), zone) };
}

/** Every day of a period in a time zone (`YYYY-MM-DD`), in order, with the instant each starts. */
export function zonedDaysOfPeriod(period: Period, timeZone: string): { date: string; start: number }[] {
  const zone = parseTimeZone(timeZone);
  // Each day from its date: stepping with addDays would carry a skipped midnight's 01:00 onwards.
  return monthsOfPeriod(period).flatMap(({ year, month }) =>
    Array.from({ length: getDaysInMonth(new Date(year, month - 1)) }, (_, index) => ({
      date: `${pad(year, 4)}-${pad(month, 2)}-${pad(index + 1, 2)}`,
      start: zonedDayStart(year, month, index + 1, zone),
    })),
  );
}

/**
 * The day of a period an instant falls in, by binary search over the days' starts (Intl would cost a
 * second per 100,000 records); `undefined` outside the period or from `until` (a period not yet ended).
 */
export function createDayLocator(
  period: Period,
  timeZone: string,
  until?: number,
): (epochMs: number) => string | undefined {
  const { end: periodEnd } = periodBounds(period, timeZone);
  const end = until === undefined ? periodEnd : Math.min(until, periodEnd);
  const days = zonedDaysOfPeriod(period, timeZone).filter((day) => day.start < end);
  return (epochMs) => {
    if (days.length === 0 || epochMs < days[0]!.start || epochMs >= end) return undefined;
    let low = 0;
    let high = days.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (days[middle]!.start <= epochMs) low = middle;
      else high = middle - 1;
    }
    return days[low]!.date;
  };
}

export function periodAt<K extends PeriodKind>(kind: K, timeZone: string, at: Date): PeriodOfKind<K> {
  const local = new TZDate(at.getTime(), parseTimeZone(timeZone));
  return periodOfMonth(monthPeriod(local.getFullYear(), local.getMonth() + 1), kind);
}

/** The period a report defaults to: the one of `kind` before the one `at` falls in, in the time zone. */
export function defaultPeriod<K extends PeriodKind = 'month'>(
  timeZone: string,
  at: Date,
  kind: K = 'month' as K,
): PeriodOfKind<K> {
  return previousPeriod(periodAt(kind, timeZone, at));
}

/** Whether a period has begun at `at`: a report of the current one covers its days so far. */
export function hasBegun(period: Period, timeZone: string, at: Date): boolean {
  return at.getTime() >= periodBounds(period, timeZone).start;
}

/** Why a period not begun is refused, in the words of every refusal (command, API, scheduled run). */
export function notBegunReason(id: string, timeZone: string): string {
  return `${id} has not begun yet in ${timeZone}: no report for it yet`;
}

/**
 * How much of a period has passed at `at`, for a report "so far" and its comparison. `complete` once `at`
 * reaches `end`; `asOf` is what its figures run to (`end`, else `at`, `start` before it began); `previous`
 * is the previous period cut to the same elapsed span: as many whole days of the zone's calendar from its
 * start, then up to the same time of the clock (so a daylight saving change moves nothing), never past its
 * end (the whole of it once the period is complete).
 */
export function periodProgress(
  period: Period,
  timeZone: string,
  at: Date,
): Span & { complete: boolean; asOf: number; previous: Span & { period: Period } } {
  const { start, end } = periodBounds(period, timeZone);
  const previousOne = previousPeriod(period);
  const previous = { period: previousOne, ...periodBounds(previousOne, timeZone) };
  const asOf = Math.min(Math.max(at.getTime(), start), end);
  if (asOf === end) return { start, end, complete: true, asOf, previous };
  // Whole days counted on UTC dates, which have no daylight saving changes.
  const local = new TZDate(asOf, timeZone);
  const first = firstMonthOf(period);
  const days =
    (Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) -
      Date.UTC(first.year, first.month - 1, 1)) /
    millisecondsInDay;
  const clock = [local.getHours(), local.getMinutes(), local.getSeconds(), local.getMilliseconds()] as const;
  const before = firstMonthOf(previousOne);
  const dayStart = zonedDayStart(before.year, before.month, 1 + days, timeZone);
  // The same time of the clock that day (a time the clock skipped there reads as an hour later).
  const sameElapsed = clock.every((part) => part === 0)
    ? dayStart
    : Math.max(dayStart, firstAtClock(before.year, before.month, 1 + days, clock, timeZone));
  return {
    start,
    end,
    complete: false,
    asOf,
    previous: { ...previous, end: Math.min(sameElapsed, previous.end) },
  };
}

/**
 * The instant a zone's clock shows a time of a day (`month` 1-based). A time shown twice (the clocks going
 * back) is its first occurrence, as far into the day as on another day: `TZDate` reads the later one.
 */
function firstAtClock(
  year: number,
  month: number,
  day: number,
  clock: readonly [number, number, number, number],
  timeZone: string,
): number {
  const later = new TZDate(year, month - 1, day, ...clock, timeZone).getTime();
  // The same wall time at the offset the zone had a little earlier, if the clock showed it then too.
  const wall = Date.UTC(year, month - 1, day, ...clock);
  const offsetBefore = tzOffset(timeZone, new Date(later - BACK_OVER_MIDNIGHT_MS[0]!)) * millisecondsInMinute;
  const earlier = wall - offsetBefore;
  const shownThen = tzOffset(timeZone, new Date(earlier)) * millisecondsInMinute === offsetBefore;
  return earlier < later && shownThen ? earlier : later;
}
