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

/** What a report covers: a calendar month, a quarter or a year. */
export type PeriodKind = 'month' | 'quarter' | 'year';

/** A calendar month: `2026-10`, `month` 1..12. */
export interface MonthPeriod {
  kind: 'month';
  id: string;
  year: number;
  month: number;
}

/** A quarter of a calendar year: `2026-Q3` is July to September, `quarter` 1..4. */
export interface QuarterPeriod {
  kind: 'quarter';
  id: string;
  year: number;
  quarter: number;
}

/** A calendar year: `2026`. */
export interface YearPeriod {
  kind: 'year';
  id: string;
  year: number;
}

/** A month, a quarter or a year. Its instants depend on a time zone (see `periodBounds`). */
export type Period = MonthPeriod | QuarterPeriod | YearPeriod;

/** The period type of a kind: `PeriodOfKind<'quarter'>` is `QuarterPeriod`. */
export type PeriodOfKind<K extends PeriodKind> = Extract<Period, { kind: K }>;

/** The years `parsePeriod` accepts. */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 9999;

const MONTH_ID = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER_ID = /^(\d{4})-Q([1-4])$/;
const YEAR_ID = /^(\d{4})$/;

/** A whole number written with at least `digits` digits: `pad(7, 2)` is `07`. */
export const pad = (value: number, digits: number) => String(value).padStart(digits, '0');

/** The month `month` (1-based; 0 or 13 roll into the year before or after) of `year`. */
export function monthPeriod(year: number, month: number): MonthPeriod {
  const y = year + Math.floor((month - 1) / 12);
  const m = ((((month - 1) % 12) + 12) % 12) + 1;
  return { kind: 'month', id: `${pad(y, 4)}-${pad(m, 2)}`, year: y, month: m };
}

/** The quarter `quarter` (1-based; 0 or 5 roll into the year before or after) of `year`. */
export function quarterPeriod(year: number, quarter: number): QuarterPeriod {
  const y = year + Math.floor((quarter - 1) / 4);
  const q = ((((quarter - 1) % 4) + 4) % 4) + 1;
  return { kind: 'quarter', id: `${pad(y, 4)}-Q${q}`, year: y, quarter: q };
}

export function yearPeriod(year: number): YearPeriod {
  return { kind: 'year', id: pad(year, 4), year };
}

/** Reads a period id by its shape alone (any four-digit year); `undefined` for anything else. */
function readPeriodId(text: string): Period | undefined {
  let match = MONTH_ID.exec(text);
  if (match) return monthPeriod(Number(match[1]), Number(match[2]));
  match = QUARTER_ID.exec(text);
  if (match) return quarterPeriod(Number(match[1]), Number(match[2]));
  match = YEAR_ID.exec(text);
  if (match) return yearPeriod(Number(match[1]));
  return undefined;
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
  return typeof text === 'string' && MONTH_ID.test(text);
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
export function firstMonthOf(period: Period): MonthPeriod {
  if (period.kind === 'month') return period;
  return monthPeriod(period.year, period.kind === 'quarter' ? period.quarter * 3 - 2 : 1);
}

/** The period of a kind that a month belongs to: `2026-11` is in `2026-Q4` and in `2026`. */
export function periodOfMonth<K extends PeriodKind>(month: MonthPeriod, kind: K): PeriodOfKind<K> {
  if (kind === 'month') return month as PeriodOfKind<K>;
  const period =
    kind === 'quarter' ? quarterPeriod(month.year, Math.ceil(month.month / 3)) : yearPeriod(month.year);
  return period as PeriodOfKind<K>;
}

/** The months of a period, in order: one for a month, three for a quarter, twelve for a year. */
export function monthsOfPeriod(period: Period): MonthPeriod[] {
  const first = firstMonthOf(period);
  const count = { month: 1, quarter: 3, year: 12 }[period.kind];
  return Array.from({ length: count }, (_, index) => monthPeriod(first.year, first.month + index));
}

/** The period of the same kind `steps` periods later (earlier when negative). */
function shiftPeriod<P extends Period>(period: P, steps: number): P {
  if (period.kind === 'month') return monthPeriod(period.year, period.month + steps) as P;
  if (period.kind === 'quarter') return quarterPeriod(period.year, period.quarter + steps) as P;
  return yearPeriod(period.year + steps) as P;
}

/** The period of the same kind before: `2026-01` → `2025-12`, `2026-Q1` → `2025-Q4`. */
export const previousPeriod = <P extends Period>(period: P): P => shiftPeriod(period, -1);

/** The period of the same kind after. */
export const nextPeriod = <P extends Period>(period: P): P => shiftPeriod(period, 1);

/** A period as people name it: `October 2026`, `Q3 2026`, `2026` (months read in UTC). */
export function periodName(period: Period): string {
  if (period.kind === 'month')
    return `${format(new TZDate(2000, period.month - 1, 1, 'UTC'), 'MMMM')} ${period.year}`;
  return period.kind === 'quarter' ? `Q${period.quarter} ${period.year}` : String(period.year);
}

/** A month id as people name it: `2026-10` → `October 2026`. @throws ReportRequestError */
export const monthName = (month: string): string => periodName(parseMonth(month));

/** `YYYY-MM-DD` of an epoch-milliseconds instant in UTC. */
export const utcDayKey = (epochMs: number): string => new Date(epochMs).toISOString().slice(0, 10);

/** The UTC day `days` days after (or before, when negative) a `YYYY-MM-DD` day. */
export const shiftUtcDay = (day: string, days: number): string =>
  utcDayKey(Date.parse(`${day}T00:00:00Z`) + days * millisecondsInDay);
