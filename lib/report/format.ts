import { TZDate } from '@date-fns/tz';
import Big from 'big.js';
import { format } from 'date-fns/format';
import { fiatFractionDigits } from '../invoicing';
import { parseServiceDatetime, parseTimeZone } from '../period';
import type { ReportPeriod } from './model';
import { OneDecimalBig } from './money';

/** Figures, dates and ids for people. Amounts stay `Big` or decimal strings, never `Number`. */

type Amount = Big | string;

/** `1234567n` → `1,234,567`: whole numbers (a `BigInt` keeps every digit; fractions it rounds); -0 is 0. */
const GROUPED = new Intl.NumberFormat('en-US', { signDisplay: 'negative' });

/** At least `minDecimals` places, never fewer than it has: `(1234.5, 2)` → `1,234.50`; `0.00000095`. */
export function formatDecimal(amount: Amount, minDecimals = 0): string {
  const value = new Big(amount);
  // `toFixed()` is always plain notation, whatever `Big.PE`/`Big.NE` say; a zero loses its sign.
  const exact = value.toFixed();
  const point = exact.indexOf('.');
  const places = Math.max(minDecimals, point === -1 ? 0 : exact.length - point - 1);
  const plain = value.eq(0) ? new Big(0).toFixed(places) : value.toFixed(places);
  const negative = plain.startsWith('-');
  const [integer = '0', fraction] = (negative ? plain.slice(1) : plain).split('.');
  const grouped = GROUPED.format(BigInt(integer)) + (fraction === undefined ? '' : `.${fraction}`);
  return negative ? `-${grouped}` : grouped;
}

/**
 * In the minor unit (or more decimals), then the code (isolated unless ASCII), never a symbol: `12,000 JPY`.
 * A signed difference passes a no-break space (whole on a phone); others keep plain text for the files.
 */
export const formatFiat = (amount: Amount, currency: string, space = ' '): string =>
  `${formatDecimal(amount, fiatFractionDigits(currency))}${space}${isolated(currency)}`;

/** Two decimals (or more, if the amount has them): `81,119.92 USD`. */
export const formatUSD = (amount: Amount): string => formatFiat(amount, 'USD');

/** Every digit the amount has: `0.00000095 BTC`, `1,234.5 USDT`. */
export const formatCrypto = (amount: Amount, cryptocurrency: string): string =>
  `${formatDecimal(amount)} ${isolated(cryptocurrency)}`;

export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) throw new RangeError(`a count must be a whole number, got ${count}`);
  return GROUPED.format(count);
}

/** `1 paid invoice`, `1,234 paid invoices`. */
export const counted = (count: number, what: string): string =>
  `${formatCount(count)} ${count === 1 ? what : `${what}s`}`;

const signed = (formatted: string, sign: number): string => (sign > 0 ? `+${formatted}` : formatted);

export const formatCountChange = (change: number): string => signed(formatCount(change), Math.sign(change));

/** `+10.50 EUR`, `-3.50 EUR`, `0.00 EUR`. */
export const formatFiatChange = (change: Amount, currency: string): string =>
  signed(formatFiat(change, currency, '\u00a0'), new Big(change).cmp(0));

export const formatUSDChange = (change: Amount): string => formatFiatChange(change, 'USD');

/** `+12.5 %`, `-3.0 %`, `0.0 %`; `n/a` when there is nothing to compare with. */
export function formatPercentChange(percent: Amount | null): string {
  if (percent === null) return 'n/a';
  const rounded = new Big(percent).round(1, Big.roundHalfUp);
  return `${signed(formatDecimal(rounded, 1), rounded.cmp(0))} %`;
}

/** `formatShare(1, 3)` → `33.3 %`; `n/a` of nothing. */
export function formatShare(part: Amount | number, whole: Amount | number): string {
  const total = new Big(whole);
  if (total.eq(0)) return 'n/a';
  return `${formatDecimal(new OneDecimalBig(part).times(100).div(total), 1)} %`;
}

// date-fns formats a `TZDate` in its own zone; a zone is checked first (date-fns says "Invalid time value").

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function checkedDate(date: TZDate, what: string): TZDate {
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a valid ${what}`);
  return date;
}

/** `2026-10-01` → `1 Oct 2026`. */
export function formatDay(day: string): string {
  const parts = DAY.exec(day);
  if (!parts) throw new RangeError(`expected a day "YYYY-MM-DD", got "${day}"`);
  const date = new TZDate(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]), 'UTC');
  return format(checkedDate(date, 'day'), 'd MMM yyyy');
}

/** A `startDate`/`endDate` pair: `30 Sep 2026 – 2 Nov 2026`. */
export const formatDates = (range: { startDate: string; endDate: string }): string =>
  `${formatDay(range.startDate)} – ${formatDay(range.endDate)}`;

/** `2026-10` → `Oct`. */
export function formatMonthShort(month: string): string {
  const parts = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!parts) throw new RangeError(`expected a month "YYYY-MM", got "${month}"`);
  return format(checkedDate(new TZDate(Number(parts[1]), Number(parts[2]) - 1, 1, 'UTC'), 'month'), 'MMM');
}

/** `3 Nov 2026, 07:00 (Europe/Berlin)`. */
export function formatInstant(instant: string, timezone: string): string {
  const date = checkedDate(new TZDate(instant, parseTimeZone(timezone)), 'ISO 8601 instant');
  return `${format(date, 'd MMM yyyy, HH:mm')} (${timezone})`;
}

/** A service datetime (UTC) in the report's zone, named once in a heading: `1 Oct 2026, 14:00`. */
export const formatServiceDatetime = (datetime: string, timezone: string): string =>
  format(new TZDate(parseServiceDatetime(datetime), parseTimeZone(timezone)), 'd MMM yyyy, HH:mm');

/**
 * The days from `start` to before `end`: `1–23 Nov 2026`, `1 Oct – 31 Dec 2026`, `1 Dec 2025 – 2 Jan 2026`.
 * By hand: Intl's `formatRange` words it differently from one ICU version (and Lambda's) to the next.
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

/** `1–31 Oct 2026 (Europe/Berlin)`; not ended: `1–23 Nov 2026 so far, as of 23 Nov 2026, 14:35 (…)`. */
export function formatPeriod(period: Pick<ReportPeriod, 'start' | 'end' | 'timezone' | 'complete' | 'asOf'>) {
  if (period.complete)
    return `${formatDayRange(period.start, period.end, period.timezone)} (${period.timezone})`;
  return `${formatDayRange(period.start, period.asOf, period.timezone)} so far, as of ${formatInstant(period.asOf, period.timezone)}`;
}

/** `45 s`, `12 min`, `12 min 5 s`. */
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

/** An identifier's first 8 characters, enough to tell it apart at a glance. */
export const shortId = (id: string): string => id.slice(0, 8);

/** Made on first use: creating a segmenter loads ICU's break rules, about 10 ms of a cold start. */
let graphemes: Intl.Segmenter | undefined;

/** UTF-16 units read per character shown: more than the longest emoji sequences (19). */
const UNITS_READ_PER_CHARACTER = 32;

/** At most `max` characters as people count them, `…` when cut; a prefix is segmented (superlinear). */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const prefix = text.slice(0, max * UNITS_READ_PER_CHARACTER);
  const whole = prefix.length === text.length;
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

const FSI = '\u2068';
const PDI = '\u2069';
const LRI = '\u2066';
const RLI = '\u2067';

const PRINTABLE_ASCII = /^[\x20-\x7e\u2026]*$/;

/**
 * Outside text (a name, a code) between FSI and PDI unless printable ASCII (kept plain for mail filters), so
 * nothing in it (U+202E) reorders the line around it: a stray PDI is dropped, an isolate left open closed.
 */
export function isolated(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let open = 0;
  let kept = '';
  let from = 0;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === FSI || char === LRI || char === RLI) open += 1;
    else if (char === PDI) {
      if (open > 0) open -= 1;
      else {
        kept += text.slice(from, index);
        from = index + 1;
      }
    }
  }
  kept += text.slice(from);
  return `${FSI}${kept}${PDI.repeat(open)}${PDI}`;
}

/** Names the merchant gave their projects (the service has none), by id in lower case. */
export type ProjectNames = Readonly<Record<string, string>>;

/** Whatever the case of the id; `undefined` for a project without a name. */
export function projectName(names: ProjectNames, projectId: string): string | undefined {
  const key = projectId.toLowerCase();
  return Object.hasOwn(names, key) ? names[key] : undefined;
}

/** `Web shop (3f2a9c1e)`, or `3f2a9c1e` without a name; `shown` writes the name (the subject shortens it). */
export function projectLabel(
  names: ProjectNames,
  projectId: string,
  shown: (name: string) => string = isolated,
): string {
  const name = projectName(names, projectId);
  return name === undefined ? shortId(projectId) : `${shown(name)} (${shortId(projectId)})`;
}
