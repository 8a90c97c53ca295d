import { millisecondsInDay } from 'date-fns/constants';

/** `YYYY-MM-DD` of an epoch-milliseconds instant in UTC. */
export function utcDayKey(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** The UTC day `days` days after (or before, when negative) a `YYYY-MM-DD` day. */
export function shiftUtcDay(day: string, days: number): string {
  return utcDayKey(Date.parse(`${day}T00:00:00Z`) + days * millisecondsInDay);
}
