import { ReportRequestError } from './report-request-error';

/** What a report covers: a calendar month, a quarter or a year. */
export type PeriodKind = 'month' | 'quarter' | 'year';

/** A calendar month: `2026-10`. */
export interface MonthPeriod {
  kind: 'month';
  /** `YYYY-MM`. */
  id: string;
  year: number;
  /** 1..12. */
  month: number;
}

/** A quarter of a calendar year: `2026-Q3` is July to September. */
export interface QuarterPeriod {
  kind: 'quarter';
  /** `YYYY-Qn`. */
  id: string;
  year: number;
  /** 1..4. */
  quarter: number;
}

/** A calendar year: `2026`. */
export interface YearPeriod {
  kind: 'year';
  /** `YYYY`. */
  id: string;
  year: number;
}

/** A month, a quarter or a year. Its instants depend on a time zone (see `periodBounds`). */
export type Period = MonthPeriod | QuarterPeriod | YearPeriod;

/** The period type of a kind: `PeriodOfKind<'quarter'>` is `QuarterPeriod`. */
export type PeriodOfKind<K extends PeriodKind> = Extract<Period, { kind: K }>;

/** The first and last year `parsePeriod` accepts. */
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

/** The calendar year `year`. */
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

function inYearRange(period: Period): boolean {
  return period.year >= FIRST_YEAR && period.year <= LAST_YEAR;
}

/**
 * Reads a period id of any four-digit year: the period a report of January 2000 is compared with,
 * December 1999, is named though it is not reported itself.
 * @throws ReportRequestError for any other text (`2026-13`, `2026-q3`, `26`)
 */
export function parseAnyYearPeriod(text: string): Period {
  const period = readPeriodId(text);
  if (period === undefined) {
    throw new ReportRequestError(
      `invalid period ${JSON.stringify(text)}: expected a month YYYY-MM, a quarter YYYY-Qn or a year YYYY`,
    );
  }
  return period;
}

/**
 * Reads a period id: a month `YYYY-MM`, a quarter `YYYY-Qn` or a year `YYYY`, from 2000 to 9999.
 * @example parsePeriod('2026-Q3') // { kind: 'quarter', id: '2026-Q3', year: 2026, quarter: 3 }
 * @throws ReportRequestError for any other text (`2026-13`, `2026-q3`, `26`) or a year outside 2000..9999
 */
export function parsePeriod(text: string): Period {
  const period = parseAnyYearPeriod(text);
  if (!inYearRange(period)) throw new ReportRequestError(outOfRangeReason(period.id));
  return period;
}

/**
 * Why a period of the right shape is refused, in the words every refusal of one uses (the report
 * command's, the report API's): `period 0099-12 is out of range: reports cover the years 2000 to 9999`.
 */
export function outOfRangeReason(id: string): string {
  return `period ${id} is out of range: reports cover the years ${FIRST_YEAR} to ${LAST_YEAR}`;
}

/**
 * Reads a month `YYYY-MM` (four-digit year, two-digit month 01..12), any year.
 * @throws ReportRequestError for anything else (`2026-13`, `2026-1`, `abcd`)
 */
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
  if (typeof text !== 'string') return false;
  const period = readPeriodId(text);
  return period !== undefined && inYearRange(period);
}
