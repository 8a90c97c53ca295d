import { secondsInDay, secondsInHour } from 'date-fns/constants';

/**
 * The service's datetimes: `Y-m-d H:i:s` in UTC, read (by the invoicing client and the report) and
 * written (by the sandbox). Worked out from the digits rather than through a formatter or `Date`: they
 * run for every datetime of every record, hundreds of thousands a month.
 */

/** `Y-m-d H:i:s`, as the service writes every datetime (in UTC). */
export const SERVICE_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The first instant a service datetime can name, 0100-01-01 00:00:00 UTC, in ms since the epoch. */
export const FIRST_SERVICE_MS = Date.UTC(100, 0, 1);
/** The instant after the last one a service datetime can name (10000-01-01 00:00:00 UTC). */
export const END_OF_SERVICE_MS = Date.UTC(10000, 0, 1);

/**
 * Whether a text of `SERVICE_DATETIME_PATTERN` names a moment that exists: a real day of its month (no
 * 2026-02-30), hours to 23, minutes and seconds to 59. Years 0000-0099 count as not existing, as a
 * round trip through `Date` says (`Date.UTC` reads them as 1900-1999); the service writes this era's.
 */
export function isExistingServiceDatetime(text: string): boolean {
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 7);
  const day = digitsAt(text, 8, 10);
  return (
    year >= 100 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    digitsAt(text, 11, 13) <= 23 &&
    digitsAt(text, 14, 16) <= 59 &&
    digitsAt(text, 17, 19) <= 59
  );
}

/**
 * Epoch milliseconds of a service datetime (UTC), or `NaN` for text not of `SERVICE_DATETIME_PATTERN`
 * or naming a moment that does not exist.
 * @example serviceDatetimeToEpochMs('2026-10-01 12:00:00') // 1790856000000
 */
export function serviceDatetimeToEpochMs(text: string): number {
  if (!SERVICE_DATETIME_PATTERN.test(text) || !isExistingServiceDatetime(text)) return Number.NaN;
  return Date.UTC(
    digitsAt(text, 0, 4),
    digitsAt(text, 5, 7) - 1,
    digitsAt(text, 8, 10),
    digitsAt(text, 11, 13),
    digitsAt(text, 14, 16),
    digitsAt(text, 17, 19),
  );
}

/**
 * Epoch milliseconds of a service datetime (UTC).
 * @throws Error for text not of that form or naming a time that does not exist (`2026-02-30 10:00:00`).
 */
export function parseServiceDatetime(text: string): number {
  const epochMs = serviceDatetimeToEpochMs(text);
  if (Number.isNaN(epochMs)) {
    throw new Error(`Invalid service datetime ${JSON.stringify(text)}: expected "Y-m-d H:i:s" in UTC`);
  }
  return epochMs;
}

const dayPrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));

/**
 * The service datetime (`Y-m-d H:i:s`, UTC) of an instant in whole epoch seconds. The day's `Y-m-d`
 * (from `toISOString`) is remembered and the time of day is plain arithmetic: the sandbox writes some
 * 160,000 of them for a month of 55,000 invoices.
 * @example serviceDatetimeFromEpochSeconds(1790856000) // '2026-10-01 12:00:00'
 */
export function serviceDatetimeFromEpochSeconds(epochSeconds: number): string {
  const day = Math.floor(epochSeconds / secondsInDay);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = new Date(day * secondsInDay * 1000).toISOString().slice(0, 10);
    dayPrefixes.set(day, prefix);
  }
  const second = epochSeconds - day * secondsInDay;
  const hours = Math.floor(second / secondsInHour);
  const minutes = Math.floor((second % secondsInHour) / 60);
  // `join` makes one flat string; a template literal would keep its pieces alive, in every record.
  return [prefix, ' ', TWO_DIGITS[hours], ':', TWO_DIGITS[minutes], ':', TWO_DIGITS[second % 60]].join('');
}

/** The number the ASCII digits `text[start..end)` write (the pattern has checked they are digits). */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let index = start; index < end; index++) value = value * 10 + text.charCodeAt(index) - 48;
  return value;
}

/** Days in a month (1..12) of the proleptic Gregorian calendar, the one `Date` uses. */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
