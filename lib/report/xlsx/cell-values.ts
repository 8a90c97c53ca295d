import { serviceDatetimeToEpochMs } from '../../invoicing';

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
 * Whether a spreadsheet shows every digit of this plain decimal as a number: it has at most 15
 * significant digits (zeros after the last non-zero digit do not count). Excel keeps and shows 15, though
 * a double may hold 16 or 17: as a number, 0.1234567890123456 ETH would read 0.1234567890123450 and
 * 9007199254740992 would read 9,007,199,254,740,990. A double holds any decimal of 15 significant digits
 * (DBL_DIG), so such a number is also exactly the amount. `amount` is in the canonical form the schemas
 * give (no exponent, no trailing zeros in the fraction); false for text that is not a plain decimal.
 */
export function spreadsheetShowsEveryDigit(amount: string): boolean {
  if (significantDigits(amount) > MAX_SPREADSHEET_DIGITS) return false;
  // Few digits, yet beyond the largest number a spreadsheet has (`1` and 400 zeros): only a long text can be.
  return amount.length < MAX_SHORT_AMOUNT || Math.abs(Number(amount)) < MAX_SPREADSHEET_NUMBER;
}

/** The significant digits Excel keeps of a number (its "number precision"). */
const MAX_SPREADSHEET_DIGITS = 15;
/** Excel's largest number is 9.99999999999999E+307. */
const MAX_SPREADSHEET_NUMBER = 1e308;
/** Characters of a plain decimal that is below `MAX_SPREADSHEET_NUMBER` however it is written. */
const MAX_SHORT_AMOUNT = 300;

/**
 * Digits of a plain decimal from its first non-zero digit to its last (`0.00120` has 2, `1200` has 2);
 * infinity for text that is not one.
 */
function significantDigits(amount: string): number {
  let first = -1;
  let last = -1;
  let any = false;
  /** Digits before `index`, the point left out. */
  let position = 0;
  for (let index = amount.charCodeAt(0) === 45 ? 1 : 0; index < amount.length; index++) {
    const code = amount.charCodeAt(index);
    if (code === 46) continue;
    if (code < 48 || code > 57) return Number.POSITIVE_INFINITY;
    any = true;
    if (code !== 48) {
      if (first === -1) first = position;
      last = position;
    }
    position += 1;
  }
  if (!any) return Number.POSITIVE_INFINITY;
  return first === -1 ? 0 : last - first + 1;
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
