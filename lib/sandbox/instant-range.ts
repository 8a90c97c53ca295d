import { serviceDatetimeFromEpochSeconds } from '../period';

/** Instants from `from` (included) to `to` (excluded), in epoch seconds; a missing bound is open. */
export interface InstantRange {
  from?: number;
  to?: number;
}

/**
 * A range as the `Y-m-d H:i:s` (UTC) texts of its first and last second, both included. Service
 * datetimes compare in time order as text, so a record's test is two string comparisons.
 */
export interface DatetimeBounds {
  first?: string;
  last?: string;
}

/** 0000-01-01 00:00:00 and 10000-01-01 00:00:00 UTC: service datetimes have four-digit years. */
const FIRST_DATETIME = -62_167_219_200;
const AFTER_LAST_DATETIME = 253_402_300_800;

/** The bounds of a range; a bound beyond what a four-digit year can write is left open. */
export function datetimeBounds(range: InstantRange): DatetimeBounds {
  return {
    first:
      range.from === undefined || range.from < FIRST_DATETIME
        ? undefined
        : serviceDatetimeFromEpochSeconds(range.from),
    last:
      range.to === undefined || range.to > AFTER_LAST_DATETIME
        ? undefined
        : serviceDatetimeFromEpochSeconds(range.to - 1),
  };
}

/** Whether a `Y-m-d H:i:s` datetime lies within the bounds. */
export function inBounds(datetime: string, bounds: DatetimeBounds): boolean {
  return (
    (bounds.first === undefined || datetime >= bounds.first) &&
    (bounds.last === undefined || datetime <= bounds.last)
  );
}

/** Whether the whole span `[start, end)` lies in the range. */
export function rangeCovers(range: InstantRange, start: number, end: number): boolean {
  return (range.from === undefined || range.from <= start) && (range.to === undefined || end <= range.to);
}
