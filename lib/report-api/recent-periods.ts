import { FIRST_YEAR, type Period, type PeriodKind, periodAt, periodName, previousPeriod } from '../period';

/** How many of each kind of period, the current one included, the form offers. */
const OFFERED: Record<PeriodKind, number> = { month: 12, quarter: 4, year: 2 };

/**
 * Periods worth offering in the form of the list of reports: the last twelve months, four quarters and
 * two years in the account's time zone (the current ones, reported so far, first), without those in
 * `built`. Any other period can still be typed in.
 * @example recentPeriods('UTC', new Date('2026-11-23T12:00:00Z'), new Set(['2026-10']))
 * // 2026-11, 2026-09, …, 2025-12, then 2026-Q4 … 2026-Q1, then 2026, 2025
 */
export function recentPeriods(timezone: string, now: Date, built: ReadonlySet<string>): Period[] {
  const offered: Period[] = [];
  for (const kind of Object.keys(OFFERED) as PeriodKind[]) {
    let period: Period = periodAt(kind, timezone, now);
    for (let count = 0; count < OFFERED[kind] && period.year >= FIRST_YEAR; count += 1) {
      if (!built.has(period.id)) offered.push(period);
      period = previousPeriod(period);
    }
  }
  return offered;
}

/** A period offered in the form: its id and its name. */
export function offeredPeriod(period: Period): { id: string; name: string } {
  return { id: period.id, name: periodName(period) };
}
