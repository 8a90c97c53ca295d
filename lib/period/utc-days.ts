import { millisecondsInDay } from 'date-fns/constants';
import type { Span } from './bounds';

/** `YYYY-MM-DD` of an epoch-milliseconds instant in UTC. */
export function utcDayKey(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The UTC day `days` days after (or before, when negative) a `YYYY-MM-DD` day. */
export function shiftUtcDay(day: string, days: number): string {
  return utcDayKey(Date.parse(`${day}T00:00:00Z`) + days * millisecondsInDay);
}

/**
 * The UTC calendar days (`YYYY-MM-DD`, in order) that a span's instants touch: for a month in UTC exactly
 * its days; for other zones one more (Europe/Berlin's March runs from 28 February 23:00 UTC).
 */
export function utcDaysOfSpan({ start, end }: Span): string[] {
  const days: string[] = [];
  const last = utcDayKey(end - 1);
  for (let day = utcDayKey(start); day <= last; day = shiftUtcDay(day, 1)) days.push(day);
  return days;
}
