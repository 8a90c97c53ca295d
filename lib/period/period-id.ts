import { TZDate } from '@date-fns/tz';
import { millisecondsInDay } from 'date-fns/constants';
import { format } from 'date-fns/format';

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
function readPeriodId(text: string): Period | undefined {
  const match = PERIOD_ID.exec(text);
  if (!match) return undefined;
  const kind = match[3] === undefined ? 'year' : match[2] ? 'quarter' : 'month';
  const period = periodOf(kind, Number(match[1]), Number(match[3] ?? 1));
  // Only a period's own id: not `2026-1`, nor `2026-13` or `2026-Q5`, which roll into another.
  return period.id === text ? period : undefined;
}

const inYearRange = (period: Period): boolean => period.year >= FIRST_YEAR && period.year <= LAST_YEAR;

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
export function isMonthId(text: unknown): text is string {
  return typeof text === 'string' && readPeriodId(text)?.kind === 'month';
}

/** Whether `text` is shaped as a period id (`YYYY-MM`, `YYYY-Qn` or `YYYY`), of any four-digit year. */
export function isPeriodShaped(text: unknown): text is string {
  return typeof text === 'string' && readPeriodId(text) !== undefined;
}

/** Whether `text` is a period id that `parsePeriod` accepts. */
export function isPeriodId(text: unknown): text is string {
  const period = typeof text === 'string' ? readPeriodId(text) : undefined;
  return period !== undefined && inYearRange(period);
}

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
