import { tzOffset } from '@date-fns/tz';

const MINUTE_MS = 60_000;
/** How far apart the offset is sampled: a zone changes its clocks at most once in a week. */
const SAMPLE_MS = 7 * 24 * 60 * MINUTE_MS;

/**
 * Years a schedule is checked ahead: in 28 years every date falls on every weekday, so a zone's present
 * rules (the last Sunday of March, the second Sunday of March...) meet every day of the month they can.
 */
const SKIPPED_TIME_YEARS = 28;

/** A local time of a monthly schedule in a zone. */
export interface MonthlyLocalTime {
  timezone: string;
  dayOfMonth: number;
  hour: number;
  minute: number;
}

/** Wall-clock times that do not exist, written as epoch milliseconds of the same fields in UTC: `[from, to)`. */
interface ClockGap {
  from: number;
  to: number;
}

const gapsByZone = new Map<string, readonly ClockGap[]>();

/**
 * Where the clocks of `timeZone` go forward in these years. Written here because date-fns and
 * `@date-fns/tz` only read offsets; no maintained library lists a zone's transitions. The offset is
 * sampled each week and each change is narrowed down to the minute.
 */
function clockGaps(timeZone: string, fromYear: number, years: number): readonly ClockGap[] {
  const key = `${timeZone} ${fromYear} ${years}`;
  const known = gapsByZone.get(key);
  if (known) return known;
  const offsetAt = (ms: number) => tzOffset(timeZone, new Date(ms));
  const end = Date.UTC(fromYear + years, 0, 1);
  const gaps: ClockGap[] = [];
  let at = Date.UTC(fromYear, 0, 1);
  let offset = offsetAt(at);
  while (!Number.isNaN(offset) && at < end) {
    const next = Math.min(at + SAMPLE_MS, end);
    const nextOffset = offsetAt(next);
    if (nextOffset > offset) {
      let [before, after] = [at, next];
      while (after - before > MINUTE_MS) {
        const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetAt(middle) === offset) before = middle;
        else after = middle;
      }
      gaps.push({ from: after + offset * MINUTE_MS, to: after + nextOffset * MINUTE_MS });
    }
    [at, offset] = [next, nextOffset];
  }
  gapsByZone.set(key, gaps);
  return gaps;
}

/**
 * The first date, from `fromYear` on, on which the clocks of the zone skip the schedule's local time
 * (going forward over it), as `YYYY-MM-DD`; undefined when there is none in `years` years. EventBridge
 * Scheduler skips a run whose time does not exist, so such a month's report would never be sent. A time
 * that comes twice (the clocks going back) is run once, and is no problem.
 *
 * @example firstSkippedDate({ timezone: 'Europe/Berlin', dayOfMonth: 26, hour: 2, minute: 30 }, 2026) // '2028-03-26'
 */
export function firstSkippedDate(
  time: MonthlyLocalTime,
  fromYear: number,
  years = SKIPPED_TIME_YEARS,
): string | undefined {
  for (const gap of clockGaps(time.timezone, fromYear, years)) {
    // The schedule's time in the month the gap starts in and in the month it ends in.
    for (const edge of [new Date(gap.from), new Date(gap.to - MINUTE_MS)]) {
      const wanted = Date.UTC(
        edge.getUTCFullYear(),
        edge.getUTCMonth(),
        time.dayOfMonth,
        time.hour,
        time.minute,
      );
      if (wanted >= gap.from && wanted < gap.to) return new Date(wanted).toISOString().slice(0, 10);
    }
  }
  return undefined;
}
