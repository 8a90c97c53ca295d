import { type Period, parsePeriod, periodProgress, type Span } from '../period';
import type { ReportPeriod } from './model';

export const isoInstant = (epochMs: number): string => new Date(epochMs).toISOString();

/**
 * `[first instant, the next period's first instant)` in the zone, and how far it had run at `now`.
 * @throws ReportRequestError for a malformed period or an unknown time zone.
 */
export function reportPeriod(id: string, timezone: string, now: Date): ReportPeriod {
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
export function reportPeriodSpan(period: ReportPeriod): Span {
  return { start: Date.parse(period.start), end: Date.parse(period.asOf) };
}

export interface ComparedSpan extends Span {
  period: Period;
  whole: boolean;
}

/** The whole previous period once the report's is complete, else the same elapsed span of it. */
export function comparedSpan(period: ReportPeriod): ComparedSpan {
  const { previous } = periodProgress(parsePeriod(period.id), period.timezone, new Date(period.asOf));
  return { ...previous, whole: period.complete };
}
