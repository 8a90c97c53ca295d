import { serviceDatetimeFromEpochSeconds, type ZoneDays } from '../period';

/** `year * 12 + monthIndex`, so that the next month is `month + 1`; instants are epoch seconds, UTC. */
export type MonthNumber = number;

export function monthOfEpochSeconds(epochSeconds: number): MonthNumber {
  const date = new Date(epochSeconds * 1000);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

export function monthStartSeconds(month: MonthNumber): number {
  return Date.UTC(Math.floor(month / 12), month % 12, 1) / 1000;
}

/** Instants from `from` (included) to `to` (excluded), in epoch seconds; a missing bound is open. */
export interface InstantRange {
  from?: number;
  to?: number;
}

/** How all three endpoints read `startDate`/`endDate`, which the spec leaves open. */
export interface DateReading {
  days: ZoneDays;
  /** Whether the day `endDate` names is part of the range. */
  endDate: 'inclusive' | 'exclusive';
}

/** The instants from `startDate` to `endDate` (`Y-m-d` days of the zone), as `reading.endDate` reads them. */
export function rangeOfDates(dates: { startDate?: string; endDate?: string }, reading: DateReading) {
  const later = reading.endDate === 'inclusive' ? 1 : 0;
  return {
    from: dates.startDate === undefined ? undefined : reading.days.startOf(dates.startDate),
    to: dates.endDate === undefined ? undefined : reading.days.startOf(dates.endDate, later),
  };
}

/**
 * A range as the `Y-m-d H:i:s` (UTC) texts of its first and last second, so that a record's test is two
 * string comparisons. A bound beyond a four-digit year is left open.
 */
export function datetimeBounds({ from, to }: InstantRange): DatetimeBounds {
  return {
    first: from === undefined || from < -62_167_219_200 ? undefined : serviceDatetimeFromEpochSeconds(from),
    last: to === undefined || to > 253_402_300_800 ? undefined : serviceDatetimeFromEpochSeconds(to - 1),
  };
}

type DatetimeBounds = { first?: string; last?: string };

export function inBounds(datetime: string, { first, last }: DatetimeBounds): boolean {
  return (first === undefined || datetime >= first) && (last === undefined || datetime <= last);
}
