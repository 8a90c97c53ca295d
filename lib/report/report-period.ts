import { type Period, parsePeriod, periodProgress, type Span } from '../period';
import type { ReportPeriod } from './model';

/** An instant in epoch milliseconds as the summary writes it: ISO 8601 in UTC. */
export const isoInstant = (epochMs: number): string => new Date(epochMs).toISOString();

/**
 * The period a report covers, as its summary records it: `[first instant, the next period's first
 * instant)` in the time zone, and how far it had run at `now` (a period not ended is reported so far,
 * up to `now`).
 * @throws ReportRequestError for a malformed period or an unknown time zone.
 * @example reportPeriod('2026-10', 'Europe/Berlin', new Date('2026-11-01T06:00:00Z'))
 * // { kind: 'month', id: '2026-10', month: '2026-10', timezone: 'Europe/Berlin',
 * //   start: '2026-09-30T22:00:00.000Z', end: '2026-10-31T23:00:00.000Z',
 * //   complete: true, asOf: '2026-10-31T23:00:00.000Z' }
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

/**
 * The instants a report's figures cover, as epoch milliseconds: `[start, asOf)`, the whole period once
 * it is complete.
 */
export function reportPeriodSpan(period: ReportPeriod): Span {
  return { start: Date.parse(period.start), end: Date.parse(period.asOf) };
}

/** The previous period of the same kind, and the span of it a report is compared with. */
export interface ComparedSpan extends Span {
  period: Period;
  /** Whether the span is the whole previous period (the report's period is complete). */
  whole: boolean;
}

/**
 * What a report's figures are compared with: the whole previous period of the same kind once the
 * report's period is complete, otherwise the same elapsed span of it (see `periodProgress`).
 * @example comparedSpan(reportPeriod('2026-11', 'UTC', new Date('2026-11-23T12:00:00Z')))
 * // { period: 2026-10, start: 1 Oct 00:00, end: 23 Oct 12:00 (UTC), whole: false }
 */
export function comparedSpan(period: ReportPeriod): ComparedSpan {
  const { previous } = periodProgress(parsePeriod(period.id), period.timezone, new Date(period.asOf));
  return { ...previous, whole: period.complete };
}
