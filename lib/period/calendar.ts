import {
  type MonthPeriod,
  monthPeriod,
  type Period,
  type PeriodKind,
  type PeriodOfKind,
  quarterPeriod,
  yearPeriod,
} from './period-id';

/** How many months a period of each kind has. */
const MONTH_COUNT = { month: 1, quarter: 3, year: 12 } as const;

/** The first month of a period: `2026-Q3` → `2026-07`. */
export function firstMonthOf(period: Period): MonthPeriod {
  switch (period.kind) {
    case 'month':
      return period;
    case 'quarter':
      return monthPeriod(period.year, period.quarter * 3 - 2);
    case 'year':
      return monthPeriod(period.year, 1);
  }
}

/** The period of a kind that a month belongs to: `2026-11` is in `2026-Q4` and in `2026`. */
export function periodOfMonth<K extends PeriodKind>(month: MonthPeriod, kind: K): PeriodOfKind<K> {
  const periods = {
    month: () => month,
    quarter: () => quarterPeriod(month.year, Math.ceil(month.month / 3)),
    year: () => yearPeriod(month.year),
  };
  return periods[kind]() as PeriodOfKind<K>;
}

/** The months of a period, in order: one for a month, three for a quarter, twelve for a year. */
export function monthsOfPeriod(period: Period): MonthPeriod[] {
  const first = firstMonthOf(period);
  return Array.from({ length: MONTH_COUNT[period.kind] }, (_, index) =>
    monthPeriod(first.year, first.month + index),
  );
}

/** The period of the same kind `steps` periods later (earlier when negative). */
function shiftPeriod<P extends Period>(period: P, steps: number): P {
  switch (period.kind) {
    case 'month':
      return monthPeriod(period.year, period.month + steps) as P;
    case 'quarter':
      return quarterPeriod(period.year, period.quarter + steps) as P;
    case 'year':
      return yearPeriod(period.year + steps) as P;
  }
}

/** The period of the same kind before: `2026-01` → `2025-12`, `2026-Q1` → `2025-Q4`, `2026` → `2025`. */
export function previousPeriod<P extends Period>(period: P): P {
  return shiftPeriod(period, -1);
}

/** The period of the same kind after: `2026-12` → `2027-01`, `2026-Q4` → `2027-Q1`, `2026` → `2027`. */
export function nextPeriod<P extends Period>(period: P): P {
  return shiftPeriod(period, 1);
}
