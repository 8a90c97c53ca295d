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
 *
 * Worked out from the digits rather than through a `Date`: it runs for every datetime of every record,
 * hundreds of thousands a month.
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
