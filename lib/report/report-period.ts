import { millisecondsInDay, millisecondsInHour } from 'date-fns/constants';
import { parsePeriod, periodProgress, type Span, utcDayKey } from '../period';
import type { ReportPeriod } from './model';

export const isoInstant = (epochMs: number): string => new Date(epochMs).toISOString();

/**
 * `[start, end)` in the zone; `asOf`, the instant the figures run to, is `end` once complete, else `now`.
 * @throws ReportRequestError for a malformed period or an unknown time zone.
 */
export function reportPeriod(id: string, timezone: string, now: Date) {
  const period = parsePeriod(id);
  const progress = periodProgress(period, timezone, now);
  return {
    kind: period.kind,
    id: period.id,
    ...(period.kind === 'month' ? { month: period.id } : {}),
    timezone,
    start: isoInstant(progress.start),
    end: isoInstant(progress.end),
    complete: progress.complete,
    asOf: isoInstant(progress.asOf),
  };
}

/** `[start, asOf)` in epoch milliseconds. */
export const reportPeriodSpan = (period: ReportPeriod): Span => ({
  start: Date.parse(period.start),
  end: Date.parse(period.asOf),
});

// Zones run from UTC−12 to UTC+14: a day `D` of any zone begins between `D 00:00 UTC − 14 h` and
// `D 00:00 UTC + 12 h`.
export const LATEST_DAY_START_MS = 12 * millisecondsInHour;
export const EARLIEST_DAY_START_MS = -14 * millisecondsInHour;

/**
 * Dates whose range holds all of `span` however the service reads them (any zone, either bound inclusive or
 * not): October 2026 in UTC → `2026-09-30` to `2026-11-02`.
 */
export function coveringDates(span: Span) {
  const endDateMidnight = span.end - EARLIEST_DAY_START_MS;
  return {
    startDate: utcDayKey(span.start - LATEST_DAY_START_MS - 1),
    // The first UTC midnight at or after `endDateMidnight`.
    endDate: utcDayKey(endDateMidnight + millisecondsInDay - 1),
  };
}

/**
 * What to ask the service for, each range holding its span under any reading; records are then placed by
 * their own time. The statistics and the invoice list share `window`: the reconciliation compares them.
 */
export function fetchRanges(period: ReportPeriod) {
  const covering = coveringDates(reportPeriodSpan(period));
  // The whole previous period once the report's is complete, else the same elapsed span of it.
  const progress = periodProgress(parsePeriod(period.id), period.timezone, new Date(period.asOf));
  const previous = { ...progress.previous, whole: period.complete };
  return { window: covering, payments: covering, previous, previousInvoices: coveringDates(previous) };
}

export type ComparedSpan = FetchRanges['previous'];
export type DateRange = ReturnType<typeof coveringDates>;
export type FetchRanges = ReturnType<typeof fetchRanges>;
