import { TZDate } from '@date-fns/tz';
import Big from 'big.js';
import { format } from 'date-fns/format';
import { fiatFractionDigits } from '../invoicing';
import { parseTimeZone } from '../period';
import { isolated } from './isolated';
import { OneDecimalBig } from './money';

/**
 * Formatting of figures, dates and identifiers for people: one place, used by the HTML page, the
 * email and its plain-text alternative. Amounts are `Big` (or plain decimal strings) all the way:
 * nothing goes through `Number`, so a crypto amount keeps every digit and never shows exponent form.
 */

type Amount = Big | string;

/**
 * Groups the digits of an integer part by thousands: `1234567` → `1,234,567`.
 *
 * Written by hand rather than with `Intl.NumberFormat`: Intl needs the number of fraction digits up
 * front and rounds to it, while a crypto amount must keep every digit it has.
 */
function groupThousands(digits: string): string {
  // Counted from the end in one pass: the lookahead pattern `\B(?=(\d{3})+(?!\d))` backtracks over a
  // long run of digits, in time growing with the square of its length.
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let at = head; at < digits.length; at += 3) groups.push(digits.slice(at, at + 3));
  return groups.join(',');
}

/** Decimal places of a plain decimal string (`"12.340"` → 3). */
function decimalPlaces(plain: string): number {
  const point = plain.indexOf('.');
  return point === -1 ? 0 : plain.length - point - 1;
}

/**
 * A decimal with its integer part grouped, at least `minDecimals` places and never fewer than the
 * amount has: `formatDecimal(new Big('1234.5'), 2)` → `1,234.50`; `formatDecimal('0.00000095')` →
 * `0.00000095`; `formatDecimal(new Big('1e21'))` → `1,000,000,000,000,000,000,000`.
 */
export function formatDecimal(amount: Amount, minDecimals = 0): string {
  const value = new Big(amount);
  const places = Math.max(minDecimals, decimalPlaces(value.toFixed()));
  // `value.toFixed()` is always plain notation, whatever `Big.PE`/`Big.NE` say; a zero loses its sign.
  const plain = value.eq(0) ? new Big(0).toFixed(places) : value.toFixed(places);
  const negative = plain.startsWith('-');
  const [integer = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = groupThousands(integer) + (fraction === undefined ? '' : `.${fraction}`);
  return negative ? `-${grouped}` : grouped;
}

/**
 * What stands between an amount and its code: an ordinary space, or a no-break space (U+00A0) that keeps
 * a signed difference whole, so that a narrow column or a phone never shows `+10.00` with `USD` alone on
 * the next line. Other amounts keep an ordinary space, so that summary.json, the CSV files, the workbook
 * and the command's lines hold plain text; the page and the email decide where an amount in a table may
 * wrap with their markup (`AmountText`).
 */
type CodeSpace = ' ' | '\u00a0';

const NO_BREAK_SPACE: CodeSpace = '\u00a0';

function usd(amount: Amount, space: CodeSpace): string {
  return `${formatDecimal(amount, 2)}${space}USD`;
}

function fiat(amount: Amount, currency: string, space: CodeSpace): string {
  return `${formatDecimal(amount, fiatFractionDigits(currency))}${space}${isolated(currency)}`;
}

/** A USD amount: two decimals (or more, if the amount has them), grouped: `81,119.92 USD`. */
export function formatUSD(amount: Amount): string {
  return usd(amount, ' ');
}

/**
 * A fiat amount in its own currency with the currency's minor unit (more decimals if the amount has
 * them) and the code after it, never a symbol: `1,234.50 EUR`, `12,000 JPY`. A code that is not plain
 * ASCII is set apart (`isolated`), so that it cannot reorder the figure or the line around it.
 */
export function formatFiat(amount: Amount, currency: string): string {
  return fiat(amount, currency, ' ');
}

/**
 * A crypto amount with every digit it has, only the integer part grouped: `0.00000095 BTC`, `1,234.5
 * USDT`; the code set apart as a fiat one is.
 */
export function formatCrypto(amount: Amount, cryptocurrency: string): string {
  return `${formatDecimal(amount)} ${isolated(cryptocurrency)}`;
}

/** A count: `1,234`. */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) throw new RangeError(`a count must be a whole number, got ${count}`);
  return count < 0 ? `-${groupThousands(String(-count))}` : groupThousands(String(count));
}

/** A plus sign in front of a positive figure; a negative one already has its minus; zero has neither. */
function signed(formatted: string, sign: number): string {
  return sign > 0 ? `+${formatted}` : formatted;
}

/** A change in a count: `+34`, `-3`, `0`. */
export function formatCountChange(change: number): string {
  return signed(formatCount(change), Math.sign(change));
}

/**
 * A signed USD difference, a no-break space before its code (see `CodeSpace`): `+122.00 USD`,
 * `-3.50 USD`, `0.00 USD`.
 */
export function formatUSDChange(change: Amount): string {
  return signed(usd(change, NO_BREAK_SPACE), new Big(change).cmp(0));
}

/** A signed fiat difference in its own currency, a no-break space before its code: `+10.50 EUR`. */
export function formatFiatChange(change: Amount, currency: string): string {
  return signed(fiat(change, currency, NO_BREAK_SPACE), new Big(change).cmp(0));
}

/**
 * A percentage change with one decimal (the model rounds it already): `+12.5 %`, `-3.0 %`, `0.0 %`;
 * `n/a` when there is nothing to compare with.
 */
export function formatPercentChange(percent: Amount | null): string {
  if (percent === null) return 'n/a';
  const rounded = new Big(percent).round(1, Big.roundHalfUp);
  return `${signed(formatDecimal(rounded, 1), rounded.cmp(0))} %`;
}

/** A share of a whole as a percentage with one decimal: `formatShare(1, 3)` → `33.3 %`; `n/a` of nothing. */
export function formatShare(part: Amount | number, whole: Amount | number): string {
  const total = new Big(whole);
  if (total.eq(0)) return 'n/a';
  return `${formatDecimal(new OneDecimalBig(part).times(100).div(total), 1)} %`;
}

// Dates and times. date-fns formats a `TZDate` in that date's own zone; a zone is checked first, since
// date-fns alone would only say "Invalid time value". Periods are named by `periodName` in `lib/period`.

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SERVICE_DATETIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

function checkedDate(date: TZDate, what: string): TZDate {
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid ${what}`);
  return date;
}

/** A calendar day for people: `2026-10-01` → `1 Oct 2026`. */
export function formatDay(day: string): string {
  const parts = DAY.exec(day);
  if (!parts) throw new RangeError(`expected a day "YYYY-MM-DD", got "${day}"`);
  const date = new TZDate(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]), 'UTC');
  return format(checkedDate(date, 'day'), 'd MMM yyyy');
}

/** A `startDate`/`endDate` pair as sent to the service, for people: `30 Sep 2026 – 2 Nov 2026`. */
export function formatDates(range: { startDate: string; endDate: string }): string {
  return `${formatDay(range.startDate)} – ${formatDay(range.endDate)}`;
}

/** A month's short name for an axis label: `2026-10` → `Oct`. */
export function formatMonthShort(month: string): string {
  const parts = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!parts) throw new RangeError(`expected a month "YYYY-MM", got "${month}"`);
  return format(checkedDate(new TZDate(Number(parts[1]), Number(parts[2]) - 1, 1, 'UTC'), 'month'), 'MMM');
}

/** An ISO 8601 instant as a date and time in a zone, zone named: `3 Nov 2026, 07:00 (Europe/Berlin)`. */
export function formatInstant(instant: string, timezone: string): string {
  const date = checkedDate(new TZDate(instant, parseTimeZone(timezone)), 'ISO 8601 instant');
  return `${format(date, 'd MMM yyyy, HH:mm')} (${timezone})`;
}

/**
 * A service datetime (`Y-m-d H:i:s`, UTC) as a date and time in the report's zone, which the reader
 * is told once, in a heading: `2026-10-01 12:00:00` in Europe/Berlin → `1 Oct 2026, 14:00`.
 */
export function formatServiceDatetime(datetime: string, timezone: string): string {
  const parts = SERVICE_DATETIME.exec(datetime);
  if (!parts) throw new RangeError(`expected a datetime "Y-m-d H:i:s", got "${datetime}"`);
  const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
  const utc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
  return format(checkedDate(new TZDate(utc, parseTimeZone(timezone)), 'datetime'), 'd MMM yyyy, HH:mm');
}

/**
 * The calendar days from `start` to just before `end` (exclusive), read in a zone, as compactly as people
 * write them: `1–23 Nov 2026`, `1 Oct – 31 Dec 2026`, `1 Dec 2025 – 23 Jan 2026`, `1 Nov 2026`.
 * By hand: date-fns has no range format, and Intl's `formatRange` words it differently from one ICU
 * version to the next (`1 – 23`, `Sept`), and Lambda's runtime does not share this one's.
 */
export function formatDayRange(start: string | number, end: string | number, timezone: string): string {
  const zone = parseTimeZone(timezone);
  const first = checkedDate(new TZDate(new Date(start).getTime(), zone), 'range start');
  const last = checkedDate(new TZDate(new Date(end).getTime() - 1, zone), 'range end');
  const sameYear = first.getFullYear() === last.getFullYear();
  const sameMonth = sameYear && first.getMonth() === last.getMonth();
  if (sameMonth && first.getDate() === last.getDate()) return format(last, 'd MMM yyyy');
  const from = format(first, sameMonth ? 'd' : sameYear ? 'd MMM' : 'd MMM yyyy');
  return `${from}${sameMonth ? '–' : ' – '}${format(last, 'd MMM yyyy')}`;
}

/**
 * The days a report covers, read in its zone from its instants, the zone named: `1–31 Oct 2026
 * (Europe/Berlin)`. A period not ended covers its days up to `asOf`, which is said:
 * `1–23 Nov 2026 so far, as of 23 Nov 2026, 14:35 (Europe/Berlin)`.
 */
export function formatPeriod(period: {
  start: string;
  end: string;
  timezone: string;
  complete: boolean;
  asOf: string;
}): string {
  if (period.complete)
    return `${formatDayRange(period.start, period.end, period.timezone)} (${period.timezone})`;
  return `${formatDayRange(period.start, period.asOf, period.timezone)} so far, as of ${formatInstant(period.asOf, period.timezone)}`;
}

/** How late a payment came, from whole seconds: `45 s`, `12 min`, `12 min 5 s`. */
export function formatDelay(seconds: number): string {
  if (!Number.isSafeInteger(seconds) || seconds < 0)
    throw new RangeError(`a delay must be whole seconds, got ${seconds}`);
  // Datetimes are whole seconds: 0 means within the same second.
  if (seconds === 0) return 'under 1 s';
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

// Identifiers.

/** The short form of an identifier people can tell apart at a glance: its first 8 characters. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** Made on first use: creating a segmenter loads ICU's break rules, about 10 ms of a function's cold start. */
let graphemes: Intl.Segmenter | undefined;

/**
 * UTF-16 units read per character shown when a text is cut: more than the longest emoji sequences in use
 * take (a family of four with skin tones is 19), so that a text is cut where people count.
 */
const UNITS_READ_PER_CHARACTER = 32;

/**
 * Text cut to at most `max` characters as people count them (an emoji is one), with `…` when cut, so a
 * long description keeps a table readable. Only a prefix of `max` × 32 UTF-16 units is segmented,
 * whatever the text's length: segmenting the whole text costs time growing faster than its length.
 * A character longer than that (a letter with thousands of combining marks) is cut where the prefix ends.
 */
export function truncateText(text: string, max: number): string {
  // A string no longer in UTF-16 units than `max` cannot have more characters than that.
  if (text.length <= max) return text;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const prefix = text.slice(0, max * UNITS_READ_PER_CHARACTER);
  const whole = prefix.length === text.length;
  /** Where each of the first `max` characters ends, within the prefix. */
  const ends: number[] = [];
  for (const { index, segment } of graphemes.segment(prefix)) {
    ends.push(index + segment.length);
    if (ends.length > max) break;
  }
  if (whole && ends.length <= max) return text;
  // The prefix's last character may run on past it: only characters that end before its end are whole.
  const complete = ends.length > max || whole ? ends : ends.slice(0, -1);
  const kept = complete[Math.min(max - 1, complete.length) - 1] ?? 0;
  return `${text.slice(0, kept).trimEnd()}…`;
}
