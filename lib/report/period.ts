import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { serviceDatetimeToEpochMs } from '../invoicing/service-datetime';
import type { ReportPeriod } from './model';

/** A request for a report that cannot be met as asked (bad month, unknown time zone). */
export class ReportRequestError extends Error {
  override readonly name = 'ReportRequestError';
}

/** A calendar month: `year` and `month` (1..12). */
export interface CalendarMonth {
  year: number;
  month: number;
}

/** A day of the month in the report's time zone and the instant it starts. */
export interface ZonedDay {
  /** `YYYY-MM-DD` in the report's time zone. */
  date: string;
  /** Epoch milliseconds of the day's first instant. */
  start: number;
}

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY_MS = 86_400_000;

/**
 * Reads `YYYY-MM` (four-digit year, two-digit month 01..12).
 * @throws ReportRequestError for anything else (`2026-13`, `2026-1`, `abcd`).
 */
export function parseMonth(text: string): CalendarMonth {
  const match = MONTH_PATTERN.exec(text);
  if (!match) {
    throw new ReportRequestError(
      `Invalid month ${JSON.stringify(text)}: expected YYYY-MM with a month 01 to 12`,
    );
  }
  return { year: Number(match[1]), month: Number(match[2]) };
}

/** `YYYY-MM` of a calendar month. */
export function formatMonth({ year, month }: CalendarMonth): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/**
 * Checks an IANA time zone name against the runtime's time zone database and returns it unchanged.
 * @throws ReportRequestError for a name the runtime does not know (`Mars/Olympus`).
 */
export function parseTimeZone(name: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
  } catch {
    throw new ReportRequestError(
      `Unknown time zone ${JSON.stringify(name)}: expected an IANA name such as UTC or Europe/Berlin`,
    );
  }
  return name;
}

/** First instant of a month in a time zone, as epoch milliseconds. */
function monthStart({ year, month }: CalendarMonth, timezone: string): number {
  // TZDate's month is 0-based like Date's; month 12 of the constructor rolls over to January.
  return new TZDate(year, month - 1, 1, timezone).getTime();
}

/**
 * The month `[first day 00:00, next month's first day 00:00)` in the time zone, as ISO instants in UTC.
 * @throws ReportRequestError for a malformed month or an unknown time zone.
 * @example reportPeriod('2026-10', 'Europe/Berlin')
 * // { month: '2026-10', timezone: 'Europe/Berlin',
 * //   start: '2026-09-30T22:00:00.000Z', end: '2026-10-31T23:00:00.000Z' }
 */
export function reportPeriod(month: string, timezone: string): ReportPeriod {
  const calendarMonth = parseMonth(month);
  const zone = parseTimeZone(timezone);
  const next = nextMonth(calendarMonth);
  return {
    month,
    timezone: zone,
    start: new Date(monthStart(calendarMonth, zone)).toISOString(),
    end: new Date(monthStart(next, zone)).toISOString(),
  };
}

/** The period's `[start, end)` as epoch milliseconds. */
export function periodBounds(period: ReportPeriod): { start: number; end: number } {
  return { start: Date.parse(period.start), end: Date.parse(period.end) };
}

function nextMonth({ year, month }: CalendarMonth): CalendarMonth {
  return month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
}

/** `YYYY-MM` of the month before (`2026-01` → `2025-12`). */
export function previousMonth(month: string): string {
  const { year, month: m } = parseMonth(month);
  return formatMonth(m === 1 ? { year: year - 1, month: 12 } : { year, month: m - 1 });
}

/** `YYYY-MM` of the month `now` falls in, in the time zone. */
export function currentMonth(timezone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), parseTimeZone(timezone)), 'yyyy-MM');
}

/** The month a report defaults to: the month before the current one, in the time zone. */
export function defaultMonth(timezone: string, now: Date = new Date()): string {
  return previousMonth(currentMonth(timezone, now));
}

/**
 * Whether the month has not begun yet at `now` in the time zone. The current month is not in the
 * future: a report for it covers the days so far.
 */
export function isFutureMonth(month: string, timezone: string, now: Date = new Date()): boolean {
  parseMonth(month);
  // `YYYY-MM` strings of four-digit years sort like the months they name.
  return month > currentMonth(timezone, now);
}

/** `YYYY-MM-DD` of an epoch-milliseconds instant in UTC. */
export function utcDayKey(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The UTC day `days` days after (or before, when negative) a `YYYY-MM-DD` day. */
export function shiftUtcDay(day: string, days: number): string {
  return utcDayKey(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
}

/**
 * The UTC calendar days (`YYYY-MM-DD`, in order) that the period's instants touch: for UTC exactly the
 * month's days; for other zones one more (Europe/Berlin's March runs from 28 February 23:00 UTC).
 */
export function utcDaysOfPeriod(period: ReportPeriod): string[] {
  const { start, end } = periodBounds(period);
  const days: string[] = [];
  const last = utcDayKey(end - 1);
  for (let day = utcDayKey(start); day <= last; day = shiftUtcDay(day, 1)) days.push(day);
  return days;
}

/**
 * Every day of the period's month in its time zone, in order, with the instant each day starts
 * (a day whose midnight is skipped by a daylight saving change starts at its first existing instant).
 */
export function zonedDaysOfPeriod(period: ReportPeriod): ZonedDay[] {
  const { year, month } = parseMonth(period.month);
  const days: ZonedDay[] = [];
  // Each day built afresh from its date: stepping with addDays would carry a skipped midnight's
  // 01:00 on into the following days.
  // Day 0 of the next month is the last day of this one.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  for (let day = 1; day <= daysInMonth; day++) {
    const date = new TZDate(year, month - 1, day, period.timezone);
    days.push({ date: format(date, 'yyyy-MM-dd'), start: date.getTime() });
  }
  return days;
}

/**
 * Finds the day of the month an instant falls in, by binary search over the days' first instants
 * (formatting every record's timestamp through Intl would cost about a second per 100,000 records).
 * Returns `undefined` for an instant outside the period.
 */
export function createDayLocator(period: ReportPeriod): (epochMs: number) => string | undefined {
  const days = zonedDaysOfPeriod(period);
  const { end } = periodBounds(period);
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

/** `YYYY-MM-DD` of an instant in a time zone. */
export function zonedDayKey(epochMs: number, timezone: string): string {
  return format(new TZDate(epochMs, timezone), 'yyyy-MM-dd');
}

/**
 * Epoch milliseconds of the service's `Y-m-d H:i:s` datetime, which is in UTC. Read from the digits
 * rather than through date-fns' `parse`: it runs for every record of the month, and the format is fixed.
 * @throws Error for text not of that form or naming a time that does not exist (`2026-02-30 10:00:00`).
 */
export function parseServiceDatetime(text: string): number {
  const epochMs = serviceDatetimeToEpochMs(text);
  if (Number.isNaN(epochMs)) {
    throw new Error(`Invalid service datetime ${JSON.stringify(text)}: expected "Y-m-d H:i:s" in UTC`);
  }
  return epochMs;
}
