import { tz } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * Time as the sandbox keeps it: whole seconds since the Unix epoch, UTC throughout, and months as
 * integers (`year * 12 + monthIndex`) so that "the next month" is `month + 1`.
 */

export const SECONDS_PER_HOUR = 3_600;
export const SECONDS_PER_DAY = 86_400;

/** A month as `year * 12 + monthIndex` (monthIndex 0 for January). */
export type MonthNumber = number;

const dayPrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));

/**
 * `Y-m-d H:i:s` in UTC, as the service writes datetimes.
 * Written by hand rather than with a formatter: a month of 55,000 invoices needs some 160,000 of them,
 * so the day's `Y-m-d` (from `toISOString`) is remembered and the time of day is plain arithmetic.
 */
export function formatServiceDatetime(epochSeconds: number): string {
  const day = Math.floor(epochSeconds / SECONDS_PER_DAY);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * SECONDS_PER_DAY * 1000).toISOString().slice(0, 10);
    dayPrefixes.set(day, prefix);
  }
  const second = epochSeconds - day * SECONDS_PER_DAY;
  const hours = Math.floor(second / SECONDS_PER_HOUR);
  const minutes = Math.floor((second % SECONDS_PER_HOUR) / 60);
  // `join` makes one flat string; a template literal would keep its pieces alive, in every record.
  return [prefix, ' ', TWO_DIGITS[hours], ':', TWO_DIGITS[minutes], ':', TWO_DIGITS[second % 60]].join('');
}

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
