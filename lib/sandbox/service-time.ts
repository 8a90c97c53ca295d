import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * Time as the sandbox keeps it: whole seconds since the Unix epoch, UTC throughout, and months as
 * integers (`year * 12 + monthIndex`) so that "the next month" is `month + 1`.
 */

/** A month as `year * 12 + monthIndex` (monthIndex 0 for January). */
export type MonthNumber = number;

/** Whole seconds of a `Date`, rounded down. */
export function epochSecondsOf(date: Date): number {
  return Math.floor(date.getTime() / 1000);
}

export function monthOfEpochSeconds(epochSeconds: number): MonthNumber {
  const date = new Date(epochSeconds * 1000);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** First second of a month, UTC. */
export function monthStartSeconds(month: MonthNumber): number {
  return Date.UTC(Math.floor(month / 12), month % 12, 1) / 1000;
}

/** `2026-10`, for identifiers. */
export function monthDigits(month: MonthNumber): string {
  return `${Math.floor(month / 12)}${String((month % 12) + 1).padStart(2, '0')}`;
}

/** The statistics endpoint's key of a `Y-m-d` day's month, English name and four-digit year: `October-2026`. */
export function statisticsMonthKey(day: string): string {
  return format(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, 1), 'MMMM-yyyy', {
    in: tz('UTC'),
  });
}
