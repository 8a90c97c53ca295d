import { TZDate, tzOffset } from '@date-fns/tz';
import { format, getDaysInMonth } from 'date-fns';
import { millisecondsInDay, millisecondsInHour, millisecondsInMinute } from 'date-fns/constants';
import { knownZone } from './time-zone';

/**
 * A report request that cannot be met as asked (a malformed period, an unknown time zone, a period not
 * begun...): the API answers 400, the CLI exits 2; its message never holds a secret.
 */
export class ReportRequestError extends Error {
  override readonly name = 'ReportRequestError';
}

/** A calendar month: `2026-10`, `month` 1..12. */
export type MonthPeriod = { kind: 'month'; id: string; year: number; month: number };
/** A quarter of a calendar year: `2026-Q3` is July to September, `quarter` 1..4. */
export type QuarterPeriod = { kind: 'quarter'; id: string; year: number; quarter: number };
export type YearPeriod = { kind: 'year'; id: string; year: number };
/** A month, a quarter or a year. Its instants depend on a time zone (see `periodBounds`). */
export type Period = MonthPeriod | QuarterPeriod | YearPeriod;
export type PeriodKind = Period['kind'];
/** The period type of a kind: `PeriodOfKind<'quarter'>` is `QuarterPeriod`. */
export type PeriodOfKind<K extends PeriodKind> = Extract<Period, { kind: K }>;

/** The years `parsePeriod` accepts. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 9999;

/** A whole number written with at least `digits` digits: `pad(7, 2)` is `07`. */
export const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

type Naming = (year: number, n: number) => string;

/** Each kind: the months it spans, its id (year, then its number in the year) and its name. */
const KINDS: Record<PeriodKind, { months: number; id: Naming; name: Naming }> = {
  month: {
    months: 1,
    id: (year, n) => `${pad(year, 4)}-${pad(n, 2)}`,
    // Months read in UTC.
    name: (year, n) => `${format(new TZDate(2000, n - 1, 1, 'UTC'), 'MMMM')} ${year}`,
  },
  quarter: { months: 3, id: (year, n) => `${pad(year, 4)}-Q${n}`, name: (year, n) => `Q${n} ${year}` },
  year: { months: 12, id: (year) => pad(year, 4), name: (year) => String(year) },
};

/** A period's number in its year: its month, its quarter, 1 for a year. */
const numberOf = (period: Period): number =>
  period.kind === 'month' ? period.month : period.kind === 'quarter' ? period.quarter : 1;

/** The period of a kind numbered `n` in `year` (1-based; 0 or past the last roll into the next year). */
function periodOf<K extends PeriodKind>(kind: K, year: number, n: number): PeriodOfKind<K> {
  const perYear = 12 / KINDS[kind].months;
  const y = year + Math.floor((n - 1) / perYear);
  const number = ((((n - 1) % perYear) + perYear) % perYear) + 1;
  const id = KINDS[kind].id(y, number);
  const numbered = kind === 'year' ? {} : { [kind]: number };
  return { kind, id, year: y, ...numbered } as PeriodOfKind<K>;
}

export const monthPeriod = (year: number, month: number): MonthPeriod => periodOf('month', year, month);

/** Every kind's shape: a year, then a month or `Q` and a quarter. */
const PERIOD_ID = /^(\d{4})(?:-(Q?)(\d{1,2}))?$/;

/** Reads a period id by its shape alone (any four-digit year); `undefined` for anything else. */
function readPeriodId(text: unknown): Period | undefined {
  const match = typeof text === 'string' ? PERIOD_ID.exec(text) : null;
  if (!match) return undefined;
  const kind = match[3] === undefined ? 'year' : match[2] ? 'quarter' : 'month';
  const period = periodOf(kind, Number(match[1]), Number(match[3] ?? 1));
  // Only a period's own id: not `2026-1`, nor `2026-13` or `2026-Q5`, which roll into another.
  return period.id === text ? period : undefined;
}

const inYearRange = (period: Period | undefined): boolean =>
  period !== undefined && period.year >= FIRST_YEAR && period.year <= LAST_YEAR;

/** Reads a period id of any year (January 2000 is compared with December 1999). @throws ReportRequestError */
export function parseAnyYearPeriod(text: string): Period {
  const period = readPeriodId(text);
  if (period === undefined) {
    throw new ReportRequestError(
      `invalid period ${JSON.stringify(text)}: expected a month YYYY-MM, a quarter YYYY-Qn or a year YYYY`,
    );
  }
  return period;
}

/** Reads a period id: `YYYY-MM`, `YYYY-Qn` or `YYYY`, from 2000 to 9999. @throws ReportRequestError */
export function parsePeriod(text: string): Period {
  const period = parseAnyYearPeriod(text);
  if (!inYearRange(period)) throw new ReportRequestError(outOfRangeReason(period.id));
  return period;
}

/** Why a period of the right shape is refused, in the words every refusal of one uses. */
export function outOfRangeReason(id: string): string {
  return `period ${id} is out of range: reports cover the years ${FIRST_YEAR} to ${LAST_YEAR}`;
}

/** Reads a month `YYYY-MM` of any year. @throws ReportRequestError for anything else (`2026-1`) */
export function parseMonth(text: string): MonthPeriod {
  const period = readPeriodId(text);
  if (period?.kind !== 'month') {
    throw new ReportRequestError(
      `invalid month ${JSON.stringify(text)}: expected YYYY-MM with a month 01 to 12`,
    );
  }
  return period;
}

/** Whether `text` is a month id `YYYY-MM` (any four-digit year): the shape `parseMonth` accepts. */
export const isMonthId = (text: unknown): text is string => readPeriodId(text)?.kind === 'month';

/** Whether `text` is shaped as a period id (`YYYY-MM`, `YYYY-Qn` or `YYYY`), of any four-digit year. */
export const isPeriodShaped = (text: unknown): text is string => readPeriodId(text) !== undefined;

/** Whether `text` is a period id that `parsePeriod` accepts. */
export const isPeriodId = (text: unknown): text is string => inYearRange(readPeriodId(text));

/** The first month of a period: `2026-Q3` → `2026-07`. */
export const firstMonthOf = (period: Period): MonthPeriod =>
  monthPeriod(period.year, (numberOf(period) - 1) * KINDS[period.kind].months + 1);

/** The period of a kind that a month belongs to: `2026-11` is in `2026-Q4` and in `2026`. */
export const periodOfMonth = <K extends PeriodKind>(month: MonthPeriod, kind: K): PeriodOfKind<K> =>
  periodOf(kind, month.year, Math.ceil(month.month / KINDS[kind].months));

/** The months of a period, in order: one for a month, three for a quarter, twelve for a year. */
export function monthsOfPeriod(period: Period): MonthPeriod[] {
  const first = firstMonthOf(period);
  return Array.from({ length: KINDS[period.kind].months }, (_, index) =>
    monthPeriod(first.year, first.month + index),
  );
}

/** The period of the same kind before: `2026-01` → `2025-12`, `2026-Q1` → `2025-Q4`. */
export const previousPeriod = <P extends Period>(period: P): P =>
  periodOf(period.kind, period.year, numberOf(period) - 1) as P;

export const nextPeriod = <P extends Period>(period: P): P =>
  periodOf(period.kind, period.year, numberOf(period) + 1) as P;

/** A period as people name it: `October 2026`, `Q3 2026`, `2026`. */
export const periodName = (period: Period): string => KINDS[period.kind].name(period.year, numberOf(period));

/** A month id as people name it: `2026-10` → `October 2026`. @throws ReportRequestError */
export const monthName = (month: string): string => periodName(parseMonth(month));

/** `YYYY-MM-DD` of an epoch-milliseconds instant in UTC. */
export const utcDayKey = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

/** The UTC day `days` days after (or before, when negative) a `YYYY-MM-DD` day. */
export const shiftUtcDay = (day: string, days: number): string =>
  utcDayKey(Date.parse(`${day}T00:00:00Z`) + days * millisecondsInDay);

/**
 * Checks an IANA time zone name, in any case, and returns it as given; so does every function below that
 * takes a `timeZone`. @throws ReportRequestError for a name the runtime does not know or an offset (`+01:00`)
 */
export function parseTimeZone(name: string): string {
  if (knownZone(name) !== undefined) return name;
  throw new ReportRequestError(
    `unknown time zone ${JSON.stringify(name)}: expected an IANA name such as UTC or Europe/Berlin`,
  );
}

/** A stretch of time `[start, end)` in epoch milliseconds. */
export type Span = { start: number; end: number };

/** How far clocks went back to midnight, longest first: Antarctica/Casey's 3 h in 2019 is the most ever. */
const BACK_OVER_MIDNIGHT_MS = [3, 2, 1, 0.5].map((hours) => hours * millisecondsInHour);

/** `YYYY-MM-DD` of an instant in a time zone (getters, not `format`: called for every day of a year). */
export function zonedDayKey(epochMs: number, timeZone: string): string {
  const date = new TZDate(epochMs, parseTimeZone(timeZone));
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/**
 * The first instant of a day in a (checked) time zone (`month` 1-based; past the end rolls over). A day
 * whose midnight is skipped starts at its first instant; one whose midnight came twice (Asia/Amman in
 * October until 2022) at the first: `TZDate` reads a doubled wall time as its later occurrence.
 */
export function zonedDayStart(year: number, month: number, day: number, timeZone: string): number {
  const later = new TZDate(year, month - 1, day, timeZone).getTime();
  const today = zonedDayKey(later, timeZone);
  // Only where the instant before is already today: back to midnight, not (St. John's in 2009, back at
  // 00:01 to 23:01) to the evening before.
  if (zonedDayKey(later - 1, timeZone) !== today) return later;
  for (const back of BACK_OVER_MIDNIGHT_MS) {
    const earlier = later - back;
    if (zonedDayKey(earlier, timeZone) === today && zonedDayKey(earlier - 1, timeZone) !== today) {
      return earlier;
    }
  }
  return later;
}

/** A period's instants in a time zone: `[its first day 00:00, the next period's first day 00:00)`. */
export function periodBounds(period: Period, timeZone: string): Span {
  const zone = parseTimeZone(timeZone);
  const startOf = (first: MonthPeriod) => zonedDayStart(first.year, first.month, 1, zone);
  return { start: startOf(firstMonthOf(period)), end: startOf(firstMonthOf(nextPeriod(period))) };
}

/** Every day of a period in a time zone (`YYYY-MM-DD`), in order, with the instant each starts. */
export function zonedDaysOfPeriod(period: Period, timeZone: string): { date: string; start: number }[] {
  const zone = parseTimeZone(timeZone);
  // Each day from its date: stepping with addDays would carry a skipped midnight's 01:00 onwards.
  return monthsOfPeriod(period).flatMap(({ year, month }) =>
    Array.from({ length: getDaysInMonth(new Date(year, month - 1)) }, (_, index) => ({
      date: `${pad(year, 4)}-${pad(month, 2)}-${pad(index + 1, 2)}`,
      start: zonedDayStart(year, month, index + 1, zone),
    })),
  );
}

/**
 * The day of a period an instant falls in, by binary search over the days' starts (Intl would cost a
 * second per 100,000 records); `undefined` outside the period or from `until` (a period not yet ended).
 */
export function createDayLocator(
  period: Period,
  timeZone: string,
  until?: number,
): (epochMs: number) => string | undefined {
  const { end: periodEnd } = periodBounds(period, timeZone);
  const end = until === undefined ? periodEnd : Math.min(until, periodEnd);
  const days = zonedDaysOfPeriod(period, timeZone).filter((day) => day.start < end);
  return (epochMs) => {
    if (days.length === 0 || epochMs < days[0]!.start || epochMs >= end) return undefined;
    let low = 0;
    let high = days.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (days[middle]!.start <= epochMs) low = middle;
      else high = middle - 1;
    }
    return days[low]!.date;
  };
}

export function periodAt<K extends PeriodKind>(kind: K, timeZone: string, at: Date): PeriodOfKind<K> {
  const local = new TZDate(at.getTime(), parseTimeZone(timeZone));
  return periodOfMonth(monthPeriod(local.getFullYear(), local.getMonth() + 1), kind);
}

/** The period a report defaults to: the one of `kind` before the one `at` falls in, in the time zone. */
export function defaultPeriod<K extends PeriodKind = 'month'>(
  timeZone: string,
  at: Date,
  kind: K = 'month' as K,
): PeriodOfKind<K> {
  return previousPeriod(periodAt(kind, timeZone, at));
}

/** Whether a period has begun at `at`: a report of the current one covers its days so far. */
export function hasBegun(period: Period, timeZone: string, at: Date): boolean {
  return at.getTime() >= periodBounds(period, timeZone).start;
}

/** Why a period not begun is refused, in the words of every refusal (command, API, scheduled run). */
export function notBegunReason(id: string, timeZone: string): string {
  return `${id} has not begun yet in ${timeZone}: no report for it yet`;
}

/**
 * How much of a period has passed at `at`, for a report "so far" and its comparison. `complete` once `at`
 * reaches `end`; `asOf` is what its figures run to (`end`, else `at`, `start` before it began); `previous`
 * is the previous period cut to the same elapsed span: as many whole days of the zone's calendar from its
 * start, then up to the same time of the clock (so a daylight saving change moves nothing), never past its
 * end (the whole of it once the period is complete).
 */
export function periodProgress(
  period: Period,
  timeZone: string,
  at: Date,
): Span & { complete: boolean; asOf: number; previous: Span & { period: Period } } {
  const { start, end } = periodBounds(period, timeZone);
  const previousOne = previousPeriod(period);
  const previous = { period: previousOne, ...periodBounds(previousOne, timeZone) };
  const asOf = Math.min(Math.max(at.getTime(), start), end);
  if (asOf === end) return { start, end, complete: true, asOf, previous };
  // Whole days counted on UTC dates, which have no daylight saving changes.
  const local = new TZDate(asOf, timeZone);
  const first = firstMonthOf(period);
  const days =
    (Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) -
      Date.UTC(first.year, first.month - 1, 1)) /
    millisecondsInDay;
  const clock = [local.getHours(), local.getMinutes(), local.getSeconds(), local.getMilliseconds()] as const;
  const before = firstMonthOf(previousOne);
  const dayStart = zonedDayStart(before.year, before.month, 1 + days, timeZone);
  // The same time of the clock that day (a time the clock skipped there reads as an hour later).
  const sameElapsed = clock.every((part) => part === 0)
    ? dayStart
    : Math.max(dayStart, firstAtClock(before.year, before.month, 1 + days, clock, timeZone));
  return {
    start,
    end,
    complete: false,
    asOf,
    previous: { ...previous, end: Math.min(sameElapsed, previous.end) },
  };
}

/**
 * The instant a zone's clock shows a time of a day (`month` 1-based). A time shown twice (the clocks going
 * back) is its first occurrence, as far into the day as on another day: `TZDate` reads the later one.
 */
function firstAtClock(
  year: number,
  month: number,
  day: number,
  clock: readonly [number, number, number, number],
  timeZone: string,
): number {
  const later = new TZDate(year, month - 1, day, ...clock, timeZone).getTime();
  // The same wall time at the offset the zone had a little earlier, if the clock showed it then too.
  const wall = Date.UTC(year, month - 1, day, ...clock);
  const offsetBefore = tzOffset(timeZone, new Date(later - BACK_OVER_MIDNIGHT_MS[0]!)) * millisecondsInMinute;
  const earlier = wall - offsetBefore;
  const shownThen = tzOffset(timeZone, new Date(earlier)) * millisecondsInMinute === offsetBefore;
  return earlier < later && shownThen ? earlier : later;
}

/**
 * The period to report: the one asked for, or else the period of `kind` before the one `now` falls in,
 * in the account's time zone (the current period is reported so far).
 * @example resolveReportPeriod(acme, undefined, new Date('2027-01-01T05:00:00Z'), 'year') // '2026'
 * @throws ReportRequestError for a malformed period, one outside 2000 to 9999, or one not begun
 */
export function resolveReportPeriod(
  account: { timezone: string },
  period: string | undefined,
  now: Date,
  kind: PeriodKind = 'month',
): string {
  if (period === undefined) return defaultPeriod(account.timezone, now, kind).id;
  const parsed = parsePeriod(period);
  if (!hasBegun(parsed, account.timezone, now)) {
    throw new ReportRequestError(notBegunReason(parsed.id, account.timezone));
  }
  return parsed.id;
}
