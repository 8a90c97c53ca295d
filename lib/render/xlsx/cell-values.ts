import Big from 'big.js';
import { serviceDatetimeToEpochMs } from '../../period';

/** Days from Excel's day 0 (1899-12-30, in its 1900 date system) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;
const MS_PER_DAY = 86_400_000;
/**
 * Excel's serial numbers are right from 1 March 1900 on; before that its 1900 date system counts a
 * 29 February 1900 that never was, and before 1900 it has no dates at all.
 */
const FIRST_EXACT_DATE_MS = Date.UTC(1900, 2, 1);

/** The most decimals a number format shows (Excel's limit is 30). */
export const MAX_SHOWN_DECIMALS = 30;

/**
 * Whether a double holds this plain decimal exactly, so that a spreadsheet shows every digit the
 * service sent: the double's own plain form is the same text (`0.00000095` yes; `0.123456789012345678`
 * and `98765432109876543.21` no). `amount` is in the canonical form the schemas give (no exponent, no
 * trailing zeros in the fraction).
 */
export function doubleHolds(amount: string): boolean {
  // A decimal of at most 15 significant digits is always what a double prints back (DBL_DIG): the
  // common case, decided without converting.
  if (significantDigits(amount) <= 15) return true;
  const double = Number(amount);
  if (!Number.isFinite(double)) return false;
  const text = String(double);
  // `String` writes very small and very large doubles with an exponent; Big writes them out plainly.
  return (text.includes('e') ? new Big(double).toFixed() : text) === amount;
}

/** Digits of a plain decimal from its first non-zero digit on (`0.00120` has 3); infinity for text that is not one. */
function significantDigits(amount: string): number {
  let digits = 0;
  let started = false;
  let any = false;
  for (let index = amount.charCodeAt(0) === 45 ? 1 : 0; index < amount.length; index++) {
    const code = amount.charCodeAt(index);
    if (code === 46) continue;
    if (code < 48 || code > 57) return Number.POSITIVE_INFINITY;
    any = true;
    if (code !== 48) started = true;
    if (started) digits += 1;
  }
  return any ? digits : Number.POSITIVE_INFINITY;
}

/** Decimals a plain decimal has after its point. */
export function decimalsOf(amount: string): number {
  const point = amount.indexOf('.');
  return point === -1 ? 0 : amount.length - point - 1;
}

/**
 * The spreadsheet serial number (days since 1899-12-30, the time of day as the fraction) of the service's
 * `Y-m-d H:i:s` in UTC; `undefined` for text that is not such a datetime, or a date before 1 March 1900,
 * which a spreadsheet cannot show as a date.
 */
export function excelSerial(serviceDatetime: string): number | undefined {
  const epochMs = serviceDatetimeToEpochMs(serviceDatetime);
  if (Number.isNaN(epochMs) || epochMs < FIRST_EXACT_DATE_MS) return undefined;
  return epochMs / MS_PER_DAY + EPOCH_SERIAL;
}
