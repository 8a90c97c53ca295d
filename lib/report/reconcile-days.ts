import { millisecondsInHour } from 'date-fns/constants';
import type { InvoiceStatistics } from '../invoicing';
import { shiftUtcDay, utcDayKey } from '../period';
import { EARLIEST_DAY_START_MS, LATEST_DAY_START_MS } from './collect-ranges';

/** A day of the statistics' `invoicesByDate`, cut where the service says it is. */
export interface ListedDay {
  /** The entry's key, `Y-m-d`. */
  date: string;
  /** The entry's `date`: the day's first instant, epoch milliseconds. */
  start: number;
  /**
   * The next calendar day's first instant when that day is listed too; `undefined` when it is not, and
   * the day may then be 23, 24 or 25 hours long (a clock change in the service's zone).
   */
  end: number | undefined;
}

/**
 * Where a paid invoice's creation falls among the service's days:
 * - `listed`: inside a listed day's established hours;
 * - `end-unknown`: in the last two hours a listed day may have, when the next day is not listed (the
 *   invoice is on that day if it is 25 hours long, on the next one otherwise);
 * - `unlisted`: on a day the statistics do not list, named as well as the listed days' cut tells.
 */
export interface DayPlacement {
  kind: 'listed' | 'end-unknown' | 'unlisted';
  date: string;
}

/** The service's days, or why they cannot be read. */
export type ServiceDaysReading = { ok: true; days: ServiceDays } | { ok: false; problem: string };

const SHORTEST_DAY_MS = 23 * millisecondsInHour;
const LONGEST_DAY_MS = 25 * millisecondsInHour;

const midnightUtc = (date: string): number => Date.parse(`${date}T00:00:00Z`);
function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const midnight = midnightUtc(text);
  return !Number.isNaN(midnight) && utcDayKey(midnight) === text;
}

/**
 * The days the statistics' per-day figures are cut in, as the service states them: each entry's `date`
 * says where its day begins, and a day ends where the next calendar day begins. Nothing is assumed about
 * the service's zone, only that it is one: each day must begin within the hours a day of that date can
 * begin in some zone (UTC−12 to UTC+14), and later than the day before.
 */
export class ServiceDays {
  private constructor(private readonly days: readonly ListedDay[]) {}

  /** Reads `invoicesByDate`; a key that is no date or a start that no zone has gives the problem in words. */
  static read(byDate: InvoiceStatistics['invoicesByDate']): ServiceDaysReading {
    const entries = Object.entries(byDate).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    for (const [index, [date, { date: start }]] of entries.entries()) {
      if (!isDate(date)) {
        return {
          ok: false,
          problem: `its per-day figures have a key that is not a date (${JSON.stringify(date)})`,
        };
      }
      const offset = start - midnightUtc(date);
      if (offset < EARLIEST_DAY_START_MS || offset > LATEST_DAY_START_MS) {
        return {
          ok: false,
          problem: `its per-day figures say ${date} begins at ${new Date(start).toISOString()}, which is no time zone's midnight of that date`,
        };
      }
      const before = entries[index - 1];
      if (before !== undefined && before[1].date >= start) {
        return { ok: false, problem: `its per-day figures say ${date} begins no later than ${before[0]}` };
      }
    }
    const starts = new Map(entries.map(([date, { date: start }]) => [date, start]));
    const days = entries.map(([date, { date: start }]) => ({
      date,
      start,
      end: starts.get(shiftUtcDay(date, 1)),
    }));
    return { ok: true, days: new ServiceDays(days) };
  }

  /** The listed days, in order. */
  list(): readonly ListedDay[] {
    return this.days;
  }

  /** Where an instant (epoch milliseconds) falls. */
  place(at: number): DayPlacement {
    const index = this.lastStartingBy(at);
    const day = index === -1 ? undefined : this.days[index]!;
    if (day !== undefined) {
      // With a listed next day, `at` is before its start (else the search had found it).
      if (day.end !== undefined || at < day.start + SHORTEST_DAY_MS)
        return { kind: 'listed', date: day.date };
      if (at < day.start + LONGEST_DAY_MS) return { kind: 'end-unknown', date: day.date };
    }
    return { kind: 'unlisted', date: this.unlistedDate(at, index) };
  }

  /** Index of the last day that begins at or before `at`; -1 when none does. */
  private lastStartingBy(at: number): number {
    let low = 0;
    let high = this.days.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.days[middle]!.start <= at) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }

  /**
   * The date of an instant that no listed day holds: read with the offset from UTC of the nearer listed
   * day (the service's zone as it stood then), kept strictly between the listed days around it. Days in
   * UTC when none is listed.
   */
  private unlistedDate(at: number, before: number): string {
    const earlier = this.days[before];
    const later = this.days[before + 1];
    const nearer =
      earlier === undefined || (later !== undefined && later.start - at < at - earlier.start)
        ? later
        : earlier;
    const offset = nearer === undefined ? 0 : midnightUtc(nearer.date) - nearer.start;
    let date = utcDayKey(at + offset);
    if (earlier !== undefined && date <= earlier.date) date = shiftUtcDay(earlier.date, 1);
    if (later !== undefined && date >= later.date) date = shiftUtcDay(later.date, -1);
    return date;
  }
}
