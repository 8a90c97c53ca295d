import { periodBounds, zonedDayStart } from './bounds';
import { monthsOfPeriod } from './calendar';
import { type Period, pad } from './period-id';
import { parseTimeZone } from './time-zone';

/** A day of a period in the period's time zone and the instant it starts. */
export interface ZonedDay {
  /** `YYYY-MM-DD` in the time zone. */
  date: string;
  /** Epoch milliseconds of the day's first instant. */
  start: number;
}

/**
 * Every day of a period in a time zone, in order, with the instant each day starts (a day whose
 * midnight a daylight saving change skips starts at its first existing instant).
 * @throws ReportRequestError for an unknown time zone
 */
export function zonedDaysOfPeriod(period: Period, timeZone: string): ZonedDay[] {
  const zone = parseTimeZone(timeZone);
  const days: ZonedDay[] = [];
  for (const { year, month } of monthsOfPeriod(period)) {
    // Day 0 of the next month is the last day of this one.
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    // Each day built afresh from its date: stepping with addDays would carry a skipped midnight's
    // 01:00 on into the following days.
    for (let day = 1; day <= daysInMonth; day++) {
      days.push({
        date: `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`,
        start: zonedDayStart(year, month, day, zone),
      });
    }
  }
  return days;
}

/**
 * Finds the day of a period an instant falls in, by binary search over the days' first instants
 * (formatting every record's timestamp through Intl would cost about a second per 100,000 records).
 * The locator returns `undefined` for an instant outside the period, or at or after `until` when given
 * (a period not ended is reported up to an instant: its days after that are not lived yet).
 * @throws ReportRequestError for an unknown time zone
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
