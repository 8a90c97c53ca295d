import { secondsInDay, secondsInHour } from 'date-fns/constants';

// The service's datetimes, `Y-m-d H:i:s` in UTC, read and written from the digits rather than through a
// formatter or `Date`: they run for every datetime of every record, hundreds of thousands a month.

/** `Y-m-d H:i:s`, as the service writes every datetime (in UTC). */
export const SERVICE_DATETIME_PATTERN = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** The first instant a service datetime names (year 100) and the one after its last (10000), in ms. */
export const FIRST_SERVICE_MS = Date.UTC(100, 0, 1);
export const END_OF_SERVICE_MS = Date.UTC(10000, 0, 1);

/**
 * Whether a text of `SERVICE_DATETIME_PATTERN` names a moment that exists (no 2026-02-30, hours to 23).
 * Years 0000-0099 do not: `Date.UTC` reads them as 1900-1999.
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

/** Epoch milliseconds of a service datetime, or `NaN` for text not of that form or not existing. */
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

/** Epoch milliseconds of a service datetime. @throws Error for text not of that form or not existing. */
export function parseServiceDatetime(text: string): number {
  const epochMs = serviceDatetimeToEpochMs(text);
  if (Number.isNaN(epochMs)) {
    throw new Error(`Invalid service datetime ${JSON.stringify(text)}: expected "Y-m-d H:i:s" in UTC`);
  }
  return epochMs;
}

const dayPrefixes = new Map<number, string>();
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => String(value).padStart(2, '0'));

/** The service datetime of whole epoch seconds, days remembered: the sandbox writes 160,000 a month. */
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
