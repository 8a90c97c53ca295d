import Big from 'big.js';
import { serviceDatetimeToEpochMs } from '../../period';

/** Days from Excel's day 0 (1899-12-30, in its 1900 date system) to 1970-01-01. */
const EPOCH_SERIAL = 25_569;
const MS_PER_DAY = 86_400_000;
/** Excel's serials are right from 1 March 1900: it counts a 29 February 1900, and has nothing before 1900. */
const FIRST_EXACT_DATE_MS = Date.UTC(1900, 2, 1);

/** The most decimals a number format shows (Excel's limit is 30). */
export const MAX_SHOWN_DECIMALS = 30;

/**
 * Whether a double holds this plain decimal (canonical: no exponent, no trailing zeros) exactly, so that a
 * spreadsheet shows every digit the service sent (`0.00000095` yes; `0.123456789012345678` no).
 */
export function doubleHolds(amount: string): boolean {
  // At most 15 significant digits (DBL_DIG) always print back: the common case, decided without converting.
  if (significantDigits(amount) <= 15) return true;
  const double = Number(amount);
  if (!Number.isFinite(double)) return false;
  const text = String(double);
  // `String` writes very small and very large doubles with an exponent; Big writes them out plainly.
  return (text.includes('e') ? new Big(double).toFixed() : text) === amount;
}

/** Digits of a plain decimal from its first non-zero one (`0.00120` has 3); infinity for other text. */
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
 * The spreadsheet serial number (days since 1899-12-30, the time as the fraction) of the service's
 * `Y-m-d H:i:s` in UTC; `undefined` for other text or a date a spreadsheet cannot show (see above).
 */
export function excelSerial(serviceDatetime: string): number | undefined {
  const epochMs = serviceDatetimeToEpochMs(serviceDatetime);
  if (Number.isNaN(epochMs) || epochMs < FIRST_EXACT_DATE_MS) return undefined;
  return epochMs / MS_PER_DAY + EPOCH_SERIAL;
}

// Format codes are locale-independent in the file: a spreadsheet shows its own separators (`1.234,56`).
export const USD_FORMAT = '#,##0.00';
export const COUNT_FORMAT = '#,##0';
/**
 * Timestamps in UTC, the zone a literal of the format: each cell reads `2026-09-30 23:45:00 UTC` and still
 * sorts as a date; the list sheets' headers are the CSV's names and cannot say it.
 */
export const DATETIME_FORMAT = 'yyyy-mm-dd hh:mm:ss "UTC"';
/** Text: a cell formatted as text stays text when someone edits it (`=1+1` is not run). */
export const TEXT_FORMAT = '@';
/**
 * True/false cells. LibreOffice shows a boolean read from a workbook as 1 unless its format is this code
 * (the one it writes itself), and then in its own words (`WAHR` in German); Excel always does.
 */
export const BOOLEAN_FORMAT = '"TRUE";"TRUE";"FALSE"';

/** A number with `decimals` decimals and thousands separators: `#,##0.00000000` for 8. */
export const decimalFormat = (decimals: number): string =>
  decimals === 0 ? COUNT_FORMAT : `#,##0.${'0'.repeat(decimals)}`;
